import { ssoStore } from '@vigil/auth-provider';
import { createHmac } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { ssoCodes, ssoConnections, ssoDomainProofs } from '@vigil/auth-provider/schema';
import { createAuthManagement, hashPassword } from '@vigil/auth-provider';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '@vigil/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer } from '../../test/dns-server.ts';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { testProjectId, useTestApp } from '../../test/test-app.ts';
import { validIdpCertificate } from '../onboarding/test-certificates.ts';

// The embedded provider serves sign-in here, as with `npm start`: these routes exist only then, so
// their tenancy cases live in this file rather than in the matrix (whose app uses a remote provider).
// A DNS server on loopback answers the domain proofs' TXT lookups (DNS_SERVERS), as a real one would.
let dns: Awaited<ReturnType<typeof startDnsServer>>;
beforeAll(async () => {
  dns = await startDnsServer();
});
afterAll(() => dns?.close());
const t = useTestApp(() => ({ DNS_SERVERS: dns.server }), { embeddedAuth: true });
const password = 'a long enough passphrase';
const secret = Buffer.from('test-secret-for-the-embedded-provider-0123456789');

const metadataXml = (entityId: string) => `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${validIdpCertificate.replace(/-----[A-Z ]+-----|\s/g, '')}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://login.example-idp.test/saml2"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

type Side = { orgId: string; adminToken: string; userToken: string; connectionId: string };
let a: Side;
let b: Side;

const build = async (name: string): Promise<Side> => {
  const org = await buildOrganization(t.db, { name });
  const admin = await buildPerson(t.db, org.id, { role: 'Admin' });
  const user = await buildPerson(t.db, org.id, { role: 'User' });
  const management = createAuthManagement(t.db);
  await management.upsertTenants([{ id: org.id, name }]);
  const passwordHash = await hashPassword(password);
  await management.upsertUsers([
    { userId: admin.authUserId!, email: admin.email, givenName: 'A', familyName: name, tenants: { [org.id]: ['Admin'] }, passwordHash },
    { userId: user.authUserId!, email: user.email, givenName: 'U', familyName: name, tenants: { [org.id]: ['User'] }, passwordHash },
  ]);
  const signIn = async (email: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/v1/auth/password/signin',
        headers: { authorization: `Bearer ${testProjectId}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ loginId: email, password }),
      })
    ).json<{ sessionJwt: string }>().sessionJwt;
  const connection = await ssoStore(t.db, secret).create(org.id, { name: `${name} IdP`, protocol: 'saml', domains: [`${name.toLowerCase()}.example`], samlIdpEntityId: `https://${name}.idp.test`, samlIdpSsoUrl: `https://${name}.idp.test/sso`, samlIdpCertificates: [validIdpCertificate] });
  return { orgId: org.id, adminToken: await signIn(admin.email), userToken: await signIn(user.email), connectionId: connection.id };
};

