// @vitest-environment jsdom
/**
 * Single sign-on with SAML against a real SAML identity provider from npm (samlify in the IdP
 * role, signing with its own key), driven through the published @descope/web-js-sdk's `sso`
 * methods: a sign-in, and the responses a service provider must refuse.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import createSdk from '@descope/web-js-sdk';
import * as samlify from 'samlify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ssoStore } from './sso/sso-connections.ts';
import { eq } from 'drizzle-orm';
import { ssoDomainProofs } from './schema/index.ts';
import { projectId, providerSecret, useProvider } from './test/provider-harness.ts';

// The host's just-in-time provisioning, as the app's does it: an account in the connection's organisation.
const provisioned: string[] = [];
const provider = useProvider({
  provisionSsoUser: async (newcomer) => {
    const user = await provider.buildUser();
    await provider.management.upsertUsers([{ userId: user.userId, email: newcomer.email, givenName: newcomer.givenName, familyName: newcomer.familyName, tenants: {} }]);
    await provider.management.setUserTenants(user.userId, { [newcomer.tenantId]: ['User'] });
    provisioned.push(newcomer.email);
    return user.userId;
  },
});
const device = () => createSdk({ projectId, baseUrl: provider.baseUrl, persistTokens: false, autoRefresh: false });
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'test', name), 'utf8');
const idpEntityId = 'https://idp.example-corp.test/saml/metadata';
const returnTo = 'http://app.vigil.test/login/sso/';

// The test peer validates nothing it receives against the SAML schema (it is not under test).
samlify.setSchemaValidator({ validate: async () => 'skipped' });
const identityProvider = samlify.IdentityProvider({
  entityID: idpEntityId,
  privateKey: fixture('idp-test-key.pem'),
  signingCert: fixture('idp-test-cert.pem'),
  singleSignOnService: [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', Location: 'https://idp.example-corp.test/saml/sso' }],
  nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'],
});

type Setup = { tenantId: string; connectionId: string; member: { email: string; password: string; userId: string }; serviceProvider: ReturnType<typeof samlify.ServiceProvider>; metadata: string };
let setup: Setup;

beforeAll(async () => {
  const admin = await provider.buildUser();
  const tenantId = admin.tenantIds[0]!;
  const member = await provider.buildUser();
  await provider.management.setUserTenants(member.userId, { [tenantId]: ['User'] });
  const connection = await ssoStore(provider.database.db, providerSecret).create(tenantId, {
    name: 'Example Corp IdP',
    protocol: 'saml',
    domains: ['vigil.test'],
    samlIdpEntityId: idpEntityId,
    samlIdpSsoUrl: 'https://idp.example-corp.test/saml/sso',
    samlIdpCertificates: [fixture('idp-test-cert.pem')],
  });
  const metadata = await (await fetch(`${provider.baseUrl}/v1/sso/saml/metadata/${connection.id}`)).text();
  setup = { tenantId, connectionId: connection.id, member, serviceProvider: samlify.ServiceProvider({ metadata }), metadata };
});
beforeEach(() => localStorage.clear());

/**
 * An authentication statement as an IdP writes it after a second factor (REFEDS MFA): samlify's
 * own response template, with its tags filled as samlify fills them, plus this statement.
 */
const withMultiFactorStatement = (extract: { request?: { id?: string } }) => (template: string) => {
  const now = new Date().toISOString();
  const later = new Date(Date.now() + 5 * 60 * 1000).toISOString();
  const acs = `${provider.app.authProvider.settings.publicUrl}/v1/sso/saml/acs/${setup.connectionId}`;
  const id = `_${crypto.randomUUID()}`;
  // Filled values are escaped as text: the statement goes into the template itself.
  const statement = `<saml:AuthnStatement AuthnInstant="${now}"><saml:AuthnContext><saml:AuthnContextClassRef>https://refeds.org/profile/mfa</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`;
  const context = samlify.SamlLib.replaceTagsByValue(template.replace('{AuthnStatement}', statement), {
    ID: id,
    AssertionID: `_${crypto.randomUUID()}`,
    Destination: acs,
    Audience: `${provider.app.authProvider.settings.publicUrl}/v1/sso/saml/metadata/${setup.connectionId}`,
    SubjectRecipient: acs,
    Issuer: idpEntityId,
    IssueInstant: now,
    StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
    ConditionsNotBefore: now,
    ConditionsNotOnOrAfter: later,
    SubjectConfirmationDataNotOnOrAfter: later,
    NameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    NameID: setup.member.email,
    InResponseTo: extract.request?.id ?? '',
    AttributeStatement: '',
  });
  return { id, context };
};

