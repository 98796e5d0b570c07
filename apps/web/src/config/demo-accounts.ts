/**
 * The spec (§2) gives two demo accounts a different side navigation, keyed on the signed-in
 * account's email. It does not say which accounts; these are the ones our demo seed creates.
 * Emails are compared case-insensitively.
 */
export type DemoAccounts = {
  /** A demo admin whose Configure group has no Integrations entry. */
  withoutIntegrations: readonly string[];
  /**
   * A demo account without the standard metrics menu (the Company Metrics insights: Organization,
   * Departments, Users) and without 'My Metrics'. The managed-service operator of the demo: its own
   * organisation has no staff to measure; it looks at its client companies instead.
   */
  withoutStandardMetrics: readonly string[];
};

export const demoAccounts: DemoAccounts = {
  // Northwind Logistics' admin: shows the demo without the integration set-up screens.
  withoutIntegrations: ['marcus.bell@northwind-logistics.example'],
  withoutStandardMetrics: ['demo@vigil.example'],
};

/**
 * The spec (§2) shows a language picker on the learning page (/dashboard/trainings/learning/) to
 * "one demo-type account only", without naming it. It is the demo's managed-service operator: the
 * account a salesperson signs in with to show Vigil, switching the training language of a client
 * company's learning page while presenting. Emails are compared case-insensitively.
 */
export const learningLanguagePickerAccounts: readonly string[] = ['demo@vigil.example'];

/** Whether this email is one of the listed accounts (case-insensitively, ignoring spaces around it). */
export const isListedAccount = (list: readonly string[], email: string) =>
  list.some((entry) => entry.toLowerCase() === email.trim().toLowerCase());
