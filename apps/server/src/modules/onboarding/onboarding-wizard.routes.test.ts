import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, integrationSetups, organizations, scimTokens } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { buildSendingProfile } from '../../test/phishing-factories.ts';
import { syncBuiltinContent } from '../phishing/builtin-content.ts';
import { useTestApp } from '../../test/test-app.ts';
import { hashScimToken } from './scim-token.ts';
import { expiredIdpCertificate, validIdpCertificate } from './test-certificates.ts';

const t = useTestApp({ PUBLIC_URL: 'https://vigil.example.com' });
// The launch creates the initial-testing campaign from the built-in lures, sent through a sending profile.
beforeAll(async () => syncBuiltinContent(t.db));
const addSendingProfile = (organizationId: string) => buildSendingProfile(t.db, t.app.secrets, organizationId, { host: 'smtp.harborpike.example', port: 25 });

type Person = { authUserId: string | null };
type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

const call = async (person: Person | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: person ? await t.authAs(person) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const buildAdmin = async (role: 'Admin' | 'Superadmin' = 'Admin') => {
  const org = await buildOrganization(t.db, { name: `Harbor ${Math.random().toString(36).slice(2, 7)}` });
  const admin = await buildPerson(t.db, org.id, { role });
  return { org, admin };
};

const oktaSettings = {
  provider: 'okta',
  idpSsoUrl: 'https://harborpike.okta.com/app/harborpike_vigil_1/exk1a2b3c4d5e6f7g8h9/sso/saml',
  idpEntityId: 'http://www.okta.com/exk1a2b3c4d5e6f7g8h9',
  idpMetadataUrl: 'https://harborpike.okta.com/app/exk1a2b3c4d5e6f7g8h9/sso/saml/metadata',
  idpCertificate: validIdpCertificate,
};
const exchangeDmi = { tenantId: '72f988bf-86f1-41af-91ab-2d7cd011db47', applicationId: '3f2b9c4e-8d1a-4b6f-9e2c-7a5d1f0e8b3c', permissionsGranted: true };
const googleDmi = {
  serviceAccountClientId: '112233445566778899001',
  serviceAccountEmail: 'vigil-dmi@harborpike-vigil.iam.gserviceaccount.com',
  adminEmail: 'it.admin@harborpike.example',
  permissionsGranted: true,
};
const googleWatchtower = { customerId: 'C03az79cb', serviceAccountClientId: '112233445566778899001', adminEmail: 'it.admin@harborpike.example', permissionsGranted: true };
const microsoftWatchtower = { tenantId: 'harborpike.onmicrosoft.com', applicationId: exchangeDmi.applicationId, entraLicense: 'p1', permissionsGranted: true };
const today = () => new Date().toISOString().slice(0, 10);

const auditActions = async (organizationId: string) =>
  (await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.organizationId, organizationId))).map((e) => e.action);