/** The IdP's side: reads our AuthnRequest from the redirect and answers it, signed, for `email`. */
const idpAnswers = async (authorizeUrl: string, email: string, serviceProvider = setup.serviceProvider, { mfa = false } = {}) => {
  const url = new URL(authorizeUrl);
  const { extract } = await identityProvider.parseLoginRequest(serviceProvider, 'redirect', { query: Object.fromEntries(url.searchParams) });
  const { context } = await identityProvider.createLoginResponse(serviceProvider, { extract }, 'post', { email }, mfa ? withMultiFactorStatement(extract) : undefined);
  return { SAMLResponse: context, RelayState: url.searchParams.get('RelayState') ?? '' };
};

/** The browser posting the IdP's form to our ACS; answers where it is sent next. */
const postToAcs = async (form: Record<string, string>) => {
  const response = await fetch(`${provider.baseUrl}/v1/sso/saml/acs/${setup.connectionId}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!);
};

const startSignIn = async () => {
  const started = await device().sso.start(setup.tenantId, returnTo);
  expect(started.ok).toBe(true);
  return started.data!.url;
};

describe('SAML single sign-on', () => {
  it('publishes SP metadata with its entity id, ACS and a wish for signed assertions', () => {
    expect(setup.metadata).toContain(`entityID="http://app.vigil.test/v1/sso/saml/metadata/${setup.connectionId}"`);
    expect(setup.metadata).toContain(`Location="http://app.vigil.test/v1/sso/saml/acs/${setup.connectionId}"`);
    expect(setup.metadata).toContain('WantAssertionsSigned="true"');
  });

  it('signs a member in: IdP response → ACS → code at the return address → session', async () => {
    const url = await startSignIn();
    expect(url).toMatch(/^https:\/\/idp\.example-corp\.test\/saml\/sso\?SAMLRequest=/);
    const landing = await postToAcs(await idpAnswers(url, setup.member.email));
    expect(`${landing.origin}${landing.pathname}`).toBe(returnTo);
    const code = landing.searchParams.get('code')!;
    const session = await device().sso.exchange(code);
    expect(session.ok).toBe(true);
    expect(session.data!.user?.userId).toBe(setup.member.userId);
    expect(session.data!.claims?.amr).toEqual(['sso']);
    // The code works once.
    expect((await device().sso.exchange(code)).code).toBe(401);
  });

  it('counts the second factor the IdP’s authentication context names: the session owes none here', async () => {
    const landing = await postToAcs(await idpAnswers(await startSignIn(), setup.member.email, setup.serviceProvider, { mfa: true }));
    const session = await device().sso.exchange(landing.searchParams.get('code')!);
    expect(session.data!.claims?.amr).toEqual(['sso', 'mfa']);
  });

  it('refuses a replayed response', async () => {
    const answer = await idpAnswers(await startSignIn(), setup.member.email);
    expect((await postToAcs(answer)).searchParams.has('code')).toBe(true);
    expect((await postToAcs(answer)).searchParams.get('err')).toBe('refused');
  });

  it('refuses an assertion whose signature was stripped', async () => {
    const answer = await idpAnswers(await startSignIn(), setup.member.email);
    const xml = Buffer.from(answer.SAMLResponse, 'base64').toString('utf8');
    const unsigned = xml.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, '');
    expect(unsigned).not.toEqual(xml);
    expect((await postToAcs({ ...answer, SAMLResponse: Buffer.from(unsigned).toString('base64') })).searchParams.get('err')).toBe('refused');
  });

  it('refuses an assertion meant for another service provider (wrong audience)', async () => {
    const otherSp = samlify.ServiceProvider({ metadata: setup.metadata.replace(/entityID="[^"]+"/, 'entityID="https://other-app.example/saml"') });
    const answer = await idpAnswers(await startSignIn(), setup.member.email, otherSp);
    expect((await postToAcs(answer)).searchParams.get('err')).toBe('refused');
  });

  it('refuses someone the IdP vouches for who has no account in the organization (no just-in-time provisioning)', async () => {
    const landing = await postToAcs(await idpAnswers(await startSignIn(), 'newcomer@example-corp.test'));
    expect(landing.searchParams.get('err')).toBe('no-account');
  });

  it('makes an account just in time only at a domain the organization proved in DNS', async () => {
    const store = ssoStore(provider.database.db, providerSecret);
    await store.update(setup.tenantId, setup.connectionId, { domains: ['vigil.test', 'example-corp.test'], jitProvisioning: true });
    try {
      // Claimed, not proved: the IdP alone cannot make accounts for the domain's addresses.
      expect((await postToAcs(await idpAnswers(await startSignIn(), 'first.newcomer@example-corp.test'))).searchParams.get('err')).toBe('no-account');
      expect(provisioned).toEqual([]);
      await provider.database.db.insert(ssoDomainProofs).values({ domain: 'example-corp.test', tenantId: setup.tenantId, provedAt: new Date() });
      const landing = await postToAcs(await idpAnswers(await startSignIn(), 'first.newcomer@example-corp.test'));
      expect(landing.searchParams.has('code'), landing.href).toBe(true);
      expect(provisioned).toEqual(['first.newcomer@example-corp.test']);
    } finally {
      await store.update(setup.tenantId, setup.connectionId, { domains: ['vigil.test'], jitProvisioning: false });
      await provider.database.db.delete(ssoDomainProofs).where(eq(ssoDomainProofs.domain, 'example-corp.test'));
    }
  });

  it('refuses someone who also belongs to another organization: this IdP cannot vouch for them', async () => {
    const operator = await provider.buildUser();
    await provider.management.upsertUsers([{ userId: operator.userId, email: operator.email, givenName: 'Managed', familyName: 'Operator', tenants: { [setup.tenantId]: ['Admin'], [operator.tenantIds[0]!]: ['Admin'] } }]);
    expect((await postToAcs(await idpAnswers(await startSignIn(), operator.email))).searchParams.get('err')).toBe('no-account');
  });

  it('stops signing in a linked person once they leave the organization', async () => {
    const leaver = await provider.buildUser();
    await provider.management.setUserTenants(leaver.userId, { [setup.tenantId]: ['User'] });
    const first = await postToAcs(await idpAnswers(await startSignIn(), leaver.email));
    expect(first.searchParams.has('code')).toBe(true);
    await provider.management.setUserTenants(leaver.userId, { [leaver.tenantIds[0]!]: ['User'] });
    expect((await postToAcs(await idpAnswers(await startSignIn(), leaver.email))).searchParams.get('err')).toBe('no-account');
  });

  it('when the organization requires SSO, refuses password sign-in to members and keeps it for admins', async () => {
    const store = ssoStore(provider.database.db, providerSecret);
    await store.setPolicy(setup.tenantId, { requireSso: true, requireMfa: false, allowedMethods: ['password', 'email', 'passkey'] });
    try {
      const refused = await device().password.signIn(setup.member.email, setup.member.password);
      expect(refused.code).toBe(403);
      expect(refused.error?.errorCode).toBe('E062112');
      const admin = await provider.buildUser();
      await provider.management.setUserTenants(admin.userId, { [setup.tenantId]: ['Admin'] });
      expect((await device().password.signIn(admin.email, admin.password)).ok).toBe(true);
      // Single sign-on still signs the member in.
      const landing = await postToAcs(await idpAnswers(await startSignIn(), setup.member.email));
      expect((await device().sso.exchange(landing.searchParams.get('code')!)).ok).toBe(true);
    } finally {
      await store.setPolicy(setup.tenantId, { requireSso: false, requireMfa: false, allowedMethods: ['password', 'email', 'passkey'] });
    }
  });
});
