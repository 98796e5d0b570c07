import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { type Db, type Tx, landingPages } from '@vigil/db';
import type { OrgScope } from '../../../lib/scope.ts';

/** The landing pages an organisation can use: the built-ins (read-only) and its own. */
export const landingPagesRepository = (db: Db | Tx, scope: OrgScope) => {
  const visible = and(or(isNull(landingPages.organizationId), eq(landingPages.organizationId, scope.organizationId)), isNull(landingPages.archivedAt));
  return {
    list: () => db.select().from(landingPages).where(visible).orderBy(asc(landingPages.builtinSlug), asc(landingPages.id)),
    findVisible: async (id: string) => (await db.select().from(landingPages).where(and(visible, eq(landingPages.id, id))).limit(1))[0],
  };
};
