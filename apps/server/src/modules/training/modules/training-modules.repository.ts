import { type SQL, and, eq, ilike, isNull, lte, or, sql } from 'drizzle-orm';
import { type Db, type Tx, trainingModules } from '@vigil/db';
import type { TrainingLanguage, TrainingTopic } from '@vigil/contracts';
import type { OrgScope } from '../../../lib/scope.ts';

export type TrainingModulesFilter = Readonly<{ topic?: TrainingTopic; language?: TrainingLanguage; maxMinutes?: number; search?: string }>;

/** The built-in lesson a failure gets when no lesson names its lure's category. */
const fallbackRemedialSlug = 'phishing-basics';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * The only file reading training_modules for an organisation: built-in modules (no organisation) and
 * the organisation's own, never another's.
 */
export const trainingModulesRepository = (db: Db | Tx, scope: OrgScope) => {
  const usable = or(isNull(trainingModules.organizationId), eq(trainingModules.organizationId, scope.organizationId))!;
  return {
    /** Modules the organisation may assign, filtered; the search reads titles and summaries in the language asked for and in English. */
    list: async (filter: TrainingModulesFilter) => {
      const conditions: SQL[] = [usable, isNull(trainingModules.archivedAt)];
      if (filter.topic) conditions.push(eq(trainingModules.topic, filter.topic));
      if (filter.language) conditions.push(sql`${filter.language} = any(${trainingModules.languages})`);
      if (filter.maxMinutes) conditions.push(lte(trainingModules.minutes, filter.maxMinutes));
      if (filter.search) {
        const pattern = likePattern(filter.search);
        const languages = [...new Set([filter.language ?? 'en_us', 'en_us'])];
        conditions.push(
          or(
            ilike(trainingModules.topic, pattern),
            ...languages.flatMap((language) => [
              ilike(sql`${trainingModules.texts} -> ${language} ->> 'title'`, pattern),
              ilike(sql`${trainingModules.texts} -> ${language} ->> 'summary'`, pattern),
            ]),
          )!,
        );
      }
      return db.select().from(trainingModules).where(and(...conditions));
    },

    /**
     * The lesson that answers a failure with a lure of this category: the organisation's own first,
     * then the built-in one, then the built-in phishing basics for a category no lesson names.
     */
    remedialFor: async (category: string) =>
      (
        await db
          .select({ id: trainingModules.id })
          .from(trainingModules)
          .where(and(usable, isNull(trainingModules.archivedAt), or(sql`${category} = any(${trainingModules.remediates})`, eq(trainingModules.builtinSlug, fallbackRemedialSlug))))
          .orderBy(sql`${category} = any(${trainingModules.remediates}) desc`, sql`${trainingModules.organizationId} is null`, trainingModules.builtinSlug)
          .limit(1)
      )[0],

    /** One module the organisation may use; archived ones only when asked (assignments keep theirs). */
    find: async (id: string, { includeArchived = false } = {}) =>
      (
        await db
          .select()
          .from(trainingModules)
          .where(and(usable, eq(trainingModules.id, id), ...(includeArchived ? [] : [isNull(trainingModules.archivedAt)])))
          .limit(1)
      )[0],
  };
};

/**
 * Where a module's media lives, for the public media route: the signature on the address already
 * proves the caller was given it, so this is the one read of a module without an organisation.
 */
export const findModuleMedia = async (db: Db, id: string) =>
  (await db.select({ source: trainingModules.source, mediaKey: trainingModules.mediaKey, kind: trainingModules.kind, launchPath: trainingModules.launchPath }).from(trainingModules).where(eq(trainingModules.id, id)).limit(1))[0];
