import { and, eq, isNull } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { type NewTrainingAssignmentRow, auditLog, policies, policyAcknowledgements, policyVersions, trainingAssignments, trainingCadenceRules } from '@vigil/db';
import type { CompliancePerson, ComplianceStatus } from '@vigil/contracts';
import type { JobContext } from '../../lib/jobs.ts';
import { buildDepartment, buildOrganization, buildPerson } from '../../test/factories.ts';
import { readPdfText } from '../../test/pdf-text-reader.ts';
import { useTestApp } from '../../test/test-app.ts';
import { builtinModule, syncLessons } from '../../test/training-factories.ts';
import { complianceRetentionJob } from './compliance.jobs.ts';
import { type PersonComplianceFacts, complianceStatusOf, periodStartOf } from './compliance-status.ts';
import { selectRequiredModuleIds } from './frameworks/compliance-frameworks.repository.ts';
import { findFramework } from './frameworks/framework-catalogue.ts';

const t = useTestApp();
beforeAll(async () => {
  await syncLessons(t.db);
});

const dayMs = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * dayMs);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

const buildCompany = async () => {
  const organization = await buildOrganization(t.db, { name: `Łódź Freight ${crypto.randomUUID().slice(0, 6)}` });
  const admin = await buildPerson(t.db, organization.id, { role: 'Admin', firstName: 'Ava', lastName: 'Admin' });
  const user = await buildPerson(t.db, organization.id, { firstName: 'Uma', lastName: 'User' });
  return { organization, admin, user, headers: await t.authAs(admin) };
};
type Company = Awaited<ReturnType<typeof buildCompany>>;

const choose = (company: Company, id: string, payload: Record<string, unknown> = {}) => t.app.inject({ method: 'PUT', url: `/api/compliance/frameworks/${id}/`, headers: company.headers, payload });
const fields = (response: { json: () => { error: { details: { field: string }[] } } }) => response.json().error.details.map((detail) => detail.field);

const assignment = (company: Company, personId: string, moduleId: string, values: Partial<NewTrainingAssignmentRow>) =>
  t.db
    .insert(trainingAssignments)
    .values({ organizationId: company.organization.id, personId, moduleId, assignedAt: daysFromNow(-20), dueAt: daysFromNow(10), ...values })
    .returning()
    .then((rows) => rows[0]!);

const completed = (days: number, extra: Partial<NewTrainingAssignmentRow> = {}): Partial<NewTrainingAssignmentRow> => ({
  status: 'completed',
  assignedAt: daysFromNow(days - 5),
  dueAt: daysFromNow(days + 9),
  startedAt: daysFromNow(days - 1),
  completedAt: daysFromNow(days),
  score: 90,
  attempts: 1,
  moduleVersion: 1,
  certificateId: `VC-${crypto.randomUUID().slice(0, 13).toUpperCase()}`,
  ...extra,
});

