/** Every query of this feature starts with this key, so one invalidation refreshes lists, campaigns and results. */
export const campaignsKey = ['campaigns'] as const;

/**
 * What the campaign forms read from other areas, under that area's own first key ('sending-profiles',
 * 'phishing-templates', 'landing-pages'): a profile added on the Sending
 * profiles tab invalidates that key, and so appears in the campaign form at once.
 */
export const campaignChoicesKey = (resource: 'sending-profiles' | 'phishing-templates' | 'landing-pages') => [resource, 'campaign-choices'] as const;
