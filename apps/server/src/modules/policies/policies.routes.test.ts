import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, events, policyAcknowledgements } from '@vigil/db';
import { parse } from 'csv-parse/sync';
import { buildDepartment, buildOrganization, buildPerson } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

/** A small but complete PDF: header, one empty page, cross-reference table, trailer, %%EOF. */
const minimalPdf = () => {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

const buildCompany = async () => {
  const organization = await buildOrganization(t.db, { name: 'Policy Test Co' });
  const finance = await buildDepartment(t.db, organization.id, 'Finance');
  const admin = await buildPerson(t.db, organization.id, { role: 'Admin', firstName: 'Ada', lastName: 'Admin' });
  const owen = await buildPerson(t.db, organization.id, { role: 'User', firstName: 'Owen', lastName: 'Fletcher', departmentId: finance.id });
  const zoe = await buildPerson(t.db, organization.id, { role: 'User', firstName: 'Zoe', lastName: 'Young' });
  return { organization, finance, admin, owen, zoe, headers: await t.authAs(admin), owenHeaders: await t.authAs(owen), zoeHeaders: await t.authAs(zoe) };
};
type Company = Awaited<ReturnType<typeof buildCompany>>;

const createMarkdownPolicy = async (company: Company, payload: Record<string, unknown> = {}) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/policies/', headers: company.headers, payload: { title: 'Acceptable Use Policy', markdown: '# Acceptable use\n\nUse company devices for work.', ...payload } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};

describe('/api/policies/ and /api/my-policies/', () => {
  it('publishes version 1, lets the audience acknowledge it once, and asks everyone again when version 2 is published', async () => {
    const company = await buildCompany();
    const policy = await createMarkdownPolicy(company, { description: 'How we use company IT.' });
    expect(policy).toMatchObject({ title: 'Acceptable Use Policy', description: 'How we use company IT.', audience: { kind: 'organization' }, required: 3, acknowledged: 0, currentVersion: { version: 1, format: 'markdown', changeNote: '', publishedBy: 'Ada Admin' } });
    expect(policy.currentVersion.sha256).toMatch(/^[0-9a-f]{64}$/);

    const mine = await t.app.inject({ method: 'GET', url: '/api/my-policies/', headers: company.owenHeaders });
    expect(mine.json().items).toEqual([expect.objectContaining({ id: policy.id, status: 'to_acknowledge', acknowledgedAt: null, previousVersion: null })]);

    const reading = await t.app.inject({ method: 'GET', url: `/api/my-policies/${policy.id}/`, headers: company.owenHeaders });
    expect(reading.json().document).toMatchObject({ html: '<h1>Acceptable use</h1>\n<p>Use company devices for work.</p>', pdfUrl: null, markdown: null });

    const v1 = policy.currentVersion.id;
    const first = await t.app.inject({ method: 'POST', url: `/api/my-policies/${policy.id}/acknowledge/`, headers: company.owenHeaders, payload: { versionId: v1 } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'acknowledged', version: { version: 1 } });
    // Idempotent: the same answer, one row, one event.
    const again = await t.app.inject({ method: 'POST', url: `/api/my-policies/${policy.id}/acknowledge/`, headers: company.owenHeaders, payload: { versionId: v1 } });
    expect(again.json().acknowledgedAt).toBe(first.json().acknowledgedAt);
    const acknowledged = await t.db.select().from(events).where(and(eq(events.organizationId, company.organization.id), eq(events.type, 'policy_acknowledged')));
    expect(acknowledged).toEqual([expect.objectContaining({ personId: company.owen.id, data: { policyId: policy.id, versionId: v1, version: 1 } })]);

    const listed = await t.app.inject({ method: 'GET', url: '/api/policies/', headers: company.headers });
    expect(listed.json().items[0]).toMatchObject({ id: policy.id, required: 3, acknowledged: 1 });

    // Version 2 needs a change note, then asks Owen again.
    const noNote = await t.app.inject({ method: 'POST', url: `/api/policies/${policy.id}/versions/`, headers: company.headers, payload: { markdown: '# Acceptable use\n\nv2' } });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.details).toEqual([expect.objectContaining({ field: 'body.changeNote' })]);
    const v2 = await t.app.inject({ method: 'POST', url: `/api/policies/${policy.id}/versions/`, headers: company.headers, payload: { markdown: '# Acceptable use\n\nUse company devices for work. Report loss within an hour.', changeNote: 'Lost devices must be reported within an hour.' } });
    expect(v2.statusCode, v2.body).toBe(201);
    expect(v2.json()).toMatchObject({ acknowledged: 0, required: 3, currentVersion: { version: 2, changeNote: 'Lost devices must be reported within an hour.' } });
    expect(v2.json().versions.map((version: { version: number }) => version.version)).toEqual([2, 1]);

    const afterV2 = await t.app.inject({ method: 'GET', url: '/api/my-policies/', headers: company.owenHeaders });
    expect(afterV2.json().items).toEqual([expect.objectContaining({ status: 'to_acknowledge', previousVersion: 1, version: expect.objectContaining({ version: 2 }) })]);

    // The stale version is refused, naming the field; the current one is accepted.
    const stale = await t.app.inject({ method: 'POST', url: `/api/my-policies/${policy.id}/acknowledge/`, headers: company.owenHeaders, payload: { versionId: v1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'CONFLICT', details: [expect.objectContaining({ field: 'body.versionId' })] });
    const current = await t.app.inject({ method: 'POST', url: `/api/my-policies/${policy.id}/acknowledge/`, headers: company.owenHeaders, payload: { versionId: v2.json().currentVersion.id } });
    expect(current.json()).toMatchObject({ status: 'acknowledged', previousVersion: null });

    // Who has and has not: pending by name, then everyone as CSV.
    const pending = await t.app.inject({ method: 'GET', url: `/api/policies/${policy.id}/acknowledgements/?status=pending&limit=1`, headers: company.headers });
    expect(pending.json()).toMatchObject({ version: 2, items: [{ name: 'Ada Admin', status: 'pending' }] });
    const page2 = await t.app.inject({ method: 'GET', url: `/api/policies/${policy.id}/acknowledgements/?status=pending&limit=1&cursor=${pending.json().nextCursor}`, headers: company.headers });
    expect(page2.json()).toMatchObject({ items: [{ name: 'Zoe Young' }], nextCursor: null });
    const csv = await t.app.inject({ method: 'GET', url: `/api/policies/${policy.id}/acknowledgements/?status=all&format=csv`, headers: company.headers });
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.name, row.status, row.version, row.department])).toEqual([
      ['Ada Admin', 'pending', '2', ''],
      ['Owen Fletcher', 'acknowledged', '2', 'Finance'],
      ['Zoe Young', 'pending', '2', ''],
    ]);

    const audits = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, policy.id));
    expect(audits.map((entry) => entry.action).sort()).toEqual(['policy.create', 'policy.version.publish', 'policy.version.publish']);
    expect(await t.db.select().from(events).where(and(eq(events.organizationId, company.organization.id), eq(events.type, 'policy_published')))).toHaveLength(2);
  });

  it('strips script, event handlers and javascript: links from Markdown, in the preview and for readers', async () => {
    const company = await buildCompany();
    const markdown = 'Read this.\n\n<script>alert(1)</script>\n\n<img src="https://tracker.example/p.gif" onerror="alert(2)">\n\n[click](javascript:alert(3)) [site](https://intranet.example/)';
    const preview = await t.app.inject({ method: 'POST', url: '/api/policies/preview/', headers: company.headers, payload: { markdown } });
    const policy = await createMarkdownPolicy(company, { markdown });
    const reading = await t.app.inject({ method: 'GET', url: `/api/my-policies/${policy.id}/`, headers: company.owenHeaders });
    for (const html of [preview.json().html, reading.json().document.html]) {
      expect(html).toContain('<p>Read this.</p>');
      expect(html).not.toMatch(/script|alert|onerror|<img|tracker\.example|javascript:/);
      expect(html).toContain('<a href="https://intranet.example/" target="_blank" rel="noopener noreferrer">site</a>');
    }
    // The admin's view keeps the source, to start the next version from.
    const version = await t.app.inject({ method: 'GET', url: `/api/policies/${policy.id}/versions/${policy.currentVersion.id}/`, headers: company.headers });
    expect(version.json().markdown).toBe(markdown);
  });

  it('takes a PDF as a version, refuses what is not a PDF, and serves it inline at a signed address only', async () => {
    const company = await buildCompany();
    const created = await t.app.inject({ method: 'POST', url: '/api/policies/', headers: company.headers, payload: { title: 'Information Security Policy', audience: { kind: 'departments', ids: [company.finance.id] } } });
    expect(created.json()).toMatchObject({ currentVersion: null, required: 1 });
    const id = created.json().id;
    // Nothing to acknowledge until a version is published.
    expect((await t.app.inject({ method: 'GET', url: '/api/my-policies/', headers: company.owenHeaders })).json().items).toEqual([]);

    const upload = (payload: Buffer, query = '') => t.app.inject({ method: 'POST', url: `/api/policies/${id}/versions/pdf/${query}`, headers: { ...company.headers, 'content-type': 'application/pdf' }, payload });
    const html = await upload(Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.statusCode).toBe(400);
    expect(html.json().error.details).toEqual([{ field: 'body', problem: 'must be a PDF document (it does not start with a PDF header)' }]);
    const cut = await upload(minimalPdf().subarray(0, 200));
    expect(cut.json().error.details[0].problem).toContain('no end-of-file marker');
    const large = await upload(Buffer.concat([minimalPdf(), Buffer.alloc(10 * 1024 * 1024)]));
    expect(large.json().error.details[0]).toEqual({ field: 'body', problem: 'must be at most 10 MB' });

    const pdf = minimalPdf();
    const published = await upload(pdf);
    expect(published.statusCode, published.body).toBe(201);
    expect(published.json().currentVersion).toMatchObject({ version: 1, format: 'pdf', byteSize: pdf.length });

    // Only Finance is asked: Zoe is not in the audience.
    expect((await t.app.inject({ method: 'GET', url: `/api/my-policies/${id}/`, headers: company.zoeHeaders })).statusCode).toBe(404);
    const reading = await t.app.inject({ method: 'GET', url: `/api/my-policies/${id}/`, headers: company.owenHeaders });
    const { pdfUrl, html: noHtml } = reading.json().document;
    expect(noHtml).toBeNull();
    expect(pdfUrl).toMatch(new RegExp(`^/policy-documents/${company.organization.id}/[0-9a-f-]{36}\\.pdf\\?expires=\\d+&signature=`));

    const served = await t.app.inject({ method: 'GET', url: pdfUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pdf)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'inline; filename="information-security-policy-v1.pdf"',
      'content-security-policy': "default-src 'none'; frame-ancestors 'self'",
      'x-content-type-options': 'nosniff',
    });
    const forged = await t.app.inject({ method: 'GET', url: pdfUrl.replace(/signature=[^&]+/, 'signature=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA') });
    expect(forged.statusCode).toBe(404);
    const otherOrg = await t.app.inject({ method: 'GET', url: pdfUrl.replace(company.organization.id, '00000000-0000-4000-8000-000000000000') });
    expect(otherOrg.statusCode).toBe(404);

    // A second PDF version needs its change note in the query.
    expect((await upload(pdf)).json().error.details[0].field).toBe('querystring.changeNote');
    expect((await upload(pdf, '?changeNote=Adds%20the%20remote%20work%20section')).json().currentVersion).toMatchObject({ version: 2, changeNote: 'Adds the remote work section' });
  });

  it('names the field of bad input, keeps learners out of admin routes, and stops asking once archived', async () => {
    const company = await buildCompany();
    const bad = await t.app.inject({ method: 'POST', url: '/api/policies/', headers: company.headers, payload: { title: '  ', markdown: '' } });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().error.details as { field: string }[]).map((detail) => detail.field);
    expect(fields).toEqual(expect.arrayContaining(['body.title', 'body.markdown']));
    const foreignDepartment = await buildDepartment(t.db, (await buildOrganization(t.db)).id);
    const foreign = await t.app.inject({ method: 'POST', url: '/api/policies/', headers: company.headers, payload: { title: 'X', markdown: 'x', audience: { kind: 'departments', ids: [foreignDepartment.id] } } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.details[0].field).toBe('body.audience.ids');
    expect((await t.app.inject({ method: 'GET', url: '/api/policies/', headers: company.owenHeaders })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/policies/?status=gone', headers: company.headers })).json().error.details[0].field).toBe('querystring.status');

    const policy = await createMarkdownPolicy(company);
    const archived = await t.app.inject({ method: 'POST', url: `/api/policies/${policy.id}/archive/`, headers: company.headers });
    expect(archived.json()).toMatchObject({ archived: true, required: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/my-policies/', headers: company.owenHeaders })).json().items).toEqual([]);
    const late = await t.app.inject({ method: 'POST', url: `/api/my-policies/${policy.id}/acknowledge/`, headers: company.owenHeaders, payload: { versionId: policy.currentVersion.id } });
    expect(late.statusCode).toBe(404);
    expect(await t.db.select().from(policyAcknowledgements).where(eq(policyAcknowledgements.policyId, policy.id))).toEqual([]);
    const republish = await t.app.inject({ method: 'POST', url: `/api/policies/${policy.id}/versions/`, headers: company.headers, payload: { markdown: 'new', changeNote: 'x' } });
    expect(republish.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: '/api/policies/?status=archived', headers: company.headers })).json().items.map((item: { id: string }) => item.id)).toEqual([policy.id]);
  });
});
