import { and, eq, isNull, or } from 'drizzle-orm';
import { type Db, type Tx, people, trainingModules } from '@vigil/db';
import type { Tenant } from '../../../lib/tenant.ts';

/**
 * The words of an organisation's modules: a module it may see (its own or a built-in lesson, to tell
 * "not yours" from "not editable"), and its own modules' texts, read locked and written back in one
 * transaction so a save and a translation finishing at once do not undo each other.
 */
export const moduleTextsRepository = (db: Db | Tx, tenant: Tenant) => {
  const visible = or(isNull(trainingModules.organizationId), eq(trainingModules.organizationId, tenant.organizationId))!;
  const own = eq(trainingModules.organizationId, tenant.organizationId);
  return {
    find: async (id: string) => (await db.select().from(trainingModules).where(and(visible, eq(trainingModules.id, id), isNull(trainingModules.archivedAt))).limit(1))[0],

    /** The own module, locked until the transaction ends. */
    lockOwn: async (id: string) => (await db.select().from(trainingModules).where(and(own, eq(trainingModules.id, id), isNull(trainingModules.archivedAt))).for('update').limit(1))[0],

    update: async (id: string, values: { texts: Record<string, unknown>; languages: string[]; version: number }) =>
      (
        await db
          .update(trainingModules)
          .set({ ...values, updatedAt: new Date() })
          .where(and(own, eq(trainingModules.id, id)))
          .returning()
      )[0]!,

    /** The signed-in person's name, as a review is signed with. */
    myName: async () => {
      const [person] = await db.select({ firstName: people.firstName, lastName: people.lastName }).from(people).where(and(eq(people.id, tenant.personId), eq(people.organizationId, tenant.homeOrganizationId))).limit(1);
      return `${person?.firstName ?? ''} ${person?.lastName ?? ''}`.trim() || tenant.email;
    },
  };
};