describe('GET /api/compliance/frameworks/', () => {
  it('lists the catalogue with suggested modules before anything is chosen, for admins only', async () => {
    const company = await buildCompany();
    const response = await t.app.inject({ method: 'GET', url: '/api/compliance/frameworks/', headers: company.headers });
    expect(response.statusCode, response.body).toBe(200);
    const { frameworks } = response.json();
    expect(frameworks.map((framework: { id: string }) => framework.id)).toEqual(['iso27001', 'nist-800-53', 'pci-dss', 'hipaa', 'soc2', 'gdpr', 'nis2', 'dora']);
    const hipaa = frameworks.find((framework: { id: string }) => framework.id === 'hipaa');
    expect(hipaa).toMatchObject({ chosen: false, counts: null, shortName: 'HIPAA' });
    expect(hipaa.suggestedModules).toHaveLength(findFramework('hipaa')!.moduleSlugs.length);
    expect(hipaa.modules.map((module: { id: string }) => module.id)).toContain((await builtinModule(t.db, 'passwords')).id);
    expect((await t.app.inject({ method: 'GET', url: '/api/compliance/frameworks/', headers: await t.authAs(company.user) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/compliance/frameworks/' })).statusCode).toBe(401);
  });
});

describe('PUT and DELETE /api/compliance/frameworks/{id}/', () => {
  it('chooses a framework with its suggested modules and turns them into yearly and on-hire cadence rules, once', async () => {
    const company = await buildCompany();
    const first = await choose(company, 'iso27001');
    expect(first.statusCode, first.body).toBe(200);
    const iso = findFramework('iso27001')!;
    expect(first.json()).toMatchObject({ id: 'iso27001', chosen: true, counts: { total: 2 } });
    expect(first.json().modules).toHaveLength(iso.moduleSlugs.length);
    const rules = () => t.db.select().from(trainingCadenceRules).where(and(eq(trainingCadenceRules.organizationId, company.organization.id), isNull(trainingCadenceRules.deletedAt)));
    const made = await rules();
    expect(made).toHaveLength(iso.moduleSlugs.length * 2);
    expect(made.every((rule) => rule.frameworkId === 'iso27001' && rule.audience.kind === 'organization')).toBe(true);
    expect(made.filter((rule) => rule.cadence === 'on_hire').every((rule) => rule.newHireWindowDays === 30 && rule.dueInDays === 30)).toBe(true);
    expect(made.filter((rule) => rule.cadence === 'annual')).toHaveLength(iso.moduleSlugs.length);

    // Choosing again makes no second rule; narrowing the modules deletes the dropped modules' rules.
    expect((await choose(company, 'iso27001')).statusCode).toBe(200);
    expect(await rules()).toHaveLength(iso.moduleSlugs.length * 2);
    const basics = await builtinModule(t.db, 'phishing-basics');
    const narrowed = await choose(company, 'iso27001', { moduleIds: [basics.id] });
    expect(narrowed.json().modules.map((module: { id: string }) => module.id)).toEqual([basics.id]);
    expect((await rules()).map((rule) => rule.moduleId)).toEqual([basics.id, basics.id]);
    expect(await selectRequiredModuleIds(t.db, company.organization.id)).toEqual([basics.id]);
    // A new new-hire window becomes the on-hire rule's window and due days.
    await t.app.inject({ method: 'PUT', url: '/api/compliance/settings/', headers: company.headers, payload: { retentionYears: 6, newHireWindowDays: 45 } });
    expect((await rules()).find((rule) => rule.cadence === 'on_hire')).toMatchObject({ newHireWindowDays: 45, dueInDays: 45 });

    // Without cadence: the choice only.
    const passwords = await builtinModule(t.db, 'passwords');
    expect((await choose(company, 'soc2', { moduleIds: [passwords.id, basics.id], applyCadence: false })).statusCode).toBe(200);
    expect(await rules()).toHaveLength(2);
    expect(await selectRequiredModuleIds(t.db, company.organization.id)).toEqual([basics.id, passwords.id]);

    const overview = (await t.app.inject({ method: 'GET', url: '/api/compliance/frameworks/', headers: company.headers })).json();
    expect(overview.frameworks.slice(0, 2).map((framework: { id: string; chosen: boolean }) => [framework.id, framework.chosen])).toEqual([
      ['iso27001', true],
      ['soc2', true],
    ]);

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/compliance/frameworks/iso27001/', headers: company.headers });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await rules()).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/compliance/frameworks/iso27001/', headers: company.headers })).statusCode).toBe(404);
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.organizationId, company.organization.id))).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['compliance-framework.choose', 'compliance-framework.update', 'compliance-framework.remove', 'training-cadence-rule.create']));
  });

  it('refuses unknown frameworks and modules the organisation may not use, naming the field', async () => {
    const company = await buildCompany();
    expect(fields(await choose(company, 'sox'))).toEqual(['params.id']);
    expect(fields(await choose(company, 'gdpr', { moduleIds: [crypto.randomUUID()] }))).toEqual(['body.moduleIds.0']);
    expect(fields(await choose(company, 'gdpr', { moduleIds: [] }))).toEqual(['body.moduleIds']);
    const basics = await builtinModule(t.db, 'phishing-basics');
    expect(fields(await choose(company, 'gdpr', { moduleIds: [basics.id, basics.id] }))).toEqual(['body.moduleIds']);
    expect((await t.app.inject({ method: 'PUT', url: '/api/compliance/frameworks/gdpr/', headers: await t.authAs(company.user), payload: {} })).statusCode).toBe(403);
    expect(await selectRequiredModuleIds(t.db, company.organization.id)).toEqual([]);
  });
});

