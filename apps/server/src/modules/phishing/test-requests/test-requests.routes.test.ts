import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, campaigns, phishingTemplates, testRequests } from '@vigil/db';
import { type FakeLlm, startFakeLlm } from '../../../test/fake-llm.ts';
import { buildDepartment, buildOrganization, buildPerson } from '../../../test/factories.ts';
import { buildSendingProfile } from '../../../test/phishing-factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { syncBuiltinContent } from '../builtin-content.ts';

const apiKey = 'sk-vigil-test-key';
const env: Record<string, string> = { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', LLM_MODEL: 'vigil-test-model', LLM_API_KEY: apiKey };
let fake: FakeLlm;
// Before the app is built: its LLM_BASE_URL is this server's.
beforeAll(async () => {
  fake = await startFakeLlm({ apiKey });
  env.LLM_BASE_URL = fake.baseUrl;
});
afterAll(async () => fake?.close());
const t = useTestApp(env);
beforeAll(async () => {
  await syncBuiltinContent(t.db);
});

/** What a good model answers: the two files of a built-in template in one object. */
const goodLure = (overrides: { html?: string } = {}) =>
  JSON.stringify({
    template: {
      category: 'finance-invoices',
      vector: 'email-link',
      fromAddress: 'accounts@{{sender_domain}}',
      phishScale: { cues: { errors: 0, technical: 2, visual: 0, language: 1, tactics: 2 }, premiseAlignment: 'high' },
    },
    en_us: {
      name: 'Supplier changed its bank details',
      scenario: 'A regular supplier says its bank changed and asks accounts payable to confirm the new details through a link.',
      fromName: 'Accounts Receivable',
      subject: 'Updated bank details for invoice 4471',
      html: overrides.html ?? '<p>Hello {{first_name}},</p><p>Our bank has changed. Please confirm the new details before paying invoice 4471: <a href="{{link}}">confirm details</a></p><font color="red">Thank you</font>',
      text: 'Hello {{first_name}}, our bank has changed. Please confirm the new details before paying invoice 4471: {{link}}',
      redFlags: [
        { cue: 'tactics', title: 'Changed bank details', explanation: 'A change of bank details by email is the classic invoice fraud: confirm by phone with a number you already have.' },
        { cue: 'technical', title: 'A lookalike sender', explanation: 'The sender’s domain is one letter away from the supplier’s real one; read the whole address.' },
      ],
    },
  });

const buildCompany = async ({ profile = true } = {}) => {
  const organization = await buildOrganization(t.db, { name: 'Request Trial' });
  const admin = await buildPerson(t.db, organization.id, { role: 'Admin' });
  const finance = await buildDepartment(t.db, organization.id, 'Finance');
  await buildPerson(t.db, organization.id, { departmentId: finance.id });
  const sending = profile ? await buildSendingProfile(t.db, t.app.secrets, organization.id, { host: '127.0.0.1', port: 25 }) : undefined;
  return { organization, admin, finance, profile: sending, headers: await t.authAs(admin) };
};
type Company = Awaited<ReturnType<typeof buildCompany>>;

const scenario = 'A supplier emails accounts payable that its bank details changed and asks them to confirm the new account before the overdue invoice is paid.';

const request = (company: Company, body: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/test-requests/', headers: company.headers, payload: { scenario, who: 'Accounts payable clerks', departmentIds: [company.finance.id], ...body } });

describe('custom test requests', () => {
  it('stores the request, a draft campaign named after it with built-in invoice lures, and the model’s draft lure waiting for approval', async () => {
    const company = await buildCompany();
    fake.answerWith({ kind: 'content', content: goodLure() });
    const response = await request(company);
    expect(response.statusCode, response.body).toBe(201);
    const { request: stored, draft } = response.json();
    expect(draft).toEqual({ outcome: 'drafted', message: null });
    expect(stored).toMatchObject({ scenario, who: 'Accounts payable clerks', status: 'drafted', template: { name: 'Supplier changed its bank details', status: 'draft' } });
    expect(stored.campaign).toMatchObject({ status: 'draft' });
    expect(stored.campaign.name).toMatch(/^Custom test: A supplier emails accounts payable/);

    // The campaign: the first sending profile, the departments asked for, built-in lures of the matched category.
    const [campaign] = await t.db.select().from(campaigns).where(eq(campaigns.id, stored.campaign.id));
    expect(campaign).toMatchObject({ sendingProfileId: company.profile!.id, audience: { kind: 'departments', ids: [company.finance.id] }, businessHoursOnly: true });
    const set = await t.db.select().from(phishingTemplates).where(and(eq(phishingTemplates.source, 'builtin')));
    const chosen = set.filter((template) => campaign!.templateIds.includes(template.id));
    expect(chosen.length).toBeGreaterThan(0);
    expect(chosen.every((template) => template.category === 'finance-invoices')).toBe(true);

    // The draft lure: generated, cleaned by the lure allow-list, not sendable yet.
    const [lure] = await t.db.select().from(phishingTemplates).where(eq(phishingTemplates.id, stored.template.id));
    expect(lure).toMatchObject({ organizationId: company.organization.id, source: 'generated', status: 'draft', category: 'finance-invoices', vector: 'email-link' });
    expect(JSON.stringify(lure!.texts)).not.toContain('<font');
    const useDraft = await t.app.inject({ method: 'PATCH', url: `/api/campaigns/${stored.campaign.id}/`, headers: company.headers, payload: { templateIds: [stored.template.id] } });
    expect(useDraft.statusCode).toBe(400);
    expect(useDraft.json().error.message).toContain('a draft');
    expect((await t.app.inject({ method: 'POST', url: `/api/phishing-templates/${stored.template.id}/approve/`, headers: company.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/campaigns/${stored.campaign.id}/`, headers: company.headers, payload: { templateIds: [stored.template.id] } })).statusCode).toBe(200);

    // What the model was asked: the rules, the JSON shape, and the admin's words.
    const sent = fake.requests.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${apiKey}`);
    expect(sent.body.response_format).toEqual({ type: 'json_object' });
    expect(sent.body.messages![0]!.content).toContain('<a href=\\"{{link}}\\">');
    expect(sent.body.messages![1]!.content).toContain(scenario);
    expect(sent.body.messages![1]!.content).toContain('Accounts payable clerks');

    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.organizationId, company.organization.id))).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['phishing.test-request.create', 'campaign.create', 'phishing.template.generate', 'phishing.template.approve']));

    const list = (await t.app.inject({ method: 'GET', url: '/api/test-requests/', headers: company.headers })).json();
    expect(list).toMatchObject({ llmConfigured: true, items: [{ id: stored.id, template: { status: 'active' } }] });
  });

  it('keeps the request and its campaign when the model fails, says why, and drafts again on request', async () => {
    const company = await buildCompany();
    fake.answerWith({ kind: 'server-error' });
    const failed = (await request(company)).json();
    expect(failed.draft.outcome).toBe('failed');
    expect(failed.draft.message).toMatch(/failed \(500\)/);
    expect(failed.request).toMatchObject({ status: 'submitted', template: null, campaign: { status: 'draft' } });

    fake.answerWith({ kind: 'content', content: 'Here is a lovely phishing email for you!' });
    const malformed = (await t.app.inject({ method: 'POST', url: `/api/test-requests/${failed.request.id}/draft/`, headers: company.headers })).json();
    expect(malformed.draft).toEqual({ outcome: 'failed', message: 'The language model did not answer with JSON' });

    fake.answerWith({ kind: 'content', content: goodLure({ html: '<p>Hello {{first_name}}, our bank changed; please confirm the new details today.</p>' }) });
    const unsound = (await t.app.inject({ method: 'POST', url: `/api/test-requests/${failed.request.id}/draft/`, headers: company.headers })).json();
    expect(unsound.draft.outcome).toBe('failed');
    expect(unsound.draft.message).toContain('html must contain {{link}}');

    fake.answerWith({ kind: 'content', content: goodLure() });
    const retried = await t.app.inject({ method: 'POST', url: `/api/test-requests/${failed.request.id}/draft/`, headers: company.headers });
    expect(retried.json()).toMatchObject({ draft: { outcome: 'drafted' }, request: { status: 'drafted', template: { status: 'draft' } } });
    expect((await t.app.inject({ method: 'POST', url: `/api/test-requests/${failed.request.id}/draft/`, headers: company.headers })).statusCode).toBe(409);
    expect(await t.db.select().from(testRequests).where(eq(testRequests.organizationId, company.organization.id))).toHaveLength(1);
  });

  it('names the field for bad input, asks for a sending profile first, and is for admins only', async () => {
    const company = await buildCompany();
    const other = await buildCompany();
    const refused = async (body: Record<string, unknown>, field: string) => {
      const response = await request(company, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.details[0].field).toBe(field);
    };
    await refused({ scenario: 'too short' }, 'body.scenario');
    await refused({ departmentIds: [other.finance.id] }, 'body.departmentIds');
    await refused({ who: 'bad\u0000who' }, 'body.who');

    const without = await buildCompany({ profile: false });
    const noProfile = await request(without);
    expect(noProfile.statusCode).toBe(409);
    expect(noProfile.json().error.message).toContain('sending profile');

    const user = await buildPerson(t.db, company.organization.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/test-requests/', headers: await t.authAs(user) })).statusCode).toBe(403);
    expect(await t.db.select().from(testRequests).where(eq(testRequests.organizationId, company.organization.id))).toEqual([]);
  });
});
