/** Every admin policy query starts with this key, so one invalidation refreshes lists, counts and acknowledgements. */
export const policiesKey = ['policies'] as const;
