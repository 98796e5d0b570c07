import type { PersonalUserData } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { AppError } from '../../lib/app-error.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { presentOnboardingStatus } from '../organizations/onboarding-status.presenter.ts';
import { findCurrentOrganization } from '../organizations/organizations.service.ts';
import { peopleRepository } from './people.repository.ts';

/**
 * The spec's personal user record for the caller, in the organisation the session acts in. A
 * managed-service operator in a client organisation has no department views or reports there.
 * @throws AppError UNAUTHENTICATED if the caller's person or organisation vanished since sign-in.
 */
export const getPersonalUserData = async (db: Db, tenant: Tenant): Promise<PersonalUserData> => {
  const peopleOfOrg = peopleRepository(db, tenant);
  const [person, organization] = await Promise.all([
    peopleOfOrg.findCaller(),
    findCurrentOrganization(db, tenant),
  ]);
  if (!person || !organization) throw new AppError('UNAUTHENTICATED', 'This account no longer exists');
  const actsAtHome = !tenant.viaManagedService;
  const [departmentViews, reports] = actsAtHome
    ? await Promise.all([peopleOfOrg.listDepartmentViews(person.id), peopleOfOrg.countActiveDirectReports(person.id)])
    : [[], 0];
  return {
    first_name: person.firstName,
    last_name: person.lastName,
    email: person.email,
    role: tenant.role,
    company: organization.name,
    has_paid_access: organization.hasPaidAccess,
    onboarding_status: presentOnboardingStatus(organization),
    is_bra_completed: organization.isBraCompleted,
    start_timestamp: person.startDate ? new Date(`${person.startDate}T00:00:00.000Z`).toISOString() : null,
    picture_file_name: organization.pictureFileName,
    department_views: departmentViews,
    is_direct_manager: reports > 0,
  };
};
