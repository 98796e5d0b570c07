import type { AuthEvent } from '@vigil/auth-provider';
import type { Db, Tx } from '@vigil/db';
import { type Actor, type OrgScope, personActor } from '../../lib/scope.ts';
import { resolveTenant } from '../../lib/tenant-resolver.ts';
import { type AuditEvent, auditLogRepository } from './audit-log.repository.ts';
import type { Tenant } from '../../lib/tenant.ts';

/** Appends an entry to the audit log of the caller's current organisation, with the caller as the actor. */
export const recordAudit = (db: Db | Tx, tenant: Tenant, event: AuditEvent) => auditLogRepository(db, tenant).record(personActor(tenant), event);

/** Appends an entry for an actor that is not a signed-in person (a job, a tracking token, an API key). */
export const recordAuditAs = (db: Db | Tx, scope: OrgScope, actor: Actor, event: AuditEvent) => auditLogRepository(db, scope).record(actor, event);

/**
 * Audits a managed-service switch, told by the embedded provider when someone selects a tenant.
 * The entry lands in the organisation switched into, resolved with the same rules the API uses,
 * so a switch Vigil would refuse is not recorded as one.
 */
export const auditTenantSelection = async (db: Db, event: AuthEvent, client: { ip?: string }) => {
  if (event.event !== 'tenant.select' || !event.success || !event.userId || !event.tenantId) return;
  const tenant = await resolveTenant(db, { sub: event.userId, dct: event.tenantId }).catch(() => undefined);
  if (!tenant) return;
  await recordAudit(db, tenant, {
    action: 'organization.switch',
    targetType: 'organization',
    targetId: tenant.organizationId,
    details: { fromOrganizationId: tenant.homeOrganizationId, viaManagedService: tenant.viaManagedService },
    ip: client.ip ?? null,
  });
};