const call = (side: Side, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, as: 'admin' | 'user' = 'admin') =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${as === 'admin' ? side.adminToken : side.userToken}` }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  a = await build('Alpha');
  b = await build('Bravo');
});

describe('SSO settings', () => {
  it('adds a SAML connection from IdP metadata and shows what the IdP needs, with the certificate’s expiry', async () => {
    const response = await call(a, 'POST', '/api/sso/connections/', { name: 'Entra ID', protocol: 'saml', domains: ['Alpha-Staff.example'], saml: { metadataXml: metadataXml('https://sts.windows.net/alpha/') } });
    expect(response.statusCode).toBe(200);
    const connection = response.json();
    expect(connection).toMatchObject({
      protocol: 'saml',
      domains: ['alpha-staff.example'],
      verifiedAt: null,
      saml: { idpEntityId: 'https://sts.windows.net/alpha/', idpSsoUrl: 'https://login.example-idp.test/saml2' },
      serviceProvider: { acsUrl: `http://vigil.test/v1/sso/saml/acs/${connection.id}`, entityId: `http://vigil.test/v1/sso/saml/metadata/${connection.id}` },
    });
    expect(connection.saml.certificates[0].expiresInDays).toBeGreaterThan(0);
  });

  it('adds an OpenID Connect connection whose secret is never shown again', async () => {
    const response = await call(a, 'POST', '/api/sso/connections/', { name: 'Okta', protocol: 'oidc', oidc: { issuer: 'https://alpha.okta.test/', clientId: '0oa1b2c3', clientSecret: 'a-very-secret-value' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().oidc).toEqual({ issuer: 'https://alpha.okta.test', clientId: '0oa1b2c3', clientSecretSet: true });
    expect(response.body).not.toContain('a-very-secret-value');
    const [stored] = await t.db.select().from(ssoConnections).where(eq(ssoConnections.id, response.json().id));
    expect(stored?.oidcClientSecretEncrypted).not.toContain('a-very-secret-value');
  });

  it('keeps an OpenID Connect secret for the issuer and client it was given for: moving either needs it again', async () => {
    const created = (await call(a, 'POST', '/api/sso/connections/', { name: 'Moving', protocol: 'oidc', oidc: { issuer: 'https://moving.okta.test', clientId: 'moving', clientSecret: 'the-moving-secret' } })).json();
    const moved = await call(a, 'PATCH', `/api/sso/connections/${created.id}/`, { oidc: { issuer: 'https://attacker.example' } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.details[0].field).toBe('body.oidc.clientSecret');
    expect((await call(a, 'PATCH', `/api/sso/connections/${created.id}/`, { oidc: { issuer: 'https://moving.okta.test', clientId: 'moving' }, name: 'Moved not' })).statusCode).toBe(200);
    expect((await call(a, 'PATCH', `/api/sso/connections/${created.id}/`, { oidc: { issuer: 'https://moved.okta.test', clientSecret: 'a-new-secret' } })).json().oidc.issuer).toBe('https://moved.okta.test');
    await call(a, 'DELETE', `/api/sso/connections/${created.id}/`);
  });

  it('names the field and the problem for bad input, and keeps a domain to one organization', async () => {
    const notXml = await call(a, 'POST', '/api/sso/connections/', { name: 'Broken', protocol: 'saml', saml: { metadataXml: 'not xml at all <' } });
    expect(notXml.statusCode).toBe(400);
    expect(notXml.json().error.details).toEqual([{ field: 'body.saml.metadataXml', problem: expect.any(String) }]);
    const noSecret = await call(a, 'POST', '/api/sso/connections/', { name: 'Okta', protocol: 'oidc', oidc: { issuer: 'https://alpha.okta.test', clientId: 'x' } });
    expect(noSecret.json().error.details[0].field).toBe('body.oidc.clientSecret');
    const taken = await call(a, 'POST', '/api/sso/connections/', { name: 'Grab', protocol: 'saml', domains: ['bravo.example'], saml: { metadataXml: metadataXml('https://grab.test') } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.details[0].field).toBe('body.domains');
  });

  it('will not require SSO before a connection has passed a test sign-in', async () => {
    const response = await call(a, 'PUT', '/api/sso/policy/', { requireSso: true, requireMfa: false, allowedMethods: ['password'] });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.details[0].field).toBe('body.requireSso');
    const mfa = await call(a, 'PUT', '/api/sso/policy/', { requireSso: false, requireMfa: true, allowedMethods: ['password', 'passkey'] });
    expect(mfa.json().policy).toEqual({ requireSso: false, requireMfa: true, allowedMethods: ['password', 'passkey'] });
    await call(a, 'PUT', '/api/sso/policy/', { requireSso: false, requireMfa: false, allowedMethods: ['password', 'email', 'passkey'] });
  });

  it('keeps a proved connection proved when it is saved with its IdP details as they were, and not when they change', async () => {
    const created = (await call(a, 'POST', '/api/sso/connections/', { name: 'Proved', protocol: 'saml', saml: { metadataXml: metadataXml('https://sts.windows.net/proved/') } })).json();
    const proved = new Date('2026-11-01T10:00:00Z');
    await t.db.update(ssoConnections).set({ verifiedAt: proved }).where(eq(ssoConnections.id, created.id));
    const same = await call(a, 'PATCH', `/api/sso/connections/${created.id}/`, { name: 'Proved again', jitProvisioning: true, saml: { idpEntityId: 'https://sts.windows.net/proved/', idpSsoUrl: 'https://login.example-idp.test/saml2' } });
    expect(same.json()).toMatchObject({ name: 'Proved again', jitProvisioning: true, verifiedAt: proved.toISOString() });
    const moved = await call(a, 'PATCH', `/api/sso/connections/${created.id}/`, { saml: { idpSsoUrl: 'https://login.example-idp.test/saml2/other' } });
    expect(moved.json().verifiedAt).toBeNull();
  });

  it('is for admins only', async () => {
    expect((await call(a, 'GET', '/api/sso/', undefined, 'user')).statusCode).toBe(403);
  });
});

describe('SSO settings: one organization never reaches another’s', () => {
  const bUnchanged = async () => {
    const [row] = await t.db.select().from(ssoConnections).where(eq(ssoConnections.id, b.connectionId));
    expect(row).toMatchObject({ name: 'Bravo IdP', enabled: true, tenantId: b.orgId });
  };
  it('GET /api/sso/ lists only its own connections', async () => {
    const response = await call(a, 'GET', '/api/sso/');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(b.connectionId);
    expect(response.json().connections.map((c: { id: string }) => c.id)).toContain(a.connectionId);
  });
  it.each([
    ['PATCH', (id: string) => `/api/sso/connections/${id}/`, { name: 'Taken over', enabled: false }],
    ['DELETE', (id: string) => `/api/sso/connections/${id}/`, undefined],
    ['POST', (id: string) => `/api/sso/connections/${id}/test/`, undefined],
  ] as const)('%s on another organization’s connection is not found, and changes nothing', async (method, url, payload) => {
    const response = await call(a, method, url(b.connectionId), payload);
    expect(response.statusCode).toBe(404);
    await bUnchanged();
  });
  it('POST /api/sso/connections/ and PUT /api/sso/policy/ act in the caller’s organization only', async () => {
    await call(a, 'PUT', '/api/sso/policy/', { requireSso: false, requireMfa: true, allowedMethods: ['password'] });
    expect(await ssoStore(t.db, secret).getPolicy(b.orgId)).toBeNull();
    await call(a, 'PUT', '/api/sso/policy/', { requireSso: false, requireMfa: false, allowedMethods: ['password', 'email', 'passkey'] });
    const created = await call(a, 'POST', '/api/sso/connections/', { name: 'Mine', protocol: 'saml', saml: { metadataXml: metadataXml('https://mine.test') } });
    expect((await ssoStore(t.db, secret).list(b.orgId)).map((row) => row.id)).not.toContain(created.json().id);
  });
  it('GET /api/sso/tests/:code/ does not read another organization’s test sign-in', async () => {
    const { url } = (await call(b, 'POST', `/api/sso/connections/${b.connectionId}/test/`)).json<{ url: string }>();
    expect(url).toMatch(/^https:\/\/Bravo\.idp\.test\/sso\?SAMLRequest=/i);
    // What B's test sign-in left behind, as the provider keeps it (a keyed hash of the code).
    const code = 'bravo-test-code-0123456789';
    await t.db.insert(ssoCodes).values({
      codeHash: createHmac('sha256', secret).update(code).digest('base64url'),
      connectionId: b.connectionId,
      testResult: { subject: 'bravo.admin', email: 'admin@bravo.example', givenName: 'B', familyName: 'Admin' },
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await call(a, 'GET', `/api/sso/tests/${code}/`)).statusCode).toBe(404);
    const own = await call(b, 'GET', `/api/sso/tests/${code}/`);
    expect(own.json()).toEqual({ connectionId: b.connectionId, subject: 'bravo.admin', email: 'admin@bravo.example', givenName: 'B', familyName: 'Admin' });
  });
});

describe('the onboarding wizard’s connection, over OpenID Connect', () => {
  const okta = { provider: 'okta', protocol: 'oidc', oidcIssuer: 'https://alpha.okta.test/', oidcClientId: '0oa-wizard-1', oidcClientSecret: 'the-wizard-client-secret' };
  const wizardConnection = () => ssoStore(t.db, secret).get(a.orgId, a.orgId);

  it('becomes the provider’s OpenID Connect connection under the organization’s id; the secret is kept encrypted and never shown', async () => {
    const saved = await call(a, 'PUT', '/api/onboarding/sso/', okta);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().sso).toMatchObject({ provider: 'okta', protocol: 'oidc', idpSsoUrl: null, certificate: null, oidc: { issuer: 'https://alpha.okta.test', clientId: '0oa-wizard-1', clientSecretSet: true }, connectionId: a.orgId });
    expect(saved.json().serviceProvider.redirectUri).toBe(`http://vigil.test/v1/sso/oidc/callback/${a.orgId}`);
    expect(saved.body).not.toContain('the-wizard-client-secret');
    const stored = await wizardConnection();
    expect(stored).toMatchObject({ protocol: 'oidc', oidcIssuer: 'https://alpha.okta.test', oidcClientId: '0oa-wizard-1', samlIdpEntityId: null, verifiedAt: null });
    expect(stored?.oidcClientSecretEncrypted).toBeTruthy();
    expect(stored?.oidcClientSecretEncrypted).not.toContain('the-wizard-client-secret');
    const listed = (await call(a, 'GET', '/api/sso/')).json().connections.find((connection: { id: string }) => connection.id === a.orgId);
    expect(listed).toMatchObject({ protocol: 'oidc', oidc: { clientSecretSet: true }, serviceProvider: { redirectUri: `http://vigil.test/v1/sso/oidc/callback/${a.orgId}` } });
  });

  it('keeps the secret when it is left out for the same client, and asks for it (naming the field) for another client', async () => {
    const { oidcClientSecret: _secret, ...withoutSecret } = okta;
    const before = (await wizardConnection())?.oidcClientSecretEncrypted;
    expect((await call(a, 'PUT', '/api/onboarding/sso/', withoutSecret)).statusCode).toBe(200);
    expect((await wizardConnection())?.oidcClientSecretEncrypted).toBe(before);
    const otherClient = await call(a, 'PUT', '/api/onboarding/sso/', { ...withoutSecret, oidcClientId: '0oa-another' });
    expect(otherClient.statusCode).toBe(400);
    expect(otherClient.json().error.details).toEqual([expect.objectContaining({ field: 'body.oidcClientSecret', problem: 'is required' })]);
    expect((await wizardConnection())?.oidcClientId).toBe('0oa-wizard-1');
    // Nor for another issuer: the kept secret must not be sent to an address it was not given for.
    const otherIssuer = await call(a, 'PUT', '/api/onboarding/sso/', { ...withoutSecret, oidcIssuer: 'https://attacker.example' });
    expect(otherIssuer.json().error.details).toEqual([expect.objectContaining({ field: 'body.oidcClientSecret' })]);
    expect((await wizardConnection())?.oidcIssuer).toBe('https://alpha.okta.test');
    const noIssuer = await call(a, 'PUT', '/api/onboarding/sso/', { provider: 'okta', protocol: 'oidc', oidcClientId: 'x', oidcClientSecret: 'y' });
    expect(noIssuer.json().error.details.map((detail: { field: string }) => detail.field)).toEqual(['body.oidcIssuer']);
  });

  it('switching back to SAML leaves nothing of the OpenID Connect client behind', async () => {
    const saml = { provider: 'okta', idpSsoUrl: 'https://alpha.okta.test/app/sso/saml', idpEntityId: 'http://www.okta.com/exk-alpha', idpCertificate: validIdpCertificate };
    const saved = await call(a, 'PUT', '/api/onboarding/sso/', saml);
    expect(saved.json().sso).toMatchObject({ protocol: 'saml', idpEntityId: 'http://www.okta.com/exk-alpha', oidc: null });
    expect(await wizardConnection()).toMatchObject({ protocol: 'saml', samlIdpEntityId: 'http://www.okta.com/exk-alpha', oidcIssuer: null, oidcClientId: null, oidcClientSecretEncrypted: null });
  });
});