describe('GET /api/onboarding/', () => {
  it("shows a new organisation's wizard: nothing done, and the values to paste into the identity provider", async () => {
    const { org, admin } = await buildAdmin();
    await buildPerson(t.db, org.id);
    await buildPerson(t.db, org.id, { isActive: false });
    const response = await call(admin, 'GET', '/api/onboarding/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      organizationName: org.name,
      steps: { sso: false, scim: false, dmi: false, watchtower: false, initialTesting: false },
      isOnboarded: false,
      serviceProvider: {
        acsUrl: `https://vigil.example.com/v1/sso/saml/acs/${org.id}`,
        entityId: `https://vigil.example.com/v1/sso/saml/metadata/${org.id}`,
        redirectUri: `https://vigil.example.com/v1/sso/oidc/callback/${org.id}`,
        signOnUrl: 'https://vigil.example.com/login/',
        scimBaseUrl: `https://vigil.example.com/scim/v2/${org.id}`,
        endpointsLive: true,
      },
      sso: null,
      scimToken: null,
      retiredScimToken: null,
      scimActivity: { lastRequestAt: null, last30Days: { provisioned: 0, updated: 0, deprovisioned: 0, reactivated: 0 }, lastError: null },
      dmi: { exchange: null, googleWorkspace: null },
      watchtower: { google: null, microsoft: null },
      initialTesting: null,
      activePeople: 2,
      sendingProfileName: null,
    });
  });

  it('asks for a session (401)', async () => {
    const response = await call(null, 'GET', '/api/onboarding/');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it.each(['Manager', 'User'] as const)('refuses a %s (403)', async (role) => {
    const person = await buildPerson(t.db, (await buildOrganization(t.db)).id, { role });
    expect((await call(person, 'GET', '/api/onboarding/')).statusCode).toBe(403);
  });

  it("shows an admin nothing of another organisation's set-up", async () => {
    const a = await buildAdmin();
    const b = await buildAdmin();
    await call(a.admin, 'PUT', '/api/onboarding/sso/', oktaSettings);
    await call(a.admin, 'POST', '/api/onboarding/scim-tokens/');
    await call(a.admin, 'PUT', '/api/onboarding/dmi/exchange/', exchangeDmi);
    const response = await call(b.admin, 'GET', '/api/onboarding/');
    expect(response.json()).toMatchObject({ organizationName: b.org.name, sso: null, scimToken: null, dmi: { exchange: null } });
    expect(response.body).not.toContain(a.org.id);
  });
});

describe('PUT /api/onboarding/sso/', () => {
  it("stores the identity provider's settings with the certificate's expiry and fingerprint, and audits it", async () => {
    const { org, admin } = await buildAdmin();
    const response = await call(admin, 'PUT', '/api/onboarding/sso/', { ...oktaSettings, idpSsoUrl: ` ${oktaSettings.idpSsoUrl} ` });
    expect(response.statusCode).toBe(200);
    const { sso, steps } = response.json();
    expect(sso).toMatchObject({
      provider: 'okta',
      idpSsoUrl: oktaSettings.idpSsoUrl,
      idpEntityId: oktaSettings.idpEntityId,
      idpMetadataUrl: oktaSettings.idpMetadataUrl,
      idpCertificate: `${validIdpCertificate.trim()}\n`,
      certificate: { subject: 'CN=Okta test IdP, O=Harbor Pike Legal', fingerprintSha256: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/) },
      verifiedAt: null,
    });
    expect(new Date(sso.certificate.expiresAt).getUTCFullYear()).toBeGreaterThan(2030);
    // Saving settings is not yet the step: the post-setup verification is.
    expect(steps.sso).toBe(false);
    expect(await auditActions(org.id)).toContain('onboarding.sso.save');
  });

  it('replaces the settings when the admin switches provider, and an empty metadata URL is stored as none', async () => {
    const { admin } = await buildAdmin();
    await call(admin, 'PUT', '/api/onboarding/sso/', oktaSettings);
    const response = await call(admin, 'PUT', '/api/onboarding/sso/', {
      provider: 'google-workspace',
      idpSsoUrl: 'https://accounts.google.com/o/saml2/idp?idpid=C03az79cb',
      idpEntityId: 'https://accounts.google.com/o/saml2?idpid=C03az79cb',
      idpMetadataUrl: '',
      idpCertificate: validIdpCertificate,
    });
    expect(response.json().sso).toMatchObject({ provider: 'google-workspace', idpMetadataUrl: null });
  });

  it.each([
    ['a sign-in URL that is not https', { idpSsoUrl: 'http://harborpike.okta.com/sso' }, 'body.idpSsoUrl', 'must be an https:// URL'],
    ['an entity id that is not a URI', { idpEntityId: 'okta harbor pike' }, 'body.idpEntityId', 'must be a URI, such as https://… or urn:…'],
    ['a metadata URL that is not a URL', { idpMetadataUrl: 'metadata.xml' }, 'body.idpMetadataUrl', 'must be an https:// URL'],
    ['a certificate that is not PEM', { idpCertificate: 'MIIDSTCCAjGgAwIBAgIU' }, 'body.idpCertificate', expect.stringContaining('must be a PEM certificate')],
    ['an unreadable certificate', { idpCertificate: '-----BEGIN CERTIFICATE-----\nMIIBAAAA\n-----END CERTIFICATE-----' }, 'body.idpCertificate', expect.stringContaining('not an X.509 certificate')],
    ['an expired certificate', { idpCertificate: expiredIdpCertificate }, 'body.idpCertificate', expect.stringContaining('expired on 2021-01-01')],
    ['an unknown provider', { provider: 'onelogin' }, 'body.provider', expect.any(String)],
    ['a NUL in the sign-in URL', { idpSsoUrl: 'https://harborpike.okta.com/app/\u0000/sso/saml' }, 'body.idpSsoUrl', 'must not contain control characters such as tabs or line breaks'],
    ['a NUL in the metadata URL', { idpMetadataUrl: 'https://harborpike.okta.com/\u0000metadata' }, 'body.idpMetadataUrl', expect.any(String)],
    ['a line break in the entity id', { idpEntityId: 'http://www.okta.com/exk1a2b3\nc4d5' }, 'body.idpEntityId', 'must not contain control characters such as tabs or line breaks'],
  ])('answers 400 for %s, naming the field', async (_case, change, field, problem) => {
    const { org, admin } = await buildAdmin();
    const response = await call(admin, 'PUT', '/api/onboarding/sso/', { ...oktaSettings, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field, problem }] });
    expect((await call(admin, 'GET', '/api/onboarding/')).json().sso).toBeNull();
    expect(await auditActions(org.id)).not.toContain('onboarding.sso.save');
  });

  it('refuses a Manager (403) and stores nothing', async () => {
    const { org, admin } = await buildAdmin();
    const manager = await buildPerson(t.db, org.id, { role: 'Manager' });
    expect((await call(manager, 'PUT', '/api/onboarding/sso/', oktaSettings)).statusCode).toBe(403);
    expect((await call(admin, 'GET', '/api/onboarding/')).json().sso).toBeNull();
  });
});

