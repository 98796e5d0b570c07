/** One organisation the switcher offers. */
export type CompanyChoice = { id: string; name: string };

export type CompanyChoices = {
  /** The operator's own organisation, to switch back to; null when the session does not say which it is. */
  home: CompanyChoice | null;
  /** The managed companies, in the list's order (by name). */
  clients: readonly CompanyChoice[];
  /** The organisation the session acts in now; '' when it is none of these. */
  currentId: string;
};

type BuildCompanyChoicesInput = {
  /** /api/mssp_company_list/: the clients of the operator's own organisation, even while inside one. */
  companies: readonly CompanyChoice[];
  /** The provider's tenants of this person: their own organisation and every client they may select. */
  userTenants: readonly { tenantId: string; tenantName: string }[];
  /** The session's current tenant (`dct`); '' before any selection, which means their own organisation. */
  currentTenantId: string;
};

/**
 * What the managed-service switcher offers. The list call names only the clients, so the operator's
 * own organisation is the tenant of theirs that is not a client; offering it lets them switch back.
 */
export const buildCompanyChoices = ({ companies, userTenants, currentTenantId }: BuildCompanyChoicesInput): CompanyChoices => {
  const clientIds = new Set(companies.map((company) => company.id));
  const ownTenant = userTenants.find((tenant) => !clientIds.has(tenant.tenantId));
  const home = ownTenant ? { id: ownTenant.tenantId, name: ownTenant.tenantName } : null;
  const clients = companies.map(({ id, name }) => ({ id, name }));
  const selected = currentTenantId || home?.id || '';
  const known = selected === home?.id || clientIds.has(selected);
  return { home, clients, currentId: known ? selected : '' };
};
