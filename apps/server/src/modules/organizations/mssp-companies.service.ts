import { type MsspCompany, type MsspCompanyDetail, isAdminRole } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { notFound } from '../../lib/app-error.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { presentOnboardingStatus } from './onboarding-status.presenter.ts';
import { type ClientOrganization, organizationsRepository } from './organizations.repository.ts';

const presentCompany = (client: ClientOrganization): MsspCompany => ({
  company_id: client.id,
  company_name: client.name,
  subordinate_email: client.primaryAdminEmail ?? '',
});

/** Only admins of a managed-service organisation see its clients; everyone else has none. */
const mayManageClients = (tenant: Tenant) => isAdminRole(tenant.role);

/** The client organisations of the caller's managed-service organisation, by name. */
export const listMsspCompanies = async (db: Db, tenant: Tenant): Promise<MsspCompany[]> => {
  if (!mayManageClients(tenant)) return [];
  return (await organizationsRepository(db, tenant).listClients()).map(presentCompany);
};

/**
 * One client organisation in full.
 * @throws AppError NOT_FOUND when it is not a client of the caller's organisation (whether or not it exists).
 */
export const getMsspCompany = async (db: Db, tenant: Tenant, id: string): Promise<MsspCompanyDetail> => {
  const organizations = organizationsRepository(db, tenant);
  const client = mayManageClients(tenant) ? await organizations.findClient(id) : undefined;
  if (!client) throw notFound('Company');
  const counts = await organizations.countClientMembers(id);
  return {
    ...presentCompany(client),
    domain: client.domain,
    picture_file_name: client.pictureFileName,
    has_paid_access: client.hasPaidAccess,
    onboarding_status: presentOnboardingStatus(client),
    is_bra_completed: client.isBraCompleted,
    people_count: counts.people,
    department_count: counts.departments,
  };
};