describe('SCIM tokens', () => {
  it('issues a token once, keeps only its SHA-256 hash, and shows only its last four characters afterwards', async () => {
    const { org, admin } = await buildAdmin();
    const response = await call(admin, 'POST', '/api/onboarding/scim-tokens/');
    expect(response.statusCode).toBe(201);
    const issued = response.json();
    expect(issued.token).toMatch(/^vigil_scim_[A-Za-z0-9_-]{43}$/);
    expect(issued.lastFour).toBe(issued.token.slice(-4));
    const [row] = await t.db.select().from(scimTokens).where(eq(scimTokens.organizationId, org.id));
    expect(row).toMatchObject({ tokenHash: hashScimToken(issued.token), lastFour: issued.lastFour, revokedAt: null, createdByPersonId: expect.any(String) });
    const wizard = await call(admin, 'GET', '/api/onboarding/');
    expect(wizard.json().scimToken).toEqual({ id: issued.id, lastFour: issued.lastFour, createdAt: issued.createdAt, lastUsedAt: null });
    expect(wizard.body).not.toContain(issued.token);
    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, org.id), eq(auditLog.action, 'onboarding.scim-token.issue')));
    expect(JSON.stringify(entries)).not.toContain(issued.token);
  });

  it('retires the previous token when a new one is issued: it keeps working for a day, so provisioning has no gap', async () => {
    const { org, admin } = await buildAdmin();
    const first = (await call(admin, 'POST', '/api/onboarding/scim-tokens/')).json();
    const second = (await call(admin, 'POST', '/api/onboarding/scim-tokens/')).json();
    const rows = await t.db.select().from(scimTokens).where(eq(scimTokens.organizationId, org.id));
    expect(rows.find((r) => r.id === first.id)?.revokedAt).toBeInstanceOf(Date);
    const graceHours = (rows.find((r) => r.id === first.id)!.graceUntil!.getTime() - Date.now()) / 3_600_000;
    expect(graceHours).toBeGreaterThan(23.9);
    expect(graceHours).toBeLessThanOrEqual(24);
    expect(rows.find((r) => r.id === second.id)?.revokedAt).toBeNull();
    expect((await call(admin, 'GET', '/api/onboarding/')).json().scimToken.id).toBe(second.id);
  });

  it('shows the replaced token while it still works, and stops it at once when asked (a leak); only the last replaced one has a grace', async () => {
    const { org, admin } = await buildAdmin();
    const first = (await call(admin, 'POST', '/api/onboarding/scim-tokens/')).json();
    const second = (await call(admin, 'POST', '/api/onboarding/scim-tokens/')).json();
    const scimUsers = (token: string) => t.app.inject({ url: `/scim/v2/${org.id}/Users`, headers: { authorization: `Bearer ${token}` } });
    expect((await scimUsers(first.token)).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/api/onboarding/')).json().retiredScimToken).toMatchObject({ id: first.id, lastFour: first.lastFour });
    // A third token: the second gets the grace, the first stops.
    const third = (await call(admin, 'POST', '/api/onboarding/scim-tokens/')).json();
    expect((await scimUsers(first.token)).statusCode).toBe(401);
    expect((await scimUsers(second.token)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/api/onboarding/scim-tokens/${second.id}/`)).statusCode).toBe(204);
    expect((await scimUsers(second.token)).statusCode).toBe(401);
    const wizard = (await call(admin, 'GET', '/api/onboarding/')).json();
    expect(wizard).toMatchObject({ retiredScimToken: null, scimToken: { id: third.id } });
    expect((await scimUsers(third.token)).statusCode).toBe(200);
  });

  it("shows provisioning's live state: the last call, what SCIM changed in 30 days, and the last request it refused", async () => {
    const { org, admin } = await buildAdmin();
    const issued = (await call(admin, 'POST', '/api/onboarding/scim-tokens/')).json();
    expect((await call(admin, 'GET', '/api/onboarding/')).json().scimActivity).toEqual({
      lastRequestAt: null,
      last30Days: { provisioned: 0, updated: 0, deprovisioned: 0, reactivated: 0 },
      lastError: null,
    });
    const scim = (method: 'POST' | 'PATCH' | 'GET', path: string, payload?: object) =>
      t.app.inject({ method, url: `/scim/v2/${org.id}${path}`, headers: { authorization: `Bearer ${issued.token}`, 'content-type': 'application/scim+json' }, ...(payload ? { payload } : {}) });
    const user = (userName: string) => ({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName, name: { givenName: 'Ines', familyName: 'Moreau' }, emails: [{ value: userName, primary: true }] });
    const ines = (await scim('POST', '/Users', user('ines@harbor.example'))).json();
    await scim('POST', '/Users', user('theo@harbor.example'));
    await scim('PATCH', `/Users/${ines.id}`, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', path: 'active', value: false }] });
    // A lookup of someone gone is routine; a filter Vigil cannot read is what stalls a client.
    await scim('GET', '/Users/00000000-0000-4000-8000-000000000000');
    expect((await scim('GET', `/Users?filter=${encodeURIComponent('userName eq')}`)).statusCode).toBe(400);

    const { scimActivity } = (await call(admin, 'GET', '/api/onboarding/')).json();
    expect(scimActivity).toMatchObject({ last30Days: { provisioned: 2, updated: 0, deprovisioned: 1, reactivated: 0 }, lastError: { status: 400 } });
    expect(Date.now() - Date.parse(scimActivity.lastRequestAt)).toBeLessThan(60_000);
    expect(scimActivity.lastError.summary).toMatch(/^GET \/Users: invalidFilter: /);
    expect(JSON.stringify(scimActivity)).not.toContain(issued.token);
  });

  it('revokes the active token (204); then it is gone (404)', async () => {
    const { org, admin } = await buildAdmin();
    const issued = (await call(admin, 'POST', '/api/onboarding/scim-tokens/')).json();
    expect((await call(admin, 'DELETE', `/api/onboarding/scim-tokens/${issued.id}/`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', '/api/onboarding/')).json().scimToken).toBeNull();
    expect((await call(admin, 'DELETE', `/api/onboarding/scim-tokens/${issued.id}/`)).statusCode).toBe(404);
    expect(await auditActions(org.id)).toContain('onboarding.scim-token.revoke');
    // Revoked (a leak, say) it stops at once: no day of grace.
    const [row] = await t.db.select().from(scimTokens).where(eq(scimTokens.id, issued.id));
    expect(row?.graceUntil).toBeNull();
  });

  it("answers 404 for another organisation's token and leaves it working", async () => {
    const a = await buildAdmin();
    const b = await buildAdmin('Superadmin');
    const issued = (await call(b.admin, 'POST', '/api/onboarding/scim-tokens/')).json();
    const response = await call(a.admin, 'DELETE', `/api/onboarding/scim-tokens/${issued.id}/`);
    expect(response.statusCode).toBe(404);
    expect((await call(b.admin, 'GET', '/api/onboarding/')).json().scimToken.id).toBe(issued.id);
  });

  it('answers 400 for a token id that is not a UUID, and 401/403 for the wrong caller', async () => {
    const { org, admin } = await buildAdmin();
    const bad = await call(admin, 'DELETE', '/api/onboarding/scim-tokens/latest/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('params.tokenId');
    expect((await call(null, 'POST', '/api/onboarding/scim-tokens/')).statusCode).toBe(401);
    const user = await buildPerson(t.db, org.id);
    expect((await call(user, 'POST', '/api/onboarding/scim-tokens/')).statusCode).toBe(403);
    expect(await t.db.select().from(scimTokens).where(eq(scimTokens.organizationId, org.id))).toEqual([]);
  });
});

describe('POST /api/onboarding/sso/verification/', () => {
  it('needs the settings and a SCIM token (409), then completes the SSO and SCIM steps', async () => {
    const { org, admin } = await buildAdmin();
    const early = await call(admin, 'POST', '/api/onboarding/sso/verification/', { usersAssigned: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toContain('identity provider settings');
    await call(admin, 'PUT', '/api/onboarding/sso/', oktaSettings);
    expect((await call(admin, 'POST', '/api/onboarding/sso/verification/', { usersAssigned: true })).json().error.message).toContain('SCIM token');
    await call(admin, 'POST', '/api/onboarding/scim-tokens/');
    const response = await call(admin, 'POST', '/api/onboarding/sso/verification/', { usersAssigned: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().steps).toMatchObject({ sso: true, scim: true, dmi: false });
    expect(response.json().sso.verifiedAt).toEqual(expect.any(String));
    expect(await auditActions(org.id)).toEqual(expect.arrayContaining(['onboarding.sso.verify', 'organization.onboarding']));
  });

  it('needs no SCIM token for Google Workspace, which cannot provision custom apps over SCIM', async () => {
    const { admin } = await buildAdmin();
    await call(admin, 'PUT', '/api/onboarding/sso/', { ...oktaSettings, provider: 'google-workspace', idpMetadataUrl: '' });
    const response = await call(admin, 'POST', '/api/onboarding/sso/verification/', { usersAssigned: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().steps).toMatchObject({ sso: true, scim: true });
  });

  it('answers 400 when the admin has not confirmed the assignment', async () => {
    const { admin } = await buildAdmin();
    const response = await call(admin, 'POST', '/api/onboarding/sso/verification/', { usersAssigned: false });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0]).toEqual({ field: 'body.usersAssigned', problem: 'confirm that the people who use Vigil are assigned to the app' });
  });
});

describe('a step that is no longer true is no longer done', () => {
  // Single sign-on and provisioning verified, direct mail injection and Watchtower set up: only the launch is left.
  const buildReadyToLaunch = async () => {
    const { org, admin } = await buildAdmin();
    await addSendingProfile(org.id);
    await call(admin, 'PUT', '/api/onboarding/sso/', oktaSettings);
    const token = (await call(admin, 'POST', '/api/onboarding/scim-tokens/')).json();
    expect((await call(admin, 'POST', '/api/onboarding/sso/verification/', { usersAssigned: true })).json().steps).toMatchObject({ sso: true, scim: true });
    await call(admin, 'PUT', '/api/onboarding/dmi/exchange/', exchangeDmi);
    await call(admin, 'PUT', '/api/onboarding/watchtower/microsoft/', microsoftWatchtower);
    return { org, admin, token };
  };
  const launch = (admin: Person) => call(admin, 'POST', '/api/onboarding/initial-testing/launch/', { startsOn: today(), durationDays: 14 });
  const flagsOf = async (organizationId: string) =>
    (await t.db.select({ sso: organizations.isSsoCompleted, scim: organizations.isScimCompleted }).from(organizations).where(eq(organizations.id, organizationId)))[0];

  it('saving the SSO settings again asks for the verification again, and the launch waits for it', async () => {
    const { org, admin } = await buildReadyToLaunch();
    const resaved = await call(admin, 'PUT', '/api/onboarding/sso/', oktaSettings);
    expect(resaved.json().sso.verifiedAt).toBeNull();
    expect(resaved.json().steps).toMatchObject({ sso: false, scim: true });
    expect(await flagsOf(org.id)).toEqual({ sso: false, scim: true });
    const early = await launch(admin);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.details.missingSteps).toEqual(['single sign-on']);

    await call(admin, 'POST', '/api/onboarding/sso/verification/', { usersAssigned: true });
    expect((await launch(admin)).statusCode).toBe(200);
  });

  it('switching to another identity provider undoes provisioning too: its SCIM token was set up in the old one', async () => {
    const { org, admin } = await buildReadyToLaunch();
    const resaved = await call(admin, 'PUT', '/api/onboarding/sso/', { ...oktaSettings, provider: 'entra-id' });
    expect(resaved.json().steps).toMatchObject({ sso: false, scim: false });
    expect(await flagsOf(org.id)).toEqual({ sso: false, scim: false });
    expect((await launch(admin)).json().error.details.missingSteps).toEqual(['single sign-on', 'SCIM provisioning']);
  });

  it('revoking the SCIM token undoes provisioning, and the launch waits for a new token to be verified', async () => {
    const { org, admin, token } = await buildReadyToLaunch();
    const revoked = await call(admin, 'DELETE', `/api/onboarding/scim-tokens/${token.id}/`);
    expect(revoked.statusCode).toBe(204);
    expect(await flagsOf(org.id)).toEqual({ sso: true, scim: false });
    expect((await call(admin, 'GET', '/api/onboarding/')).json().steps).toMatchObject({ sso: true, scim: false });
    expect((await launch(admin)).json().error.details.missingSteps).toEqual(['SCIM provisioning']);
    expect(await auditActions(org.id)).toEqual(expect.arrayContaining(['onboarding.scim-token.revoke', 'organization.onboarding']));

    await call(admin, 'POST', '/api/onboarding/scim-tokens/');
    await call(admin, 'POST', '/api/onboarding/sso/verification/', { usersAssigned: true });
    expect((await launch(admin)).statusCode).toBe(200);
  });

  it('replacing the SCIM token undoes provisioning until the new one is verified', async () => {
    const { org, admin } = await buildReadyToLaunch();
    expect((await call(admin, 'POST', '/api/onboarding/scim-tokens/')).statusCode).toBe(201);
    expect(await flagsOf(org.id)).toEqual({ sso: true, scim: false });
    expect((await launch(admin)).json().error.details.missingSteps).toEqual(['SCIM provisioning']);
  });

  it('keeps provisioning done for Google Workspace, which provisions through the import, not a SCIM token', async () => {
    const { org, admin } = await buildAdmin();
    await call(admin, 'PUT', '/api/onboarding/sso/', { ...oktaSettings, provider: 'google-workspace', idpMetadataUrl: '' });
    const token = (await call(admin, 'POST', '/api/onboarding/scim-tokens/')).json();
    await call(admin, 'POST', '/api/onboarding/sso/verification/', { usersAssigned: true });
    await call(admin, 'DELETE', `/api/onboarding/scim-tokens/${token.id}/`);
    expect(await flagsOf(org.id)).toEqual({ sso: true, scim: true });
  });
});

describe('direct mail injection and Watchtower', () => {
  it.each([
    ['/api/onboarding/dmi/exchange/', exchangeDmi, 'dmi', ['dmi', 'exchange']],
    ['/api/onboarding/dmi/google-workspace/', googleDmi, 'dmi', ['dmi', 'googleWorkspace']],
    ['/api/onboarding/watchtower/google/', googleWatchtower, 'watchtower', ['watchtower', 'google']],
    ['/api/onboarding/watchtower/microsoft/', microsoftWatchtower, 'watchtower', ['watchtower', 'microsoft']],
  ] as const)('PUT %s stores the input, records the confirmation and completes the step', async (url, body, step, [group, key]) => {
    const { org, admin } = await buildAdmin();
    const response = await call(admin, 'PUT', url, body);
    expect(response.statusCode).toBe(200);
    const wizard = response.json();
    expect(wizard.steps[step]).toBe(true);
    expect(wizard[group][key]).toMatchObject({ settings: body, confirmedAt: expect.any(String) });
    const [row] = await t.db.select().from(integrationSetups).where(eq(integrationSetups.organizationId, org.id));
    expect(row?.settings).not.toHaveProperty('permissionsGranted');
    expect(await auditActions(org.id)).toEqual(expect.arrayContaining([`onboarding.${step}.save`, 'organization.onboarding']));
    // Saving again updates the same record.
    await call(admin, 'PUT', url, body);
    expect(await t.db.select().from(integrationSetups).where(eq(integrationSetups.organizationId, org.id))).toHaveLength(1);
  });

  it.each([
    ['/api/onboarding/dmi/exchange/', { ...exchangeDmi, tenantId: 'harbor pike' }, 'body.tenantId', expect.stringContaining('must be a tenant ID')],
    ['/api/onboarding/dmi/exchange/', { ...exchangeDmi, applicationId: '12345' }, 'body.applicationId', expect.stringContaining('Application (client) ID')],
    ['/api/onboarding/dmi/exchange/', { ...exchangeDmi, permissionsGranted: false }, 'body.permissionsGranted', 'confirm that the permissions are granted'],
    ['/api/onboarding/dmi/google-workspace/', { ...googleDmi, serviceAccountEmail: 'vigil@gmail.com' }, 'body.serviceAccountEmail', expect.stringContaining('.iam.gserviceaccount.com')],
    ['/api/onboarding/dmi/google-workspace/', { ...googleDmi, serviceAccountClientId: 'vigil-dmi' }, 'body.serviceAccountClientId', expect.stringContaining('numeric client ID')],
    ['/api/onboarding/watchtower/google/', { ...googleWatchtower, customerId: '03az79cb' }, 'body.customerId', expect.stringContaining('C0 followed by 7')],
    ['/api/onboarding/watchtower/google/', { ...googleWatchtower, adminEmail: 'it-admin' }, 'body.adminEmail', 'must be an email address'],
    ['/api/onboarding/watchtower/microsoft/', { ...microsoftWatchtower, entraLicense: 'e5' }, 'body.entraLicense', 'choose Free, P1 or P2'],
  ])('PUT %s answers 400 naming %s', async (url, body, field, problem) => {
    const { org, admin } = await buildAdmin();
    const response = await call(admin, 'PUT', url, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toContainEqual({ field, problem });
    const [flags] = await t.db.select().from(organizations).where(eq(organizations.id, org.id));
    expect([flags?.isDmiCompleted, flags?.isWatchtowerCompleted]).toEqual([false, false]);
  });

  it('refuses a User (403) and a caller without a session (401)', async () => {
    const { org } = await buildAdmin();
    const user = await buildPerson(t.db, org.id);
    expect((await call(user, 'PUT', '/api/onboarding/dmi/exchange/', exchangeDmi)).statusCode).toBe(403);
    expect((await call(null, 'PUT', '/api/onboarding/watchtower/google/', googleWatchtower)).statusCode).toBe(401);
    expect(await t.db.select().from(integrationSetups).where(eq(integrationSetups.organizationId, org.id))).toEqual([]);
  });
});

describe('POST /api/onboarding/initial-testing/launch/', () => {
  it('needs the four earlier steps (409), then completes onboarding and lets the shell through', async () => {
    const { org, admin } = await buildAdmin('Superadmin');
    await addSendingProfile(org.id);
    const early = await call(admin, 'POST', '/api/onboarding/initial-testing/launch/', { startsOn: today(), durationDays: 14 });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.details.missingSteps).toEqual(['single sign-on', 'SCIM provisioning', 'direct mail injection', 'Watchtower']);

    await call(admin, 'PUT', '/api/onboarding/sso/', oktaSettings);
    await call(admin, 'POST', '/api/onboarding/scim-tokens/');
    await call(admin, 'POST', '/api/onboarding/sso/verification/', { usersAssigned: true });
    await call(admin, 'PUT', '/api/onboarding/dmi/google-workspace/', googleDmi);
    await call(admin, 'PUT', '/api/onboarding/watchtower/google/', googleWatchtower);
    const response = await call(admin, 'POST', '/api/onboarding/initial-testing/launch/', { startsOn: today(), durationDays: 14 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isOnboarded: true, initialTesting: { startsOn: today(), durationDays: 14 } });
    const personal = (await call(admin, 'GET', '/api/personal_user_data/')).json();
    expect(personal.onboarding_status).toEqual({
      is_dmi_completed: true,
      is_initial_testing_completed: true,
      is_scim_completed: true,
      is_sso_completed: true,
      is_watchtower_completed: true,
    });
    expect(await auditActions(org.id)).toContain('onboarding.initial-testing.launch');
  });

  it.each([
    ['a start in the past', { startsOn: '2020-01-06', durationDays: 14 }, 'body.startsOn', 'must be today or later'],
    ['a start too far ahead', { startsOn: '2999-01-01', durationDays: 14 }, 'body.startsOn', 'must be within 90 days from today'],
    ['a date that is not one', { startsOn: 'next monday', durationDays: 14 }, 'body.startsOn', 'must be a date written as YYYY-MM-DD, in the years 0001 to 9999'],
    ['a day of year 0000', { startsOn: '0000-02-29', durationDays: 14 }, 'body.startsOn', 'must be a date written as YYYY-MM-DD, in the years 0001 to 9999'],
    ['February 29 of a year that is not a leap year', { startsOn: '2027-02-29', durationDays: 14 }, 'body.startsOn', 'must be a date written as YYYY-MM-DD, in the years 0001 to 9999'],
    ['a duration not offered', { startsOn: '2030-01-01', durationDays: 10 }, 'body.durationDays', 'must be one of 7, 14, 28 days'],
  ])('answers 400 for %s', async (_case, body, field, problem) => {
    const { admin } = await buildAdmin();
    const response = await call(admin, 'POST', '/api/onboarding/initial-testing/launch/', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0]).toEqual({ field, problem });
  });

  it('refuses a Manager (403)', async () => {
    const { org } = await buildAdmin();
    const manager = await buildPerson(t.db, org.id, { role: 'Manager' });
    expect((await call(manager, 'POST', '/api/onboarding/initial-testing/launch/', { startsOn: today(), durationDays: 7 })).statusCode).toBe(403);
  });
});
