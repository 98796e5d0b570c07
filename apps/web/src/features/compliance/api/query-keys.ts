/** The compliance feature's query keys: every list and the settings hang under one root. */
export const complianceKey = ['compliance'] as const;
export const complianceOverviewKey = [...complianceKey, 'overview'] as const;
export const complianceSettingsKey = [...complianceKey, 'settings'] as const;
export const compliancePeopleKey = [...complianceKey, 'people'] as const;
export const complianceModulesKey = [...complianceKey, 'modules'] as const;
