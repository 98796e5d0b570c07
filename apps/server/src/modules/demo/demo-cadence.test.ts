import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { people, trainingCadenceRules, trainingModuleRequests } from '@vigil/db';
import { useTestApp } from '../../test/test-app.ts';
import { addDays, localDateOf } from '../training/cadence/cadence-periods.ts';
import { builtinModuleId } from '../training/library/builtin-lessons.ts';
import { seedDemo } from './demo-seed.ts';

const t = useTestApp();

describe('the demo’s training cadence', () => {
  it('gives Northwind an annual and an on-hire rule, two upcoming starters on the schedule, and a request in review', async () => {
    await seedDemo(t.db);
    const [owen] = await t.db.select().from(people).where(eq(people.email, 'owen.fletcher@northwind-logistics.example'));
    const organizationId = owen!.organizationId;
    const rules = await t.db.select().from(trainingCadenceRules).where(and(eq(trainingCadenceRules.organizationId, organizationId), isNull(trainingCadenceRules.frameworkId)));
    expect(rules.map((rule) => [rule.moduleId, rule.cadence, rule.dueInDays]).sort()).toEqual(
      [
        [builtinModuleId('phishing-basics'), 'annual', 30],
        [builtinModuleId('passwords'), 'on_hire', 14],
      ].sort(),
    );
    const [request] = await t.db.select().from(trainingModuleRequests).where(eq(trainingModuleRequests.organizationId, organizationId));
    expect(request).toMatchObject({ topic: 'Tailgating at the depot gates', status: 'in_review', languages: ['en_us', 'de_de', 'pt_br'] });

    const admin = (await t.db.select().from(people).where(and(eq(people.organizationId, organizationId), eq(people.role, 'Admin'))))[0]!;
    const schedule = (await t.app.inject({ method: 'GET', url: '/api/training-schedule/?format=json', headers: await t.authAs(admin) })).json();
    const today = localDateOf(new Date(), schedule.timeZone);
    const onHire = rules.find((rule) => rule.cadence === 'on_hire')!;
    // The day's planned run of the lesson for new hires (a framework's on-hire rule may plan the same
    // lesson for the same people: the day shows it once, under either rule).
    const hires = schedule.items.filter((item: { kind: string; moduleId: string; period: string | null }) => item.kind === 'planned' && item.moduleId === onHire.moduleId && item.period === 'hire');
    expect(hires.map((item: { date: string }) => item.date)).toEqual([addDays(today, 6), addDays(today, 13)]);
  });
});
