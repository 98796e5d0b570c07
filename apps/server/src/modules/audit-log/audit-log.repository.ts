import { lt } from 'drizzle-orm';
import { type Db, type NewAuditLogEntry, type Tx, auditLog } from '@vigil/db';
import type { Tenant } from '../../lib/tenant.ts';

export type AuditEvent = Pick<NewAuditLogEntry, 'action' | 'targetType' | 'targetId' | 'details' | 'ip' | 'requestId'>;

/** Audit entries of the caller's current organisation; the actor is always the caller. */
export const auditLogRepository = (db: Db | Tx, tenant: Tenant) => ({
  record: async (event: AuditEvent) =>
      (
        await db
          .insert(auditLog)
          .values({
            ...event,
            organizationId: tenant.organizationId,
            actorPersonId: tenant.personId,
            actorAuthUserId: tenant.authUserId,
            actorEmail: tenant.email,
          })
          .returning()
      )[0]!,
});

/** Maintenance across every organisation: drops entries older than the retention period. */
export const pruneAuditLog = async (db: Db, olderThan: Date) =>
  (await db.delete(auditLog).where(lt(auditLog.createdAt, olderThan)).returning({ id: auditLog.id })).length;
