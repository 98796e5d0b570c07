import { and, eq, lt } from 'drizzle-orm';
import { type Db, type NewAuditLogEntry, type Tx, auditLog } from '@vigil/db';
import type { Tenant } from '../../lib/tenant.ts';

export type AuditEvent = Pick<NewAuditLogEntry, 'action' | 'targetType' | 'targetId' | 'details' | 'ip' | 'requestId'>;

/** Audit entries of the caller's current organisation; the actor is always the caller. */
export const auditLogRepository = (db: Db | Tx, tenant: Tenant) => {
  const inOrg = eq(auditLog.organizationId, tenant.organizationId);
  return {
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
    listRecent: async (limit = 50) =>
      db.select().from(auditLog).where(inOrg).orderBy(auditLog.createdAt).limit(limit),
    findByAction: async (action: string) => db.select().from(auditLog).where(and(inOrg, eq(auditLog.action, action))),
  };
};

/** Maintenance across every organisation: drops entries older than the retention period. */
export const pruneAuditLog = async (db: Db, olderThan: Date) =>
  (await db.delete(auditLog).where(lt(auditLog.createdAt, olderThan)).returning({ id: auditLog.id })).length;
