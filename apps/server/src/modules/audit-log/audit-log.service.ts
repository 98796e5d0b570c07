import type { AuthEvent } from '@vigil/auth-provider';
import type { Db } from '@vigil/db';
import { resolveTenant } from '../../lib/tenant-resolver.ts';
import { type AuditEvent, auditLogRepository } from './audit-log.repository.ts';
import type { Tenant } from '../../lib/tenant.ts';

/** Appends an entry to the audit log of the caller's current organisation. */
export const recordAudit = (db: Db, tenant: Tenant, event: AuditEvent) => auditLogRepository(db, tenant).record(event);

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
