/** Every query of this feature starts with this key, so one invalidation refreshes the list and its choices. */
export const programmesKey = ['phishing-programmes'] as const;
