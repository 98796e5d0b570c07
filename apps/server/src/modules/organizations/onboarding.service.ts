import type { OnboardingState, UpdateOnboardingBody } from '@vigil/contracts';
import { and, eq } from 'drizzle-orm';
import { type Db, type Tx, organizations } from '@vigil/db';
import { notFound } from '../../lib/app-error.ts';
import type { Actor, OrgScope } from '../../lib/scope.ts';
import { type Tenant, requireAdminRole } from '../../lib/tenant.ts';
import { recordAudit, recordAuditAs } from '../audit-log/audit-log.service.ts';
import { presentOnboardingStatus } from './onboarding-status.presenter.ts';
import { organizationsRepository } from './organizations.repository.ts';

const columnFor = {
  is_dmi_completed: 'isDmiCompleted',
  is_initial_testing_completed: 'isInitialTestingCompleted',
  is_scim_completed: 'isScimCompleted',
  is_sso_completed: 'isSsoCompleted',
  is_watchtower_completed: 'isWatchtowerCompleted',
  is_bra_completed: 'isBraCompleted',
} as const;

/**
 * Records onboarding steps of the caller's current organisation, and audits what changed.
 * @throws AppError FORBIDDEN for anyone but an admin or superadmin.
 */
export const updateOnboarding = async (db: Db, tenant: Tenant, body: UpdateOnboardingBody): Promise<OnboardingState> => {
  requireAdminRole(tenant, 'Only an admin may record onboarding steps');
  const values = Object.fromEntries(Object.entries(body).map(([key, value]) => [columnFor[key as keyof typeof columnFor], value]));
  const organization = await organizationsRepository(db, tenant).updateCurrent(values);
  if (!organization) throw notFound('Organisation');
  await recordAudit(db, tenant, { action: 'organization.onboarding', targetType: 'organization', targetId: organization.id, details: body });
  const status = presentOnboardingStatus(organization);
  return { onboarding_status: status, is_bra_completed: organization.isBraCompleted, is_onboarded: Object.values(status).every(Boolean) };
};

/**
 * Records the organisation's baseline risk assessment (BRA) as complete, once: a second call
 * changes and audits nothing. For actors that are not a signed-in admin (the campaign dispatcher).
 * @returns whether this call completed it
 */
export const completeBaselineRiskAssessment = async (db: Db | Tx, scope: OrgScope, actor: Actor, details: Record<string, unknown>) => {
  const changed = await db
    .update(organizations)
    .set({ isBraCompleted: true, updatedAt: new Date() })
    .where(and(eq(organizations.id, scope.organizationId), eq(organizations.isBraCompleted, false)))
    .returning({ id: organizations.id });
  if (changed.length === 0) return false;
  await recordAuditAs(db, scope, actor, { action: 'organization.onboarding', targetType: 'organization', targetId: scope.organizationId, details: { is_bra_completed: true, ...details } });
  return true;
};
