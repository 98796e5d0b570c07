import { and, asc, desc, eq, lte } from 'drizzle-orm';
import { type Db, type Tx, organizations, phishingProgrammes } from '@vigil/db';
import type { OrgScope } from '../../../lib/scope.ts';

export type ProgrammeRow = typeof phishingProgrammes.$inferSelect;
export type NewProgramme = Omit<typeof phishingProgrammes.$inferInsert, 'organizationId' | 'id'>;

/** The only file touching recurring programmes. Every query carries the scope's organisation. */
export const programmesRepository = (db: Db | Tx, scope: OrgScope) => {
  const inOrganization = eq(phishingProgrammes.organizationId, scope.organizationId);
  return {
    list: () => db.select().from(phishingProgrammes).where(inOrganization).orderBy(desc(phishingProgrammes.createdAt), desc(phishingProgrammes.id)),

    find: async (id: string, { lock = false } = {}) => {
      const query = db.select().from(phishingProgrammes).where(and(inOrganization, eq(phishingProgrammes.id, id))).limit(1);
      return (lock ? await query.for('update') : await query)[0];
    },

    insert: async (values: NewProgramme) => (await db.insert(phishingProgrammes).values({ ...values, organizationId: scope.organizationId }).returning())[0]!,

    update: async (id: string, values: Partial<NewProgramme>) =>
      (await db.update(phishingProgrammes).set({ ...values, updatedAt: new Date() }).where(and(inOrganization, eq(phishingProgrammes.id, id))).returning())[0],

    delete: async (id: string) => db.delete(phishingProgrammes).where(and(inOrganization, eq(phishingProgrammes.id, id))),

    /** The organisation's time zone: periods and working hours are its. */
    organizationTimeZone: async () =>
      (await db.select({ timeZone: organizations.timeZone }).from(organizations).where(eq(organizations.id, scope.organizationId)).limit(1))[0]?.timeZone ?? 'UTC',
  };
};

/**
 * The job's sweep across organisations: locks up to `limit` active programmes whose run has come,
 * skipping rows another worker holds, so two workers never run one programme twice. Each row then
 * acts only in its own organisation.
 */
export const claimDueProgrammes = (tx: Tx, now: Date, limit: number) =>
  tx
    .select()
    .from(phishingProgrammes)
    .where(and(eq(phishingProgrammes.active, true), lte(phishingProgrammes.nextRunAt, now)))
    .orderBy(asc(phishingProgrammes.nextRunAt), asc(phishingProgrammes.id))
    .limit(limit)
    .for('update', { skipLocked: true });
