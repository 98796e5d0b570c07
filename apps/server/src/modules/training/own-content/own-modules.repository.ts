import { and, eq } from 'drizzle-orm';
import { type Db, type NewTrainingModuleRow, type Tx, trainingModules } from '@vigil/db';
import type { OrgScope } from '../../../lib/scope.ts';

/**
 * The organisation's own modules' rows, as uploads change them: every query names the organisation,
 * so another organisation's module (or a built-in one) is never found or changed.
 */
export const ownModulesRepository = (db: Db | Tx, scope: OrgScope) => {
  const own = (id: string) => and(eq(trainingModules.id, id), eq(trainingModules.organizationId, scope.organizationId));
  return {
    insert: async (values: Omit<NewTrainingModuleRow, 'organizationId' | 'source'>) =>
      (await db.insert(trainingModules).values({ ...values, organizationId: scope.organizationId, source: 'own' }).returning())[0]!,
    find: async (id: string) => (await db.select().from(trainingModules).where(own(id)).limit(1))[0],
    update: async (id: string, values: Partial<Pick<NewTrainingModuleRow, 'texts' | 'archivedAt'>>) =>
      (await db.update(trainingModules).set({ ...values, updatedAt: new Date() }).where(own(id)).returning())[0],
  };
};
