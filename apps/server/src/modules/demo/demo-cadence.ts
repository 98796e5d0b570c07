import { and, eq, inArray } from 'drizzle-orm';
import { type Tx, people } from '@vigil/db';
import type { Actor } from '../../lib/scope.ts';
import { createCadenceRules, readOrganizationTimeZone } from '../training/cadence/cadence.service.ts';
import { addDays, localDateOf } from '../training/cadence/cadence-periods.ts';
import { builtinModuleId } from '../training/library/builtin-lessons.ts';
import { recordModuleRequest } from '../training/requests/module-requests.service.ts';

/**
 * The demo company's training cadence, made through the cadence service as its admin: phishing
 * basics for everyone every year from the coming 1 January, and the passwords lesson for each new
 * hire on their start date (two staff start in the coming fortnight, so the schedule shows them);
 * and a custom module request the operator is reviewing.
 */
export const seedDemoCadence = async (tx: Tx, demo: Readonly<{ organizationId: string; adminId: string; staffIds: readonly string[] }>, now = new Date()) => {
  const scope = { organizationId: demo.organizationId };
  const [admin] = await tx.select().from(people).where(eq(people.id, demo.adminId));
  const actor: Actor = { kind: 'person', id: admin!.id, organizationId: demo.organizationId, role: admin!.role, email: admin!.email, authUserId: admin!.authUserId ?? admin!.id };
  const today = localDateOf(now, await readOrganizationTimeZone(tx, scope));
  await createCadenceRules(tx, scope, actor, [
    { moduleId: builtinModuleId('phishing-basics'), audience: { kind: 'organization' }, cadence: 'annual', dueInDays: 30, anchorDate: `${Number(today.slice(0, 4)) + 1}-01-01` },
    { moduleId: builtinModuleId('passwords'), audience: { kind: 'organization' }, cadence: 'on_hire', dueInDays: 14, newHireWindowDays: 30 },
  ]);
  // Two staff (never the README's seats) start in the coming fortnight, so the schedule shows their on-hire runs.
  const starters = await tx
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.organizationId, demo.organizationId), eq(people.isActive, true), inArray(people.id, [...demo.staffIds])))
    .orderBy(people.id)
    .limit(2);
  for (const [index, starter] of starters.entries()) {
    await tx.update(people).set({ startDate: addDays(today, 6 + index * 7) }).where(and(eq(people.organizationId, demo.organizationId), eq(people.id, starter.id)));
  }
  await recordModuleRequest(
    tx,
    scope,
    demo.adminId,
    {
      topic: 'Tailgating at the depot gates',
      objectives: 'Drivers and yard staff ask anyone without a visible badge who they are visiting, never hold the gate for them, and report it to the gatehouse.',
      audience: 'Drivers, yard and warehouse staff at the depots',
      languages: ['en_us', 'de_de', 'pt_br'],
      minutes: 4,
      wantedBy: addDays(today, 60),
      notes: 'Our depots use a turnstile and a vehicle gate; show both.',
    },
    'in_review',
  );
};
