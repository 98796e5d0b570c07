import { eq, sql } from 'drizzle-orm';
import { type Db, type Tx, trainingSettings } from '@vigil/db';
import type { OrgScope } from '../../../lib/scope.ts';

/** The only file touching training_settings: one row per organisation, absent until first saved. */
export const trainingSettingsRepository = (db: Db | Tx, scope: OrgScope) => ({
  find: async () => (await db.select().from(trainingSettings).where(eq(trainingSettings.organizationId, scope.organizationId)).limit(1))[0]?.settings,

  save: async (settings: Record<string, unknown>) =>
    db
      .insert(trainingSettings)
      .values({ organizationId: scope.organizationId, settings })
      .onConflictDoUpdate({ target: trainingSettings.organizationId, set: { settings, updatedAt: sql`now()` } }),
});
