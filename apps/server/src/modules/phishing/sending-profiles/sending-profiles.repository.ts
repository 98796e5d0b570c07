import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import { type Db, type SendingProfile, type Tx, campaigns, phishingProgrammes, sendingProfiles } from '@vigil/db';
import type { OrgScope } from '../../../lib/scope.ts';

/** Campaign states in which a campaign still sends through its profile. */
const activeCampaignStates = ['scheduled', 'sending', 'paused'] as const;

export type NewSendingProfileRow = Omit<typeof sendingProfiles.$inferInsert, 'organizationId' | 'id' | 'createdAt' | 'updatedAt' | 'archivedAt'>;
export type SendingProfileChanges = Partial<NewSendingProfileRow>;

/** The organisation's sending profiles: the only code that touches the table. */
export const sendingProfilesRepository = (db: Db | Tx, scope: OrgScope) => {
  const inOrg = eq(sendingProfiles.organizationId, scope.organizationId);
  return {
    listActive: async (): Promise<SendingProfile[]> =>
      db.select().from(sendingProfiles).where(and(inOrg, isNull(sendingProfiles.archivedAt))).orderBy(asc(sendingProfiles.name), asc(sendingProfiles.id)),

    findById: async (id: string): Promise<SendingProfile | undefined> =>
      (await db.select().from(sendingProfiles).where(and(inOrg, eq(sendingProfiles.id, id))).limit(1))[0],

    /** The row locked for a change, so an archive and a campaign launch cannot cross. */
    lockById: async (id: string): Promise<SendingProfile | undefined> =>
      (await db.select().from(sendingProfiles).where(and(inOrg, eq(sendingProfiles.id, id))).limit(1).for('update'))[0],

    insert: async (values: NewSendingProfileRow): Promise<SendingProfile> =>
      (await db.insert(sendingProfiles).values({ ...values, organizationId: scope.organizationId }).returning())[0]!,

    update: async (id: string, changes: SendingProfileChanges): Promise<SendingProfile> =>
      (await db.update(sendingProfiles).set({ ...changes, updatedAt: new Date() }).where(and(inOrg, eq(sendingProfiles.id, id))).returning())[0]!,

    archive: async (id: string): Promise<SendingProfile> =>
      (await db.update(sendingProfiles).set({ archivedAt: new Date(), updatedAt: new Date() }).where(and(inOrg, eq(sendingProfiles.id, id))).returning())[0]!,

    /** How many campaigns still send through each profile (absent: none). */
    countActiveCampaigns: async (profileIds: string[]): Promise<Map<string, number>> => {
      if (profileIds.length === 0) return new Map();
      const rows = await db
        .select({ profileId: campaigns.sendingProfileId, n: count() })
        .from(campaigns)
        .where(and(eq(campaigns.organizationId, scope.organizationId), inArray(campaigns.sendingProfileId, profileIds), inArray(campaigns.status, [...activeCampaignStates])))
        .groupBy(campaigns.sendingProfileId);
      return new Map(rows.map((row) => [row.profileId, row.n]));
    },

    countActiveProgrammes: async (profileId: string): Promise<number> =>
      (
        await db
          .select({ n: count() })
          .from(phishingProgrammes)
          .where(and(eq(phishingProgrammes.organizationId, scope.organizationId), eq(phishingProgrammes.sendingProfileId, profileId), eq(phishingProgrammes.active, true)))
      )[0]!.n,
  };
};
