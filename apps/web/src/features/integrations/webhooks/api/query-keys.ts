/** Every query of this feature starts with this key, so one invalidation refreshes the list, the logs and the status. */
export const webhooksKey = ['webhooks'] as const;
