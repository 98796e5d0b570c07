import { eq } from 'drizzle-orm';
import { type Db, type Tx, phishingSettings } from '@vigil/db';
import type { OrgScope } from '../../../lib/scope.ts';

export type PhishingSettingsRow = typeof phishingSettings.$inferSelect;

/** The organisation's phishing settings row (one per organisation). */
export const phishingSettingsRepository = (db: Db | Tx, scope: OrgScope) => {
  const inOrg = eq(phishingSettings.organizationId, scope.organizationId);
  return {
    find: async (): Promise<PhishingSettingsRow | undefined> => (await db.select().from(phishingSettings).where(inOrg).limit(1))[0],

    /** Creates the row with this sealed secret unless another request made it first; answers the row that holds. */
    insertIfMissing: async (filterHeaderSecretSealed: string): Promise<PhishingSettingsRow> => {
      await db.insert(phishingSettings).values({ organizationId: scope.organizationId, filterHeaderSecretSealed }).onConflictDoNothing();
      return (await db.select().from(phishingSettings).where(inOrg).limit(1))[0]!;
    },

    /** Replaces the secret; the row exists or is made. */
    replaceSecret: async (filterHeaderSecretSealed: string): Promise<PhishingSettingsRow> =>
      (
        await db
          .insert(phishingSettings)
          .values({ organizationId: scope.organizationId, filterHeaderSecretSealed })
          .onConflictDoUpdate({ target: phishingSettings.organizationId, set: { filterHeaderSecretSealed, updatedAt: new Date() } })
          .returning()
      )[0]!,
  };
};