describe('proving an email domain in DNS', () => {
  const statusOf = async (side: Side, domain: string) => (await call(side, 'GET', '/api/sso/')).json().domains.find((item: { domain: string }) => item.domain === domain);

  it('shows each claimed domain unproved with the TXT record to publish, and proves it once the record is there (audited)', async () => {
    const before = await statusOf(a, 'alpha.example');
    expect(before).toMatchObject({ domain: 'alpha.example', proved: false, provedAt: null, record: { type: 'TXT', name: 'alpha.example' }, connections: ['Alpha IdP'] });
    expect(before.record.value).toMatch(/^vigil-domain-verification=[A-Za-z0-9_-]{32}$/);
    // Another organization's record for the same domain is another value: nobody can publish a proof for someone else.
    expect((await call(b, 'POST', '/api/sso/domains/check/', { domain: 'alpha.example' })).json().domain.record.value).not.toBe(before.record.value);

    const nothing = await call(a, 'POST', '/api/sso/domains/check/', { domain: 'alpha.example' });
    expect(nothing.json()).toMatchObject({ domain: { proved: false }, found: [] });
    dns.setTxt('alpha.example', ['v=spf1 -all', 'vigil-domain-verification=an-old-value']);
    expect((await call(a, 'POST', '/api/sso/domains/check/', { domain: 'alpha.example' })).json()).toMatchObject({ domain: { proved: false }, found: ['vigil-domain-verification=an-old-value'] });
    dns.setTxt('alpha.example', ['v=spf1 -all', before.record.value]);
    const proved = await call(a, 'POST', '/api/sso/domains/check/', { domain: 'alpha.example' });
    expect(proved.statusCode, proved.body).toBe(200);
    expect(proved.json().domain).toMatchObject({ domain: 'alpha.example', proved: true, provedAt: expect.any(String) });
    expect(await statusOf(a, 'alpha.example')).toMatchObject({ proved: true });
    expect(await statusOf(b, 'alpha.example')).toBeUndefined();
  });

  it('names the field for a public mail service, and answers 502 when DNS cannot answer', async () => {
    const gmail = await call(a, 'POST', '/api/sso/domains/check/', { domain: 'gmail.com' });
    expect(gmail.statusCode).toBe(400);
    expect(gmail.json().error.details[0].field).toBe('body.domain');
    const invalid = await call(a, 'POST', '/api/sso/domains/check/', { domain: 'not a domain' });
    expect(invalid.json().error.details[0].field).toBe('body.domain');
    dns.fail('broken.example');
    const broken = await call(a, 'POST', '/api/sso/domains/check/', { domain: 'broken.example' });
    expect(broken.statusCode).toBe(502);
    expect(broken.json().error.message).toContain('broken.example');
  });

  it('a proof beats a claim: the prover may claim a domain another organization only claims, and sign-ins by address go to the prover', async () => {
    // Alpha claims shared.example without proving it; Bravo proves it.
    const claimed = await call(a, 'POST', '/api/sso/connections/', { name: 'Alpha second', protocol: 'saml', domains: ['shared.example'], saml: { metadataXml: metadataXml('https://alpha-second.test') } });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect((await call(b, 'POST', '/api/sso/connections/', { name: 'Bravo shared', protocol: 'saml', domains: ['shared.example'], saml: { metadataXml: metadataXml('https://bravo-shared.test') } })).statusCode).toBe(409);
    const record = (await call(b, 'POST', '/api/sso/domains/check/', { domain: 'shared.example' })).json().domain.record.value;
    dns.setTxt('shared.example', [record]);
    expect((await call(b, 'POST', '/api/sso/domains/check/', { domain: 'shared.example' })).json().domain.proved).toBe(true);
    const bravo = await call(b, 'POST', '/api/sso/connections/', { name: 'Bravo shared', protocol: 'saml', domains: ['shared.example'], saml: { metadataXml: metadataXml('https://bravo-shared.test') } });
    expect(bravo.statusCode, bravo.body).toBe(200);
    // Now Alpha cannot add the domain to another connection: Bravo proved it.
    expect((await call(a, 'POST', '/api/sso/connections/', { name: 'Alpha third', protocol: 'saml', domains: ['shared.example'], saml: { metadataXml: metadataXml('https://alpha-third.test') } })).statusCode).toBe(409);

    const authorize = await t.app.inject({
      method: 'POST',
      url: `/v1/auth/saml/authorize?tenant=${encodeURIComponent('someone@shared.example')}&redirectURL=${encodeURIComponent('http://vigil.test/login/sso/')}`,
      headers: { authorization: `Bearer ${testProjectId}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(authorize.statusCode, authorize.body).toBe(200);
    expect(authorize.json().url).toMatch(/^https:\/\/login\.example-idp\.test\/saml2\?SAMLRequest=/);
    // The request names its service provider: Bravo's connection, whose entity id carries its id.
    const request = inflateRawSync(Buffer.from(new URL(authorize.json().url).searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
    expect(request).toContain(`/v1/sso/saml/metadata/${bravo.json().id}`);
    const [proof] = await t.db.select().from(ssoDomainProofs).where(eq(ssoDomainProofs.domain, 'shared.example'));
    expect(proof?.tenantId).toBe(b.orgId);

    // DNS decides who holds it now: once Alpha's record is there too, Alpha's check moves the proof, and Bravo's log says so.
    const alphaRecord = (await call(a, 'POST', '/api/sso/domains/check/', { domain: 'shared.example' })).json().domain.record.value;
    dns.setTxt('shared.example', [record, alphaRecord]);
    expect((await call(a, 'POST', '/api/sso/domains/check/', { domain: 'shared.example' })).json().domain.proved).toBe(true);
    const bravoLog = await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, b.orgId), eq(auditLog.action, 'sso.domain.lost')));
    expect(bravoLog).toEqual([expect.objectContaining({ targetId: 'shared.example', actorKind: 'sso' })]);
  });

  it('gives a proof up (audited), and 404 for a domain the organization has not proved', async () => {
    dns.setTxt('leaving.example', [(await call(a, 'POST', '/api/sso/domains/check/', { domain: 'leaving.example' })).json().domain.record.value]);
    expect((await call(a, 'POST', '/api/sso/domains/check/', { domain: 'leaving.example' })).json().domain.proved).toBe(true);
    expect((await call(b, 'DELETE', '/api/sso/domains/leaving.example/')).statusCode).toBe(404);
    expect((await call(a, 'DELETE', '/api/sso/domains/leaving.example/')).statusCode).toBe(200);
    expect(await statusOf(a, 'leaving.example')).toBeUndefined();
    expect((await call(a, 'POST', '/api/sso/domains/check/', { domain: 'leaving.example' }, 'user')).statusCode).toBe(403);
  });
});
