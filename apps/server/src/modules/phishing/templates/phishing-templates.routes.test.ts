import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CreatePhishingTemplateInput } from '@vigil/contracts';
import { auditLog, phishingTemplates } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { builtinLandingPageId, builtinTemplateId, syncBuiltinContent } from '../builtin-content.ts';

const t = useTestApp();
beforeAll(async () => {
  await syncBuiltinContent(t.db);
});

const redFlags = [
  { cue: 'tactics', title: 'A deadline of today', explanation: 'Pressure to act quickly is meant to stop you checking.' },
  { cue: 'technical', title: 'An odd sender', explanation: 'The domain is not quite the one your company uses.' },
] as const;

const ownTemplate = (overrides: Partial<CreatePhishingTemplateInput> = {}, words: Record<string, unknown> = {}): CreatePhishingTemplateInput => ({
  category: 'it-password',
  vector: 'email-link',
  fromAddress: 'helpdesk@{{sender_domain}}',
  phishScale: { cues: { errors: 0, technical: 1, visual: 0, language: 1, tactics: 1 }, premiseAlignment: 'high' },
  texts: {
    en_us: {
      name: 'Mailbox almost full',
      scenario: 'The help desk says the mailbox is full and offers more space through a link.',
      fromName: 'Help Desk',
      subject: 'Your mailbox is almost full',
      html: '<p>Hello {{first_name}},</p><p><a href="{{link}}">Get more space</a></p>',
      text: 'Hello {{first_name}}, get more space: {{link}}',
      redFlags: [...redFlags],
      ...words,
    },
  },
  ...overrides,
});

const buildAdmin = async (role: 'Admin' | 'Superadmin' | 'Manager' | 'User' = 'Admin') => {
  const org = await buildOrganization(t.db, { name: `Lure Test ${Math.random().toString(36).slice(2, 7)}` });
  const admin = await buildPerson(t.db, org.id, { role, firstName: 'Marcus', lastName: 'Bell', jobTitle: 'IT Manager' });
  return { org, admin, headers: await t.authAs(admin) };
};

const create = async (headers: { authorization: string }, body: unknown = ownTemplate()) =>
  t.app.inject({ method: 'POST', url: '/api/phishing-templates/', headers, payload: body as object });

const expiry = builtinTemplateId('it-password-expiry');
// A built-in written in French and German too.
const deposit = builtinTemplateId('payroll-direct-deposit-confirmation');

describe('the built-in library', () => {
  it('loads again without changing anything, also when several servers start at once', async () => {
    const before = await t.db.select().from(phishingTemplates).where(eq(phishingTemplates.id, expiry));
    await Promise.all([syncBuiltinContent(t.db), syncBuiltinContent(t.db)]);
    const after = await t.db.select().from(phishingTemplates).where(eq(phishingTemplates.id, expiry));
    expect(after).toEqual(before);
    expect(after[0]).toMatchObject({ organizationId: null, source: 'builtin', builtinSlug: 'it-password-expiry', landingPageId: builtinLandingPageId('office-sign-in') });
  });

  it('moves a built-in row to a newer version of its file', async () => {
    await t.db.update(phishingTemplates).set({ version: 0, difficulty: 1 }).where(eq(phishingTemplates.id, expiry));
    await syncBuiltinContent(t.db);
    const [row] = await t.db.select().from(phishingTemplates).where(eq(phishingTemplates.id, expiry));
    expect(row!.version).toBeGreaterThanOrEqual(1);
    expect(row!.difficulty).not.toBe(1);
  });
});

