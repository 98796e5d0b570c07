import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { type Db, type Tx, complianceFrameworkChoices, trainingModules } from '@vigil/db';
import type { OrgScope } from '../../../lib/scope.ts';

/** The organisation's chosen frameworks and the modules each requires; every query carries the scope's organisation. */
export const complianceFrameworksRepository = (db: Db | Tx, scope: OrgScope) => {
  const inOrganization = eq(complianceFrameworkChoices.organizationId, scope.organizationId);
  return {
    list: () => db.select().from(complianceFrameworkChoices).where(inOrganization).orderBy(asc(complianceFrameworkChoices.createdAt)),

    find: async (frameworkId: string, { lock = false }: { lock?: boolean } = {}) => {
      const query = db.select().from(complianceFrameworkChoices).where(and(inOrganization, eq(complianceFrameworkChoices.frameworkId, frameworkId))).limit(1);
      return (lock ? await query.for('update') : await query)[0];
    },

    /** Chooses the framework with these modules, or replaces the modules of a chosen one. */
    upsert: async (frameworkId: string, moduleIds: readonly string[], chosenByPersonId: string | null) =>
      (
        await db
          .insert(complianceFrameworkChoices)
          .values({ organizationId: scope.organizationId, frameworkId, moduleIds: [...moduleIds], chosenByPersonId })
          .onConflictDoUpdate({ target: [complianceFrameworkChoices.organizationId, complianceFrameworkChoices.frameworkId], set: { moduleIds: [...moduleIds], updatedAt: new Date() } })
          .returning()
      )[0]!,

    remove: async (frameworkId: string) =>
      (await db.delete(complianceFrameworkChoices).where(and(inOrganization, eq(complianceFrameworkChoices.frameworkId, frameworkId))).returning())[0],

    /** The built-in modules with these slugs (archived ones left out), for the catalogue's suggestions. */
    builtinModulesBySlug: (slugs: readonly string[]) =>
      slugs.length === 0
        ? Promise.resolve([])
        : db.select().from(trainingModules).where(and(inArray(trainingModules.builtinSlug, [...slugs]), isNull(trainingModules.organizationId), isNull(trainingModules.archivedAt))),

    /** These modules if the organisation may use them (built-in or its own), archived ones too (a choice keeps naming them). */
    usableModules: (ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(trainingModules)
            .where(and(inArray(trainingModules.id, [...ids]), or(isNull(trainingModules.organizationId), eq(trainingModules.organizationId, scope.organizationId)))),
  };
};

/**
 * The modules the organisation's chosen frameworks require, each once, in the order the frameworks
 * were chosen (the learner's compliance tab lists them; C3 reads it).
 */
export const selectRequiredModuleIds = async (db: Db | Tx, organizationId: string): Promise<string[]> => {
  const choices = await complianceFrameworksRepository(db, { organizationId }).list();
  return [...new Set(choices.flatMap((choice) => choice.moduleIds))];
};
