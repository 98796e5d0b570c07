import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createAuthManagement } from '@vigil/auth-provider';
import { tenants } from '@vigil/auth-provider/schema';
import { auditLog, companyLogos, organizations } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]);
// An SVG that would run script, embed HTML and call out if it were opened as a page under our origin.
const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">' +
    '<script>alert(2)</script><rect width="10" height="10"/><circle r="3" onclick="alert(3)"/>' +
    '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">Hi</div></foreignObject>' +
    '<a href="javascript:alert(4)"><path d="M0 0L5 5"/></a><image xlink:href="http://evil.example/x.png"/></svg>',
);

const buildAdmin = async (role: 'Superadmin' | 'Admin' = 'Admin') => {
  const org = await buildOrganization(t.db, { name: 'Acme Freight' });
  const admin = await buildPerson(t.db, org.id, { role });
  return { org, admin, headers: await t.authAs(admin) };
};

const upload = async (headers: Record<string, string>, content: Buffer, contentType: string) =>
  t.app.inject({ method: 'POST', url: '/api/organization/logo/', headers: { ...headers, 'content-type': contentType }, payload: content });

const auditOf = (organizationId: string, action: string) =>
  t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.action, action)));

describe('GET /api/organization/', () => {
  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ url: '/api/organization/' })).statusCode).toBe(401);
  });

  it("shows an admin their organisation's name, domain and logo", async () => {
    const { org, headers } = await buildAdmin('Superadmin');
    const response = await t.app.inject({ url: '/api/organization/', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: org.id, name: 'Acme Freight', domain: org.domain, pictureFileName: '', timeZone: 'UTC' });
  });

  it.each(['Manager', 'User'] as const)('refuses a %s with 403, for reading and for every change', async (role) => {
    const org = await buildOrganization(t.db);
    const headers = await t.authAs(await buildPerson(t.db, org.id, { role }));
    const calls = [
      t.app.inject({ url: '/api/organization/', headers }),
      t.app.inject({ method: 'PATCH', url: '/api/organization/', headers, payload: { name: 'Mine now' } }),
      upload(headers, png, 'image/png'),
      t.app.inject({ method: 'DELETE', url: '/api/organization/logo/', headers }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(403);
    const [unchanged] = await t.db.select().from(organizations).where(eq(organizations.id, org.id));
    expect(unchanged).toMatchObject({ name: org.name, pictureFileName: '' });
  });
});