describe('GET /api/phishing-templates/', () => {
  it('answers 401 without a session and 403 to someone who is not an admin', async () => {
    expect((await t.app.inject({ url: '/api/phishing-templates/' })).statusCode).toBe(401);
    for (const role of ['Manager', 'User'] as const) {
      const { headers } = await buildAdmin(role);
      const response = await t.app.inject({ url: '/api/phishing-templates/', headers });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('lists built-ins and the organisation’s own, filtered, page by page', async () => {
    const { headers } = await buildAdmin('Superadmin');
    const mine = (await create(headers)).json().template;
    const everything = [];
    let cursor: string | null = null;
    do {
      const response = await t.app.inject({ url: `/api/phishing-templates/?limit=7${cursor ? `&cursor=${cursor}` : ''}`, headers });
      expect(response.statusCode).toBe(200);
      const page: { items: { id: string }[]; nextCursor: string | null } = response.json();
      everything.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    const ids = everything.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(mine.id);
    expect(ids).toContain(expiry);

    const own = (await t.app.inject({ url: '/api/phishing-templates/?source=own', headers })).json();
    expect(own.items.map((item: { id: string }) => item.id)).toEqual([mine.id]);
    expect(own.items[0]).toMatchObject({ source: 'custom', can: { edit: true, copy: true, archive: true } });

    const filtered = (await t.app.inject({ url: '/api/phishing-templates/?category=hr-payroll&vector=credential-harvest&language=fr_fr&search=BANCAIRES', headers })).json();
    expect(filtered.items.map((item: { id: string }) => item.id)).toEqual([deposit]);
    // In the product's order, whatever order the database keeps the JSON keys in.
    expect(filtered.items[0].languages).toEqual(['en_us', 'fr_fr', 'de_de', 'es_es']);
    expect(filtered.items[0]).toMatchObject({ language: 'fr_fr', name: 'Confirmer ses coordonnées bancaires dans le nouveau portail de paie', source: 'builtin', can: { edit: false, copy: true, archive: false } });

    const hardest = (await t.app.inject({ url: '/api/phishing-templates/?difficulty=5', headers })).json();
    expect(hardest.items.length).toBeGreaterThan(0);
    for (const item of hardest.items) expect(item.difficulty).toBe(5);
  });

  it('answers 400 naming the field for a bad filter or a cursor it never gave out', async () => {
    const { headers } = await buildAdmin();
    const bad = await t.app.inject({ url: '/api/phishing-templates/?difficulty=9', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('querystring.difficulty');
    const cursor = await t.app.inject({ url: '/api/phishing-templates/?cursor=bm9wZQ', headers });
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().error.details[0].field).toBe('query.cursor');
  });
});

describe('POST /api/phishing-templates/', () => {
  it('stores a lure clean of scripts, event handlers and javascript: links, and says what it removed', async () => {
    const { headers, org } = await buildAdmin();
    const response = await create(
      headers,
      ownTemplate({}, { html: '<p>Hi {{first_name}}</p><script>alert(1)</script><img src="https://e.example/a.png" onerror="alert(2)"><a href="javascript:alert(3)">x</a><p><a href="{{link}}">Open</a></p>' }),
    );
    expect(response.statusCode).toBe(201);
    const { template, changes } = response.json();
    expect(template).toMatchObject({ source: 'custom', status: 'active', difficulty: 5, nistDifficulty: 'very difficult' });
    const [stored] = await t.db.select().from(phishingTemplates).where(eq(phishingTemplates.id, template.id));
    const html = (stored!.texts as Record<string, { html: string }>).en_us!.html;
    expect(html).toBe('<p>Hi {{first_name}}</p><img src="https://e.example/a.png" /><a>x</a><p><a href="{{link}}">Open</a></p>');
    expect(changes).toEqual([
      { field: 'body.texts.en_us.html', change: 'Removed the <script> element' },
      { field: 'body.texts.en_us.html', change: 'Removed the onerror event handler on <img>' },
      { field: 'body.texts.en_us.html', change: 'Removed a javascript: address in <a href>' },
    ]);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, org.id), eq(auditLog.targetId, template.id)));
    expect(audit).toMatchObject({ action: 'phishing.template.create', targetType: 'phishing_template' });
  });

  it.each([
    ['subject', 'body.texts.en_us.subject'],
    ['fromName', 'body.texts.en_us.fromName'],
  ])('refuses a line break in the %s (a header injection) with 400 naming the field', async (field, path) => {
    const { headers } = await buildAdmin();
    const response = await create(headers, ownTemplate({}, { [field]: 'Hello\r\nBcc: everyone@example.com' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toContainEqual({ field: path, problem: 'must not contain control characters such as tabs or line breaks' });
  });

  it('refuses variables that do not exist, a lure without its link, and a landing page of nowhere', async () => {
    const { headers } = await buildAdmin();
    const unknown = await create(headers, ownTemplate({}, { html: '<p>{{password}} {{link}}</p>' }));
    expect(unknown.json().error.details[0]).toMatchObject({ field: 'body.texts.en_us.html', problem: expect.stringContaining('{{password}}') });
    const noLink = await create(headers, ownTemplate({}, { html: '<p>Hello there, nothing to click.</p>' }));
    expect(noLink.json().error.details).toContainEqual({ field: 'body.texts.en_us.html', problem: 'must contain {{link}}' });
    const harvest = await create(headers, ownTemplate({ vector: 'credential-harvest', landingPageId: '00000000-0000-4000-8000-000000000000' }));
    expect(harvest.statusCode).toBe(400);
    expect(harvest.json().error.details).toEqual([{ field: 'body.landingPageId', problem: 'is not a landing page this organization can use' }]);
  });

  it('refuses someone who is not an admin', async () => {
    const { headers } = await buildAdmin('Manager');
    expect((await create(headers)).statusCode).toBe(403);
  });
});

describe('changing templates', () => {
  it('copies a built-in into an editable one, then changes and archives the copy', async () => {
    const { headers } = await buildAdmin();
    const copied = await t.app.inject({ method: 'POST', url: `/api/phishing-templates/${deposit}/copy/`, headers });
    expect(copied.statusCode).toBe(201);
    const copy = copied.json().template;
    expect(copy).toMatchObject({ source: 'custom', name: 'Confirm direct deposit details in the new payroll portal (copy)', category: 'hr-payroll', vector: 'credential-harvest', can: { edit: true } });
    expect(copy.languages).toEqual(expect.arrayContaining(['en_us', 'fr_fr']));

    const patched = await t.app.inject({ method: 'PATCH', url: `/api/phishing-templates/${copy.id}/`, headers, payload: { status: 'draft', category: 'mfa-fatigue' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().template).toMatchObject({ status: 'draft', category: 'mfa-fatigue', version: 2 });

    const broken = await t.app.inject({ method: 'PATCH', url: `/api/phishing-templates/${copy.id}/`, headers, payload: { vector: 'sms' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.details).toContainEqual({ field: 'body.texts.en_us.sms', problem: 'is required for a text message' });

    expect((await t.app.inject({ method: 'DELETE', url: `/api/phishing-templates/${copy.id}/`, headers })).statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/phishing-templates/${copy.id}/`, headers })).statusCode).toBe(404);
  });

  it('keeps built-ins read-only with 403 and a message that says what to do', async () => {
    const { headers } = await buildAdmin('Superadmin');
    for (const request of [
      { method: 'PATCH' as const, url: `/api/phishing-templates/${expiry}/`, payload: { status: 'draft' } },
      { method: 'DELETE' as const, url: `/api/phishing-templates/${expiry}/` },
    ]) {
      const response = await t.app.inject({ ...request, headers });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe('Built-in templates are read-only; copy this template to make an editable one of your own.');
    }
  });

  it('answers 404 for another organisation’s template, whatever the route', async () => {
    const other = await buildAdmin();
    const theirs = (await create(other.headers)).json().template;
    const { headers } = await buildAdmin();
    for (const request of [
      { method: 'GET' as const, url: `/api/phishing-templates/${theirs.id}/` },
      { method: 'GET' as const, url: `/api/phishing-templates/${theirs.id}/preview/` },
      { method: 'POST' as const, url: `/api/phishing-templates/${theirs.id}/copy/` },
      { method: 'PATCH' as const, url: `/api/phishing-templates/${theirs.id}/`, payload: { status: 'draft' } },
      { method: 'DELETE' as const, url: `/api/phishing-templates/${theirs.id}/` },
    ]) {
      const response = await t.app.inject({ ...request, headers });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(response.body).not.toContain('Mailbox almost full');
    }
    const [row] = await t.db.select().from(phishingTemplates).where(eq(phishingTemplates.id, theirs.id));
    expect(row).toMatchObject({ status: 'active', archivedAt: null });
  });
});

describe('GET /api/phishing-templates/{id}/preview/', () => {
  it('renders the lure with the admin’s own details and links that lead nowhere', async () => {
    const { headers, org } = await buildAdmin();
    const response = await t.app.inject({ url: `/api/phishing-templates/${deposit}/preview/?language=de_de`, headers });
    expect(response.statusCode).toBe(200);
    const preview = response.json();
    expect(preview).toMatchObject({ language: 'de_de', fromAddress: 'payroll@sender-domain.example', sms: null, attachment: null });
    expect(preview.html).toContain('Marcus');
    expect(preview.html).toContain(org.name);
    expect(preview.html).toContain(`${t.config.phish.publicUrl}/c/preview`);
    expect(preview.redFlags.length).toBeGreaterThanOrEqual(2);
  });

  it('draws the QR code of a QR lure', async () => {
    const { headers } = await buildAdmin();
    const preview = (await t.app.inject({ url: `/api/phishing-templates/${builtinTemplateId('payroll-app-qr-registration')}/preview/`, headers })).json();
    expect(preview.html).toMatch(/<img src="data:image\/png;base64,[^"]+" alt="QR code"/);
  });
});

const eml = [
  'From: "Payroll Team" <payroll@evil-payroll.example>',
  'To: someone@example.com',
  'Subject: Confirm your bank details',
  'MIME-Version: 1.0',
  'Content-Type: multipart/alternative; boundary="b1"',
  '',
  '--b1',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Please confirm at https://evil-payroll.example/confirm?id=1 today.',
  '--b1',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<p>Please <a href="https://evil-payroll.example/confirm?id=1">confirm</a> today.</p><img src="https://evil-payroll.example/pixel.gif"><script>steal()</script>',
  '--b1--',
  '',
].join('\r\n');

describe('POST /api/phishing-templates/import-eml/', () => {
  it('turns an .eml into a clean draft and lists what it changed', async () => {
    const { headers } = await buildAdmin();
    const response = await t.app.inject({ method: 'POST', url: '/api/phishing-templates/import-eml/?category=hr-payroll', headers: { ...headers, 'content-type': 'message/rfc822' }, payload: eml });
    expect(response.statusCode).toBe(201);
    const { template, changes } = response.json();
    expect(template).toMatchObject({ source: 'imported', status: 'draft', category: 'hr-payroll', vector: 'email-link', fromAddress: 'payroll@{{sender_domain}}', name: 'Confirm your bank details' });
    expect(template.texts.en_us).toMatchObject({
      fromName: 'Payroll Team',
      subject: 'Confirm your bank details',
      html: '<p>Please <a href="{{link}}">confirm</a> today.</p>',
      text: 'Please confirm at {{link}} today.',
    });
    expect(changes.map((change: { change: string }) => change.change)).toEqual(
      expect.arrayContaining(['1 link now leads to {{link}}', '1 image loaded from elsewhere removed', 'Removed the <script> element', '1 web address replaced by {{link}}']),
    );
  });

  it('refuses what is not a message, and someone who is not an admin', async () => {
    const { headers } = await buildAdmin();
    const empty = await t.app.inject({ method: 'POST', url: '/api/phishing-templates/import-eml/', headers: { ...headers, 'content-type': 'message/rfc822' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details[0].field).toBe('body');
    const manager = await buildAdmin('Manager');
    expect((await t.app.inject({ method: 'POST', url: '/api/phishing-templates/import-eml/', headers: { ...manager.headers, 'content-type': 'message/rfc822' }, payload: eml })).statusCode).toBe(403);
  });
});

describe('landing pages', () => {
  it('lists the built-in pages with their fields, and previews one personalised', async () => {
    const { headers, org } = await buildAdmin();
    const list = await t.app.inject({ url: '/api/landing-pages/', headers });
    expect(list.statusCode).toBe(200);
    const office = list.json().items.find((item: { id: string }) => item.id === builtinLandingPageId('office-sign-in'));
    expect(office).toMatchObject({ source: 'builtin', languages: expect.arrayContaining(['en_us']), fields: expect.arrayContaining([expect.objectContaining({ kind: 'password' })]) });
    const preview = await t.app.inject({ url: `/api/landing-pages/${office.id}/preview/`, headers });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().html).toMatch(/^<!doctype html>/i);
    expect(preview.json().html).not.toContain('{{company}}');
    expect(preview.json().html).toContain(org.name);
    expect(preview.json().html).toMatch(/<style>\n:root\{--accent:#2563eb;--accent-tint:#dbeafe\}\n\*\{box-sizing:border-box\}[^<]*<\/style>\n<\/head>/);
  });

  it('answers 401, 403 and 404 as the library does', async () => {
    expect((await t.app.inject({ url: '/api/landing-pages/' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/landing-pages/', headers: (await buildAdmin('User')).headers })).statusCode).toBe(403);
    const { headers } = await buildAdmin();
    expect((await t.app.inject({ url: '/api/landing-pages/00000000-0000-4000-8000-000000000000/preview/', headers })).statusCode).toBe(404);
  });
});

describe('POST /api/phishing-templates/{id}/approve/', () => {
  it('makes a draft active, audited, once; a draft without red flags must get them first; built-ins stay read-only', async () => {
    const { org, headers } = await buildAdmin();
    const draft = (await create(headers, ownTemplate({ status: 'draft' }))).json().template;
    expect(draft.status).toBe('draft');
    // An edit cannot make it live on the side of the approval.
    const sideways = await t.app.inject({ method: 'PATCH', url: `/api/phishing-templates/${draft.id}/`, headers, payload: { status: 'active' } });
    expect(sideways.statusCode).toBe(400);
    expect(sideways.json().error.details[0].field).toBe('body.status');

    const approved = await t.app.inject({ method: 'POST', url: `/api/phishing-templates/${draft.id}/approve/`, headers });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().template).toMatchObject({ id: draft.id, status: 'active' });
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, org.id), eq(auditLog.action, 'phishing.template.approve')));
    expect(entry).toMatchObject({ targetId: draft.id, actorKind: 'person' });
    expect((await t.app.inject({ method: 'POST', url: `/api/phishing-templates/${draft.id}/approve/`, headers })).statusCode).toBe(409);

    const bare = (await create(headers, ownTemplate({ status: 'draft' }, { redFlags: [] }))).json().template;
    const refused = await t.app.inject({ method: 'POST', url: `/api/phishing-templates/${bare.id}/approve/`, headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details[0].field).toBe('body.texts.en_us.redFlags');

    expect((await t.app.inject({ method: 'POST', url: `/api/phishing-templates/${expiry}/approve/`, headers })).statusCode).toBe(403);
    const user = await buildPerson(t.db, org.id, { role: 'User' });
    expect((await t.app.inject({ method: 'POST', url: `/api/phishing-templates/${bare.id}/approve/`, headers: await t.authAs(user) })).statusCode).toBe(403);
  });
});
