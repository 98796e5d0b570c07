/** Every query of this feature starts with this key, so one invalidation refreshes lists, campaigns and results. */
export const campaignsKey = ['campaigns'] as const;

/** What the campaign forms read from other areas (templates, profiles, people): refreshed on their own. */
export const campaignChoicesKey = ['campaign-choices'] as const;
