/** Every query of the library starts with this key, so one invalidation refreshes lists, details and previews. */
export const phishingTemplatesKey = ['phishing-templates'] as const;
export const landingPagesKey = ['landing-pages'] as const;
