import { type SQL, and, asc, count, countDistinct, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { failureEventTypes } from '@vigil/contracts';
import { type AdaptiveActions, type AdaptiveTrigger, type Db, type Tx, adaptiveControlFirings, adaptiveControlRules, events, people, riskPersonScores } from '@vigil/db';
import { afterKey } from '../../lib/keyset.ts';
import type { OrgScope } from '../../lib/scope.ts';

type Reader = Db | Tx;

/** Adaptive-control rules and firings of one organisation; every query carries it. */
export const adaptiveControlsRepository = (db: Reader, scope: OrgScope) => {
  const rulesOf = eq(adaptiveControlRules.organizationId, scope.organizationId);
  const firingsOf = eq(adaptiveControlFirings.organizationId, scope.organizationId);
  /** A firing as admins see it: with its rule's name and its person. */
  const firingViews = (where: SQL | undefined) =>
    db
      .select({
        firing: adaptiveControlFirings,
        sortKey: sql<string>`${adaptiveControlFirings.firedAt}::text`,
        ruleName: adaptiveControlRules.name,
        firstName: people.firstName,
        lastName: people.lastName,
        email: people.email,
      })
      .from(adaptiveControlFirings)
      .innerJoin(adaptiveControlRules, eq(adaptiveControlRules.id, adaptiveControlFirings.ruleId))
      .innerJoin(people, and(eq(people.organizationId, adaptiveControlFirings.organizationId), eq(people.id, adaptiveControlFirings.personId)))
      .where(where);
  return {
    listRules: () => db.select().from(adaptiveControlRules).where(rulesOf).orderBy(asc(adaptiveControlRules.createdAt), asc(adaptiveControlRules.id)),
    enabledRules: () => db.select().from(adaptiveControlRules).where(and(rulesOf, eq(adaptiveControlRules.enabled, true))),
    findRule: async (id: string) => (await db.select().from(adaptiveControlRules).where(and(rulesOf, eq(adaptiveControlRules.id, id))).limit(1))[0],
    insertRule: async (values: { name: string; trigger: AdaptiveTrigger; actions: AdaptiveActions; enabled: boolean; createdByPersonId: string | null }) =>
      (await db.insert(adaptiveControlRules).values({ ...values, organizationId: scope.organizationId }).returning())[0]!,
    updateRule: async (id: string, values: { name: string; trigger: AdaptiveTrigger; actions: AdaptiveActions; enabled: boolean }) =>
      (await db.update(adaptiveControlRules).set({ ...values, updatedAt: new Date() }).where(and(rulesOf, eq(adaptiveControlRules.id, id))).returning())[0],
    deleteRule: async (id: string) => (await db.delete(adaptiveControlRules).where(and(rulesOf, eq(adaptiveControlRules.id, id))).returning({ id: adaptiveControlRules.id }))[0],
    activeCounts: async () =>
      new Map(
        (
          await db
            .select({ ruleId: adaptiveControlFirings.ruleId, n: count() })
            .from(adaptiveControlFirings)
            .where(and(firingsOf, isNull(adaptiveControlFirings.liftedAt)))
            .groupBy(adaptiveControlFirings.ruleId)
        ).map((row) => [row.ruleId, row.n]),
      ),

    /** What the rules read of a person: their stored score (0 before anything counted), role facts for the identity actions. */
    personFacts: async (personIds: readonly string[]) =>
      personIds.length === 0
        ? []
        : db
            .select({ id: people.id, authUserId: people.authUserId, managerId: people.managerId, isActive: people.isActive, score: sql<number>`coalesce(${riskPersonScores.score}, 0)` })
            .from(people)
            .leftJoin(riskPersonScores, eq(riskPersonScores.personId, people.id))
            .where(and(eq(people.organizationId, scope.organizationId), inArray(people.id, [...personIds]))),
    /** Simulated lures a person fell for since `since` (one per lure, whatever they did with it). */
    failuresSince: async (personId: string, since: Date) =>
      (
        await db
          .select({ n: countDistinct(events.recipientId) })
          .from(events)
          .where(and(eq(events.organizationId, scope.organizationId), eq(events.personId, personId), inArray(events.type, [...failureEventTypes]), gte(events.occurredAt, since)))
      )[0]?.n ?? 0,

    openFiringsOf: (personIds: readonly string[]) =>
      personIds.length === 0 ? Promise.resolve([]) : db.select().from(adaptiveControlFirings).where(and(firingsOf, isNull(adaptiveControlFirings.liftedAt), inArray(adaptiveControlFirings.personId, [...personIds]))),
    openFiringsOfRule: (ruleId: string) => db.select().from(adaptiveControlFirings).where(and(firingsOf, eq(adaptiveControlFirings.ruleId, ruleId), isNull(adaptiveControlFirings.liftedAt))),
    /** Records a firing unless one is open for the rule and person already (then undefined). */
    insertFiring: async (values: { ruleId: string; personId: string; firedAt: Date; applied: Record<string, unknown> }) =>
      (await db.insert(adaptiveControlFirings).values({ ...values, organizationId: scope.organizationId }).onConflictDoNothing().returning())[0],
    liftFiring: async (id: string, reason: 'recovered' | 'admin' | 'rule', at: Date, byPersonId: string | null = null) =>
      (
        await db
          .update(adaptiveControlFirings)
          .set({ liftedAt: at, liftedReason: reason, liftedByPersonId: byPersonId })
          .where(and(firingsOf, eq(adaptiveControlFirings.id, id), isNull(adaptiveControlFirings.liftedAt)))
          .returning()
      )[0],
    findFiring: async (id: string) => (await db.select().from(adaptiveControlFirings).where(and(firingsOf, eq(adaptiveControlFirings.id, id))).limit(1))[0],
    setApplied: (id: string, applied: Record<string, unknown>) => db.update(adaptiveControlFirings).set({ applied }).where(and(firingsOf, eq(adaptiveControlFirings.id, id))),
    /** Newest first, keyed by (fired_at, id) read as the database's own text. */
    listFirings: (status: 'active' | 'all', after: readonly [string, string] | undefined, limit: number) =>
      firingViews(and(firingsOf, status === 'active' ? isNull(adaptiveControlFirings.liftedAt) : undefined, after ? afterKey([adaptiveControlFirings.firedAt, adaptiveControlFirings.id], after, 'desc') : undefined))
        .orderBy(desc(adaptiveControlFirings.firedAt), desc(adaptiveControlFirings.id))
        .limit(limit),
    findFiringView: async (id: string) => (await firingViews(and(firingsOf, eq(adaptiveControlFirings.id, id))).limit(1))[0],
  };
};

/** Firings whose manager has not been told yet, across organisations, for the notification job. */
export const selectFiringsToNotify = (db: Db) =>
  db
    .select()
    .from(adaptiveControlFirings)
    .where(and(isNull(adaptiveControlFirings.liftedAt), sql`${adaptiveControlFirings.applied}->>'notifyPending' = 'true'`))
    .limit(200);

/** People with an open firing, across organisations, for the daily review. */
export const selectPeopleWithOpenFirings = (db: Db) =>
  db.selectDistinct({ organizationId: adaptiveControlFirings.organizationId, personId: adaptiveControlFirings.personId }).from(adaptiveControlFirings).where(isNull(adaptiveControlFirings.liftedAt));
