import { lt } from 'drizzle-orm';
import { type Db, type NewAuditLogEntry, type Tx, auditLog } from '@vigil/db';
import type { Actor, OrgScope } from '../../lib/scope.ts';

export type AuditEvent = Pick<NewAuditLogEntry, 'action' | 'targetType' | 'targetId' | 'details' | 'ip' | 'requestId'>;

/** Who acted, as the audit log's columns: a person by their ids and email, anything else by kind and id. */
const actorColumns = (actor: Actor) =>
  actor.kind === 'person'
    ? { actorKind: 'person', actorPersonId: actor.id, actorAuthUserId: actor.authUserId, actorEmail: actor.email }
    : { actorKind: actor.kind, actorId: actor.id };

/** Audit entries of one organisation, each saying which actor did what. */
export const auditLogRepository = (db: Db | Tx, scope: OrgScope) => ({
  record: async (actor: Actor, event: AuditEvent) =>
    (
      await db
        .insert(auditLog)
        .values({ ...event, organizationId: scope.organizationId, ...actorColumns(actor) })
        .returning()
    )[0]!,
});

/** Maintenance across every organisation: drops entries older than the retention period. */
export const pruneAuditLog = async (db: Db, olderThan: Date) =>
  (await db.delete(auditLog).where(lt(auditLog.createdAt, olderThan)).returning({ id: auditLog.id })).length;