describe('PATCH /api/organization/', () => {
  it('renames the organisation, its provider tenant and what the top bar shows, and audits it', async () => {
    const { org, admin, headers } = await buildAdmin();
    await createAuthManagement(t.db).upsertTenants([{ id: org.id, name: org.name }]);
    const response = await t.app.inject({ method: 'PATCH', url: '/api/organization/', headers, payload: { name: '  Acme Logistics  ' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: org.id, name: 'Acme Logistics' });

    const personal = await t.app.inject({ url: '/api/personal_user_data/', headers });
    expect(personal.json().company).toBe('Acme Logistics');
    const [tenant] = await t.db.select().from(tenants).where(eq(tenants.id, org.id));
    expect(tenant?.name).toBe('Acme Logistics');
    const [entry] = await auditOf(org.id, 'organization.rename');
    expect(entry).toMatchObject({ actorPersonId: admin.id, details: { from: 'Acme Freight', to: 'Acme Logistics' } });
  });

  it.each([
    [{ name: '   ' }, 'body.name', 'must not be empty'],
    [{ name: 'x'.repeat(101) }, 'body.name', 'must be at most 100 characters'],
    [{ name: 'Acme\u0000Freight' }, 'body.name', 'must not contain control characters'],
    [{ name: 'Acme\nFreight' }, 'body.name', 'must not contain control characters'],
    [{}, 'body', 'must name a setting to change: name or timeZone'],
    [{ timeZone: 'Europe/Atlantis' }, 'body.timeZone', 'must be an IANA time zone, like Europe/London or America/New_York'],
    [{ timeZone: 'GMT+2' }, 'body.timeZone', 'must be an IANA time zone'],
    [{ name: 'Acme Logistics', timeZone: '' }, 'body.timeZone', 'must be an IANA time zone'],
    [{ name: 'Fine', domain: 'evil.example' }, 'body', ''],
  ])('answers 400 naming the field for %j', async (payload, field, problem) => {
    const { org, headers } = await buildAdmin();
    const response = await t.app.inject({ method: 'PATCH', url: '/api/organization/', headers, payload });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details[0].field).toBe(field);
    expect(body.error.details[0].problem).toContain(problem);
    const [unchanged] = await t.db.select().from(organizations).where(eq(organizations.id, org.id));
    expect(unchanged).toMatchObject({ name: 'Acme Freight', timeZone: 'UTC' });
  });

  it('moves the organisation to another time zone, spelt as IANA spells it, and audits that alone', async () => {
    const { org, admin, headers } = await buildAdmin();
    const response = await t.app.inject({ method: 'PATCH', url: '/api/organization/', headers, payload: { timeZone: 'europe/london' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Acme Freight', timeZone: 'Europe/London' });
    expect((await t.app.inject({ url: '/api/organization/', headers })).json().timeZone).toBe('Europe/London');
    const [entry] = await auditOf(org.id, 'organization.time-zone.change');
    expect(entry).toMatchObject({ actorPersonId: admin.id, details: { from: 'UTC', to: 'Europe/London' } });
    expect(await auditOf(org.id, 'organization.rename')).toEqual([]);

    const both = await t.app.inject({ method: 'PATCH', url: '/api/organization/', headers, payload: { name: 'Acme Logistics', timeZone: 'Europe/London' } });
    expect(both.json()).toMatchObject({ name: 'Acme Logistics', timeZone: 'Europe/London' });
    // The same zone again is no change, so no second entry.
    expect(await auditOf(org.id, 'organization.time-zone.change')).toHaveLength(1);
    expect(await auditOf(org.id, 'organization.rename')).toHaveLength(1);
  });
});

describe('POST /api/organization/logo/', () => {
  it('stores the image under a content-hashed name the CDN serves, judged by its bytes, and audits it', async () => {
    const { org, headers } = await buildAdmin();
    // Declared as SVG, but the bytes are a PNG: the bytes win.
    const response = await upload(headers, png, 'image/svg+xml');
    expect(response.statusCode).toBe(200);
    const { pictureFileName } = response.json();
    expect(pictureFileName).toMatch(/^acme-freight-[0-9a-f]{8}-[0-9a-f]{12}\.png$/);

    const served = await t.app.inject({ url: `/cdn/company-logos/${pictureFileName}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    expect((await t.app.inject({ url: '/api/personal_user_data/', headers })).json().picture_file_name).toBe(pictureFileName);
    const [entry] = await auditOf(org.id, 'organization.logo.replace');
    expect(entry?.details).toMatchObject({ to: pictureFileName, contentType: 'image/png' });
  });

  it('stores an SVG without its script, handlers, HTML and outside references, and serves it under the sandbox policy too', async () => {
    const { org, headers } = await buildAdmin();
    const response = await upload(headers, svg, 'application/octet-stream');
    expect(response.statusCode).toBe(200);
    const { pictureFileName } = response.json();
    expect(pictureFileName).toMatch(/\.svg$/);

    const served = await t.app.inject({ url: `/cdn/company-logos/${pictureFileName}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/svg+xml');
    const [stored] = await t.db.select().from(companyLogos).where(eq(companyLogos.organizationId, org.id));
    expect(served.rawPayload.equals(stored!.content)).toBe(true);
    expect(served.body).not.toMatch(/script|alert|onload|onclick|foreignObject|<div|javascript:|evil\.example/i);
    for (const shape of ['<rect', '<circle', '<path']) expect(served.body).toContain(shape);
    expect(served.body).toContain('viewBox="0 0 10 10"');
    const policy = String(served.headers['content-security-policy']);
    expect(policy).toContain('sandbox');
    expect(policy).toContain("default-src 'none'");
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    ['a text file', Buffer.from('just some notes, not an image'), 'text/plain', 'must be a PNG, JPEG, WebP or SVG image'],
    ['an HTML page named as an image', Buffer.from('<html><script>alert(1)</script></html>'), 'image/png', 'must be a PNG, JPEG, WebP or SVG image'],
    ['an image over 1 MB', Buffer.concat([png, Buffer.alloc(1024 * 1024)]), 'image/png', 'must be at most 1 MB'],
    ['an empty body', Buffer.alloc(0), 'image/png', 'is empty'],
    ['an SVG that is only a script', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml', 'has nothing left to draw'],
  ])('refuses %s with 400 naming the logo field', async (_, content, contentType, problem) => {
    const { org, headers } = await buildAdmin();
    const response = await upload(headers, content, contentType);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'logo', problem: expect.stringContaining(problem) }] });
    const stored = await t.db.select().from(companyLogos).where(eq(companyLogos.organizationId, org.id));
    expect(stored).toHaveLength(0);
  });

  it('answers 400 for a request without a body', async () => {
    const { headers } = await buildAdmin();
    const response = await t.app.inject({ method: 'POST', url: '/api/organization/logo/', headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'body', problem: 'must be the image file itself as the request body' }],
    });
  });

  it("changes only the caller's organisation, never another's", async () => {
    const { org, headers } = await buildAdmin();
    const other = await buildOrganization(t.db, { pictureFileName: 'other-0123456789ab.png' });
    expect((await upload(headers, png, 'image/png')).statusCode).toBe(200);
    const rows = await t.db.select().from(organizations).where(eq(organizations.id, other.id));
    expect(rows[0]?.pictureFileName).toBe('other-0123456789ab.png');
    const logos = await t.db.select({ organizationId: companyLogos.organizationId }).from(companyLogos).where(eq(companyLogos.organizationId, org.id));
    expect(logos).toHaveLength(1);
  });
});

describe('DELETE /api/organization/logo/', () => {
  it('takes the logo away and audits it; removing none is a no-op', async () => {
    const { org, headers } = await buildAdmin();
    await upload(headers, png, 'image/png');
    const response = await t.app.inject({ method: 'DELETE', url: '/api/organization/logo/', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().pictureFileName).toBe('');
    expect(await auditOf(org.id, 'organization.logo.remove')).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/organization/logo/', headers })).statusCode).toBe(200);
    expect(await auditOf(org.id, 'organization.logo.remove')).toHaveLength(1);
  });
});
