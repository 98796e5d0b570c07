/** Every query of this feature starts with this key, so one invalidation refreshes the list and the status. */
export const apiKeysKey = ['api-keys'] as const;
