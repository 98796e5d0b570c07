import { beforeAll, describe, expect, it } from 'vitest';
import { complianceFrameworkChoices, trainingAssignments } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { builtinModule, syncLessons } from '../../../test/training-factories.ts';

const t = useTestApp();
beforeAll(async () => {
  await syncLessons(t.db);
});

const days = (offset: number) => new Date(Date.now() + offset * 86_400_000);

describe('GET /api/my-trainings/?tab=compliance', () => {
  it('lists one assignment per module the chosen frameworks require, in their order: the open one, else the latest finished', async () => {
    const organization = await buildOrganization(t.db, { name: 'Compliance Tab Co' });
    const learner = await buildPerson(t.db, organization.id, { firstName: 'Lena' });
    const headers = await t.authAs(learner);
    const [basics, passwords, wifi, passkeys] = await Promise.all(['phishing-basics', 'passwords', 'public-wifi', 'passkeys'].map((slug) => builtinModule(t.db, slug)));

    // Nothing required yet: an empty tab, whatever is assigned.
    await t.db.insert(trainingAssignments).values({ organizationId: organization.id, personId: learner.id, moduleId: wifi!.id, dueAt: days(5) });
    expect((await t.app.inject({ method: 'GET', url: '/api/my-trainings/?tab=compliance', headers })).json()).toEqual({ items: [] });

    await t.db.insert(complianceFrameworkChoices).values([
      { organizationId: organization.id, frameworkId: 'iso27001', moduleIds: [passwords!.id, basics!.id] },
      { organizationId: organization.id, frameworkId: 'pci-dss', moduleIds: [basics!.id, passkeys!.id] },
    ]);
    const [open] = await t.db.insert(trainingAssignments).values({ organizationId: organization.id, personId: learner.id, moduleId: basics!.id, dueAt: days(10), status: 'in_progress' }).returning();
    await t.db.insert(trainingAssignments).values({ organizationId: organization.id, personId: learner.id, moduleId: basics!.id, dueAt: days(-300), status: 'completed', completedAt: days(-310), score: 90 });
    await t.db.insert(trainingAssignments).values({ organizationId: organization.id, personId: learner.id, moduleId: passwords!.id, dueAt: days(-400), status: 'completed', completedAt: days(-400), score: 80 });
    const [latest] = await t.db.insert(trainingAssignments).values({ organizationId: organization.id, personId: learner.id, moduleId: passwords!.id, dueAt: days(-30), status: 'completed', completedAt: days(-35), score: 100 }).returning();
    await t.db.insert(trainingAssignments).values({ organizationId: organization.id, personId: learner.id, moduleId: passkeys!.id, dueAt: days(3), status: 'cancelled', cancelledAt: days(-1) });

    const response = await t.app.inject({ method: 'GET', url: '/api/my-trainings/?tab=compliance', headers });
    expect(response.statusCode, response.body).toBe(200);
    // passwords (latest pass), phishing basics (the open round); passkeys is cancelled, public Wi-Fi not required.
    expect(response.json().items.map((item: { id: string; status: string; score: number | null }) => [item.id, item.status, item.score])).toEqual([
      [latest!.id, 'completed', 100],
      [open!.id, 'in_progress', null],
    ]);
    expect(response.json().items[0].certificateUrl).toBe(`/api/my-trainings/${latest!.id}/certificate/`);

    const bad = await t.app.inject({ method: 'GET', url: '/api/my-trainings/?tab=frameworks', headers });
    expect(bad.json().error.details).toEqual([expect.objectContaining({ field: 'querystring.tab', problem: 'must be learning, completed or compliance' })]);
  });
});
