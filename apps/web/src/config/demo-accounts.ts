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
