import { type SQL, and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { PhishingTemplatesQuery } from '@vigil/contracts';
import { type Db, type PhishingTemplate, type Tx, phishingTemplates } from '@vigil/db';
import { afterKey } from '../../../lib/keyset.ts';
import type { OrgScope } from '../../../lib/scope.ts';

/** The library's order, and the key its pages start after: category, then difficulty, then id. */
export type TemplateKey = readonly [string, number, string];
export const templateKeyOf = (row: PhishingTemplate): TemplateKey => [row.category, row.difficulty, row.id];
const keyColumns = [phishingTemplates.category, phishingTemplates.difficulty, phishingTemplates.id];

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type NewOwnTemplate = Omit<typeof phishingTemplates.$inferInsert, 'organizationId' | 'builtinSlug' | 'id'>;

/**
 * The templates an organisation can see: the built-ins (organization_id null, read-only) and its own.
 * Writes touch only its own rows.
 */
export const phishingTemplatesRepository = (db: Db | Tx, scope: OrgScope) => {
  const own = eq(phishingTemplates.organizationId, scope.organizationId);
  const visible = and(or(isNull(phishingTemplates.organizationId), own), isNull(phishingTemplates.archivedAt));

  const filters = (query: Omit<PhishingTemplatesQuery, 'cursor' | 'limit'>): SQL[] => {
    const conditions: SQL[] = [];
    if (query.category) conditions.push(eq(phishingTemplates.category, query.category));
    if (query.vector) conditions.push(eq(phishingTemplates.vector, query.vector));
    if (query.difficulty) conditions.push(eq(phishingTemplates.difficulty, query.difficulty));
    if (query.language) conditions.push(sql`${phishingTemplates.texts} -> ${query.language} is not null`);
    if (query.source === 'builtin') conditions.push(isNull(phishingTemplates.organizationId));
    if (query.source === 'own') conditions.push(own);
    if (query.search) {
      const pattern = likePattern(query.search);
      conditions.push(sql`exists (select 1 from jsonb_each(${phishingTemplates.texts}) as words(language, text)
        where words.text ->> 'name' ilike ${pattern} or words.text ->> 'scenario' ilike ${pattern})`);
    }
    return conditions;
  };

  return {
    /** A page of visible templates after `after`, in the library's order. */
    list: (query: Omit<PhishingTemplatesQuery, 'cursor' | 'limit'>, after: TemplateKey | undefined, limit: number) =>
      db
        .select()
        .from(phishingTemplates)
        .where(and(visible, ...filters(query), after ? afterKey(keyColumns, after, 'asc') : undefined))
        .orderBy(...keyColumns.map((column) => asc(column)))
        .limit(limit),

    /** A built-in or one of the organisation's own, not archived. */
    findVisible: async (id: string) => (await db.select().from(phishingTemplates).where(and(visible, eq(phishingTemplates.id, id))).limit(1))[0],

    insert: async (values: NewOwnTemplate & { id: string }) =>
      (await db.insert(phishingTemplates).values({ ...values, organizationId: scope.organizationId }).returning())[0]!,

    /** Changes one of the organisation's own templates (never a built-in: those have no organisation). */
    update: async (id: string, values: Partial<NewOwnTemplate>) =>
      (
        await db
          .update(phishingTemplates)
          .set({ ...values, updatedAt: new Date() })
          .where(and(own, eq(phishingTemplates.id, id), isNull(phishingTemplates.archivedAt)))
          .returning()
      )[0],
  };
};