describe('who is compliant: GET /api/compliance/frameworks/{id}/people/', () => {
  it('works out each active person’s status by the rule, pages by key, filters, searches and exports CSV', async () => {
    const company = await buildCompany();
    const basics = await builtinModule(t.db, 'phishing-basics');
    const passwords = await builtinModule(t.db, 'passwords');
    expect((await choose(company, 'hipaa', { moduleIds: [basics.id, passwords.id], applyCadence: false })).statusCode).toBe(200);
    const department = await buildDepartment(t.db, company.organization.id, 'Wards');
    const person = (firstName: string, extra: Record<string, unknown> = {}) => buildPerson(t.db, company.organization.id, { firstName, lastName: 'Tester', departmentId: department.id, startDate: '2015-01-05', ...extra });

    // Each person with the facts the rule reads, and the status it gives.
    const cases: { name: string; facts: Omit<PersonComplianceFacts, 'required' | 'startDate'>; startDate?: string; arrange: (id: string) => Promise<unknown> }[] = [
      { name: 'Carla', facts: { passed: 2, open: 0, pastDue: 0 }, arrange: async (id) => Promise.all([assignment(company, id, basics.id, completed(-30)), assignment(company, id, passwords.id, completed(-200))]) },
      { name: 'Ines', facts: { passed: 1, open: 1, pastDue: 0 }, arrange: async (id) => Promise.all([assignment(company, id, basics.id, completed(-30)), assignment(company, id, passwords.id, {})]) },
      { name: 'Oscar', facts: { passed: 0, open: 2, pastDue: 1 }, arrange: async (id) => Promise.all([assignment(company, id, basics.id, { dueAt: daysFromNow(-1) }), assignment(company, id, passwords.id, {})]) },
      // Passed long ago: outside the 12 months, so the module counts as not passed.
      { name: 'Mona', facts: { passed: 1, open: 0, pastDue: 0 }, arrange: async (id) => Promise.all([assignment(company, id, basics.id, completed(-10)), assignment(company, id, passwords.id, completed(-400))]) },
      // A new hire 60 days in with nothing passed: overdue, though the assignments are not yet due.
      { name: 'Nina', facts: { passed: 0, open: 2, pastDue: 0 }, startDate: dayOf(daysFromNow(-60)), arrange: async (id) => Promise.all([assignment(company, id, basics.id, {}), assignment(company, id, passwords.id, {})]) },
      // A failed attempt leaves the module neither passed nor open.
      { name: 'Fred', facts: { passed: 1, open: 0, pastDue: 0 }, arrange: async (id) => Promise.all([assignment(company, id, basics.id, completed(-3)), assignment(company, id, passwords.id, { status: 'failed', failedAt: daysFromNow(-2), attempts: 3, moduleVersion: 1 })]) },
    ];
    const expected = new Map<string, ComplianceStatus>();
    const now = new Date();
    const clock = { today: dayOf(now), periodStart: dayOf(periodStartOf(now, 12)), newHireWindowDays: 30 };
    for (const entry of cases) {
      const row = await person(entry.name, entry.startDate ? { startDate: entry.startDate } : {});
      await entry.arrange(row.id);
      expected.set(row.email, complianceStatusOf({ ...entry.facts, required: 2, startDate: entry.startDate ?? '2015-01-05' }, clock));
    }
    expect([...expected.values()]).toEqual(['compliant', 'in_progress', 'overdue', 'missing', 'overdue', 'missing']);
    // Deactivated people are not counted (their records stay, see the evidence test).
    const leaver = await person('Lena', { isActive: false });
    await assignment(company, leaver.id, basics.id, completed(-5));

    const list = async (query = '') => {
      const response = await t.app.inject({ method: 'GET', url: `/api/compliance/frameworks/hipaa/people/${query}`, headers: company.headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { items: CompliancePerson[]; nextCursor: string | null };
    };
    const everyone = await list('?limit=200');
    // The admin and the user have nothing: missing.
    expect(everyone.items).toHaveLength(8);
    for (const item of everyone.items) expect(item.status, item.name).toBe(expected.get(item.email) ?? 'missing');
    expect(everyone.items.find((item) => item.name === 'Carla Tester')).toMatchObject({ passed: 2, required: 2, department: 'Wards', nextDueAt: null });
    expect(Date.parse(everyone.items.find((item) => item.name === 'Oscar Tester')!.nextDueAt!)).toBeLessThan(Date.now());

    const overview = (await t.app.inject({ method: 'GET', url: '/api/compliance/frameworks/', headers: company.headers })).json();
    expect(overview.frameworks[0]).toMatchObject({ id: 'hipaa', counts: { compliant: 1, inProgress: 1, overdue: 2, missing: 4, total: 8 } });

    // Keyset pages of two, in name order, nothing repeated or lost.
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((item) => item.personId));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(everyone.items.map((item) => item.personId));
    expect((await list('?status=overdue')).items.map((item) => item.name).sort()).toEqual(['Nina Tester', 'Oscar Tester']);
    expect((await list('?search=carl')).items.map((item) => item.name)).toEqual(['Carla Tester']);

    const csv = await t.app.inject({ method: 'GET', url: '/api/compliance/frameworks/hipaa/people/?format=csv&status=compliant', headers: company.headers });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe('person,email,department,start date,status,required modules passed,required modules,next due,last completed');
    expect(csv.body).toContain('Carla Tester');
    expect(csv.body).not.toContain('Ines');

    // A shorter new-hire window or retention outside its bounds.
    const settings = await t.app.inject({ method: 'PUT', url: '/api/compliance/settings/', headers: company.headers, payload: { retentionYears: 11, newHireWindowDays: 0 } });
    expect(fields(settings).sort()).toEqual(['body.newHireWindowDays', 'body.retentionYears']);
    expect((await t.app.inject({ method: 'GET', url: '/api/compliance/settings/', headers: company.headers })).json()).toEqual({ retentionYears: 6, newHireWindowDays: 30 });
    expect((await t.app.inject({ method: 'PUT', url: '/api/compliance/settings/', headers: company.headers, payload: { retentionYears: 7, newHireWindowDays: 90 } })).json()).toEqual({ retentionYears: 7, newHireWindowDays: 90 });
    expect((await list('?search=nina')).items[0]!.status).toBe('in_progress');

    expect((await t.app.inject({ method: 'GET', url: '/api/compliance/frameworks/gdpr/people/', headers: company.headers })).statusCode).toBe(404);
    expect(fields(await t.app.inject({ method: 'GET', url: '/api/compliance/frameworks/hipaa/people/?cursor=bm9wZQ', headers: company.headers }))).toEqual(['query.cursor']);
  });
});

describe('the evidence pack: GET /api/compliance/frameworks/{id}/evidence/', () => {
  it('exports every pass and failure in the range with module versions, deactivated people included, and a PDF summary', async () => {
    const company = await buildCompany();
    const basics = await builtinModule(t.db, 'phishing-basics');
    const gdpr = await builtinModule(t.db, 'gdpr-basics');
    expect((await choose(company, 'gdpr', { moduleIds: [gdpr.id, basics.id], applyCadence: false })).statusCode).toBe(200);
    const zofia = await buildPerson(t.db, company.organization.id, { firstName: 'Zofia', lastName: 'Łukasiewicz', email: 'zofia@example.com' });
    const leaver = await buildPerson(t.db, company.organization.id, { firstName: 'Lee', lastName: 'Leaver', isActive: false });
    await assignment(company, zofia.id, gdpr.id, completed(-10, { moduleVersion: 3, score: 85, certificateId: 'VC-AAAA-BBBB-CCCC' }));
    await assignment(company, leaver.id, basics.id, completed(-20, { score: 70 }));
    await assignment(company, zofia.id, basics.id, completed(-100));
    // Another framework's module, and an open assignment: not evidence of this one.
    await assignment(company, zofia.id, (await builtinModule(t.db, 'passkeys')).id, completed(-5));
    await assignment(company, leaver.id, gdpr.id, {});

    const from = dayOf(daysFromNow(-30));
    const to = dayOf(new Date());
    const csv = await t.app.inject({ method: 'GET', url: `/api/compliance/frameworks/gdpr/evidence/?format=csv&from=${from}&to=${to}`, headers: company.headers });
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('person,email,department,person active,module,module version,result,reason,assigned,due,started,completed,score,attempts,certificate id');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Lee Leaver');
    expect(lines[1]).toContain(',no (deactivated),');
    expect(lines[2]).toMatch(/^Zofia Łukasiewicz,zofia@example\.com,,yes,.+,3,passed,assigned,.+,85,1,VC-AAAA-BBBB-CCCC$/);

    const pdf = await t.app.inject({ method: 'GET', url: `/api/compliance/frameworks/gdpr/evidence/?from=${from}&to=${to}`, headers: company.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = readPdfText(pdf.rawPayload);
    expect(text).toContain('General Data Protection Regulation');
    expect(text).toContain(company.organization.name);
    expect(text).toContain('Art. 39(1)(b)');
    expect(text).toMatch(/Compliant\n1 \(33%\)/);
    expect(text).toContain(`Completions from ${from} to ${to}`);
    expect(text).toMatch(/1 passed in the range/);

    expect(fields(await t.app.inject({ method: 'GET', url: `/api/compliance/frameworks/gdpr/evidence/?from=${to}&to=${from}`, headers: company.headers }))).toEqual(['querystring.to']);
    expect(fields(await t.app.inject({ method: 'GET', url: `/api/compliance/frameworks/gdpr/evidence/?from=yesterday&to=${to}`, headers: company.headers }))).toEqual(['querystring.from']);
    expect((await t.app.inject({ method: 'GET', url: `/api/compliance/frameworks/nis2/evidence/?from=${from}&to=${to}`, headers: company.headers })).statusCode).toBe(404);
  });

  it('names the module version a learner passed through the quiz', async () => {
    const company = await buildCompany();
    const basics = await builtinModule(t.db, 'phishing-basics');
    const row = await assignment(company, company.user.id, basics.id, {});
    const learner = await t.authAs(company.user);
    await t.app.inject({ method: 'PUT', url: `/api/my-trainings/${row.id}/progress/`, headers: learner, payload: { watchedSeconds: basics.durationSeconds } });
    const quiz = await t.app.inject({ method: 'POST', url: `/api/my-trainings/${row.id}/quiz/`, headers: learner, payload: { language: 'en_us', answers: basics.answers } });
    expect(quiz.json().passed, quiz.body).toBe(true);
    const [after] = await t.db.select().from(trainingAssignments).where(eq(trainingAssignments.id, row.id));
    expect(after).toMatchObject({ status: 'completed', moduleVersion: basics.version });
  });
});

describe('compliance.retention', () => {
  it('deletes finished records older than the retention, keeps open ones and current acknowledgements, and does nothing more the second time', async () => {
    const company = await buildCompany();
    const other = await buildCompany();
    const basics = await builtinModule(t.db, 'phishing-basics');
    const now = new Date('2031-06-15T03:23:00Z');
    const yearsBefore = (years: number) => new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() - 1));
    const old = await assignment(company, company.user.id, basics.id, completed(0, { assignedAt: yearsBefore(7), dueAt: yearsBefore(7), startedAt: yearsBefore(7), completedAt: yearsBefore(7) }));
    const recent = await assignment(company, company.admin.id, basics.id, completed(0, { assignedAt: yearsBefore(5), dueAt: yearsBefore(5), startedAt: yearsBefore(5), completedAt: yearsBefore(5) }));
    const cancelled = await assignment(company, company.admin.id, basics.id, { status: 'cancelled', assignedAt: yearsBefore(8), dueAt: yearsBefore(8), cancelledAt: yearsBefore(8) });
    const open = await assignment(company, company.user.id, basics.id, { assignedAt: yearsBefore(8), dueAt: yearsBefore(8) });
    const otherOld = await assignment(other, other.user.id, basics.id, completed(0, { completedAt: yearsBefore(7), assignedAt: yearsBefore(7), dueAt: yearsBefore(7) }));
    // A policy whose version 1 was acknowledged 7 years ago and replaced; version 2 also acknowledged then.
    const [policy] = await t.db.insert(policies).values({ organizationId: company.organization.id, title: 'Acceptable use', audience: { kind: 'organization' } }).returning();
    const version = (number: number) => t.db.insert(policyVersions).values({ organizationId: company.organization.id, policyId: policy!.id, version: number, format: 'markdown', markdown: `# v${number}`, byteSize: 4, sha256: 'x' }).returning().then((rows) => rows[0]!);
    const [v1, v2] = [await version(1), await version(2)];
    await t.db.insert(policyAcknowledgements).values([
      { organizationId: company.organization.id, policyId: policy!.id, versionId: v1.id, personId: company.user.id, acknowledgedAt: yearsBefore(7) },
      { organizationId: company.organization.id, policyId: policy!.id, versionId: v2.id, personId: company.user.id, acknowledgedAt: yearsBefore(7) },
    ]);
    // The other organisation keeps records 10 years.
    await t.app.inject({ method: 'PUT', url: '/api/compliance/settings/', headers: other.headers, payload: { retentionYears: 10, newHireWindowDays: 30 } });

    const run = () => complianceRetentionJob.handler({ now: now.toISOString() }, { db: t.db, log: pino({ level: 'silent' }) } as unknown as JobContext);
    const left = async () => (await t.db.select({ id: trainingAssignments.id }).from(trainingAssignments)).map((row) => row.id);
    await run();
    const remaining = await left();
    expect(remaining).not.toContain(old.id);
    expect(remaining).not.toContain(cancelled.id);
    expect(remaining).toEqual(expect.arrayContaining([recent.id, open.id, otherOld.id]));
    const acknowledged = await t.db.select().from(policyAcknowledgements).where(eq(policyAcknowledgements.policyId, policy!.id));
    expect(acknowledged.map((row) => row.versionId)).toEqual([v2.id]);

    await run();
    expect((await left()).filter((id) => [recent.id, open.id, otherOld.id].includes(id))).toHaveLength(3);

    // One year: the five-year-old record goes too.
    await t.app.inject({ method: 'PUT', url: '/api/compliance/settings/', headers: company.headers, payload: { retentionYears: 1, newHireWindowDays: 30 } });
    await run();
    expect(await left()).not.toContain(recent.id);
    expect(await left()).toContain(open.id);
  });
});
