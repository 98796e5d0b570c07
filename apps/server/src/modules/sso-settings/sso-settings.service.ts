import { DnsLookupError, type ProviderContext, type ResolveTxt, type SsoConnectionInput, type SsoConnectionRow, checkDomainProof, domainProofRecord, domainProofsRepository, readSsoTest, ssoStore, startSsoTest } from '@vigil/auth-provider';
import type { CreateSsoConnectionBody, SignInPolicy, SsoDomain, SsoDomainCheck, SsoSettings, SsoTestResult, UpdateSsoConnectionBody } from '@vigil/contracts';
import { signInPolicyMethods } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { type Tenant, requireAdminRole } from '../../lib/tenant.ts';
import { recordAudit, recordAuditAs } from '../audit-log/audit-log.service.ts';
import { readSigningCertificate } from '../onboarding/saml-certificate.ts';
import { getThroughGuard } from '../phishing/delivery/guarded-post.ts';
import { readIdpMetadata } from './idp-metadata.ts';
import { publicMailDomains } from './public-mail-domains.ts';
import { presentSsoConnection } from './sso-settings.presenter.ts';

export type SsoSettingsDeps = {
  db: Db;
  secret: Buffer;
  publicUrl: string;
  outboundAllowedHosts: readonly string[];
  /** The embedded provider (these routes exist only with it: another provider of the contract keeps its own settings). */
  provider: ProviderContext;
  /** TXT lookups for domain proofs (the configured DNS servers). */
  resolveTxt: ResolveTxt;
};

const adminOnly = 'Only an admin can manage single sign-on';
const defaultPolicy: SignInPolicy = { requireSso: false, requireMfa: false, allowedMethods: [...signInPolicyMethods] };

const embedded = (deps: SsoSettingsDeps, tenant: Tenant) => {
  requireAdminRole(tenant, adminOnly);
  return { store: ssoStore(deps.db, deps.secret), provider: deps.provider };
};

/** The organisation's connections and sign-in policy. @throws AppError FORBIDDEN for anyone but an admin. */
export const getSsoSettings = async (deps: SsoSettingsDeps, tenant: Tenant): Promise<SsoSettings> => {
  const { store } = embedded(deps, tenant);
  const [connections, policy] = await Promise.all([store.list(tenant.organizationId), store.getPolicy(tenant.organizationId)]);
  return {
    connections: connections.map((row) => presentSsoConnection(row, deps.publicUrl)),
    domains: await listDomains(deps, tenant, connections),
    policy: policy ? { requireSso: policy.requireSso, requireMfa: policy.requireMfa, allowedMethods: policy.allowedMethods.filter((m): m is SignInPolicy['allowedMethods'][number] => (signInPolicyMethods as readonly string[]).includes(m)) } : defaultPolicy,
  };
};

/** Reads an IdP's SAML details from what the admin gave: metadata XML, a metadata URL (fetched once, through the outbound guard) or the values by hand. */
const samlDetails = async (deps: SsoSettingsDeps, saml: NonNullable<CreateSsoConnectionBody['saml']>): Promise<Partial<SsoConnectionInput>> => {
  let xml = saml.metadataXml;
  if (!xml && saml.metadataUrl) {
    try {
      const answer = await getThroughGuard(new URL(saml.metadataUrl), { accept: 'application/samlmetadata+xml, application/xml, text/xml' }, {
        allowedHosts: deps.outboundAllowedHosts,
        timeoutMs: 10_000,
        maxAnswerBytes: 512 * 1024,
        tooLarge: () => new Error('the metadata is larger than 512 KB'),
        timedOut: () => new Error('the identity provider did not answer within 10 seconds'),
      });
      if (answer.status !== 200) throw new Error(`the address answered HTTP ${answer.status}`);
      xml = answer.body;
    } catch (error) {
      throw fieldError('VALIDATION_FAILED', 'body.saml.metadataUrl', `could not be read: ${error instanceof Error ? error.message : 'unknown error'}`);
    }
  }
  if (xml) {
    const reading = readIdpMetadata(xml);
    if (!reading.ok) throw fieldError('VALIDATION_FAILED', saml.metadataXml ? 'body.saml.metadataXml' : 'body.saml.metadataUrl', reading.problem);
    const certificates = reading.metadata.certificates.filter((pem) => readSigningCertificate(pem).ok);
    if (!certificates.length) throw fieldError('VALIDATION_FAILED', 'body.saml.metadataXml', 'has no signing certificate that is still valid');
    return { samlIdpEntityId: reading.metadata.entityId, samlIdpSsoUrl: reading.metadata.ssoUrl, samlIdpCertificates: certificates };
  }
  const details: Partial<SsoConnectionInput> = {};
  if (saml.idpEntityId) details.samlIdpEntityId = saml.idpEntityId;
  if (saml.idpSsoUrl) details.samlIdpSsoUrl = saml.idpSsoUrl;
  if (saml.certificate) {
    const reading = readSigningCertificate(saml.certificate);
    if (!reading.ok) throw fieldError('VALIDATION_FAILED', 'body.saml.certificate', reading.problem);
    details.samlIdpCertificates = [reading.certificate.pem];
  }
  return details;
};

const ensureDomainsFree = async (store: ReturnType<typeof ssoStore>, tenant: Tenant, domains: readonly string[] | undefined) => {
  const publicDomain = domains?.find((domain) => publicMailDomains.has(domain));
  if (publicDomain) throw fieldError('VALIDATION_FAILED', 'body.domains', `${publicDomain} is a public mail service that no organization owns; use your organization's own domain`);
  if (domains?.length && (await store.domainTakenElsewhere(tenant.organizationId, domains))) {
    throw fieldError('CONFLICT', 'body.domains', 'one of these domains signs in through another organization’s single sign-on');
  }
};

/**
 * Adds a connection. SAML needs the IdP's entity id, sign-in URL and a valid signing certificate;
 * OIDC an issuer, a client id and its secret.
 * @throws AppError FORBIDDEN; VALIDATION_FAILED naming the field; CONFLICT (a domain of another organisation).
 */
export const createSsoConnection = async (deps: SsoSettingsDeps, tenant: Tenant, body: CreateSsoConnectionBody, origin: RequestOrigin) => {
  const { store } = embedded(deps, tenant);
  await ensureDomainsFree(store, tenant, body.domains);
  let input: SsoConnectionInput = { name: body.name, protocol: body.protocol, domains: body.domains, jitProvisioning: body.jitProvisioning };
  if (body.protocol === 'saml') {
    if (!body.saml) throw fieldError('VALIDATION_FAILED', 'body.saml', 'is required for a SAML connection');
    input = { ...input, ...(await samlDetails(deps, body.saml)) };
    for (const [field, value] of [['idpEntityId', input.samlIdpEntityId], ['idpSsoUrl', input.samlIdpSsoUrl], ['certificate', input.samlIdpCertificates?.[0]]] as const) {
      if (!value) throw fieldError('VALIDATION_FAILED', `body.saml.${field}`, 'is required (or give the metadata)');
    }
  } else {
    if (!body.oidc) throw fieldError('VALIDATION_FAILED', 'body.oidc', 'is required for an OpenID Connect connection');
    if (!body.oidc.clientSecret) throw fieldError('VALIDATION_FAILED', 'body.oidc.clientSecret', 'is required');
    input = { ...input, oidcIssuer: body.oidc.issuer.replace(/\/+$/, ''), oidcClientId: body.oidc.clientId, oidcClientSecret: body.oidc.clientSecret };
  }
  const row = await store.create(tenant.organizationId, input);
  await recordAudit(deps.db, tenant, { action: 'sso.connection.create', targetType: 'sso_connection', targetId: row.id, details: { name: row.name, protocol: row.protocol, domains: row.domains, jitProvisioning: row.jitProvisioning }, ...origin });
  return presentSsoConnection(row, deps.publicUrl);
};

/** Changes a connection; changed IdP details make it unproven until its next test sign-in. @throws AppError NOT_FOUND, VALIDATION_FAILED, CONFLICT. */
export const updateSsoConnection = async (deps: SsoSettingsDeps, tenant: Tenant, id: string, body: UpdateSsoConnectionBody, origin: RequestOrigin) => {
  const { store } = embedded(deps, tenant);
  const current = await store.get(tenant.organizationId, id);
  if (!current) throw notFound('Single sign-on connection');
  await ensureDomainsFree(store, tenant, body.domains);
  const input: Partial<SsoConnectionInput> = {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
    ...(body.domains !== undefined ? { domains: body.domains } : {}),
    ...(body.jitProvisioning !== undefined ? { jitProvisioning: body.jitProvisioning } : {}),
    ...(body.saml && current.protocol === 'saml' ? await samlDetails(deps, body.saml) : {}),
    ...(body.oidc && current.protocol === 'oidc'
      ? {
          ...(body.oidc.issuer ? { oidcIssuer: body.oidc.issuer.replace(/\/+$/, '') } : {}),
          ...(body.oidc.clientId ? { oidcClientId: body.oidc.clientId } : {}),
          ...(body.oidc.clientSecret ? { oidcClientSecret: body.oidc.clientSecret } : {}),
        }
      : {}),
  };
  // The kept secret goes only to the issuer it was given for: another issuer (or client) needs it typed again.
  const movedClient = (input.oidcIssuer !== undefined && input.oidcIssuer !== current.oidcIssuer) || (input.oidcClientId !== undefined && input.oidcClientId !== current.oidcClientId);
  if (movedClient && !input.oidcClientSecret) throw fieldError('VALIDATION_FAILED', 'body.oidc.clientSecret', 'is required when the issuer or the client id changes');
  if (body.enabled === false) await ensureNotLastForRequiredSso(store, tenant, id);
  const row = (await store.update(tenant.organizationId, id, input))!;
  await recordAudit(deps.db, tenant, { action: 'sso.connection.update', targetType: 'sso_connection', targetId: id, details: { changed: Object.keys(input).filter((key) => key !== 'oidcClientSecret') , secretReplaced: Boolean(input.oidcClientSecret) }, ...origin });
  return presentSsoConnection(row, deps.publicUrl);
};

/** While single sign-on is required, the last working connection cannot go: nobody but admins could sign in. */
const ensureNotLastForRequiredSso = async (store: ReturnType<typeof ssoStore>, tenant: Tenant, leaving: string) => {
  const policy = await store.getPolicy(tenant.organizationId);
  if (!policy?.requireSso) return;
  const others = (await store.list(tenant.organizationId)).filter((row) => row.id !== leaving && row.enabled && row.verifiedAt);
  if (!others.length) throw new AppError('CONFLICT', 'Single sign-on is required and this is the last working connection: turn the requirement off first');
};

/** Removes a connection and the accounts' links to it. @throws AppError NOT_FOUND, CONFLICT (last one while required). */
export const deleteSsoConnection = async (deps: SsoSettingsDeps, tenant: Tenant, id: string, origin: RequestOrigin) => {
  const { store } = embedded(deps, tenant);
  const current = await store.get(tenant.organizationId, id);
  if (!current) throw notFound('Single sign-on connection');
  await ensureNotLastForRequiredSso(store, tenant, id);
  await store.remove(tenant.organizationId, id);
  await recordAudit(deps.db, tenant, { action: 'sso.connection.delete', targetType: 'sso_connection', targetId: id, details: { name: current.name, protocol: current.protocol }, ...origin });
};

/** Starts a test sign-in that comes back to /sso-settings/. @throws AppError NOT_FOUND. */
export const startSsoConnectionTest = async (deps: SsoSettingsDeps, tenant: Tenant, id: string, returnPath: string) => {
  const { provider } = embedded(deps, tenant);
  const url = await startSsoTest(provider, tenant.organizationId, id, `${deps.publicUrl}${returnPath}`);
  if (!url) throw notFound('Single sign-on connection');
  return { url };
};

/** What the IdP said in a test sign-in of this organisation (once). @throws AppError NOT_FOUND. */
export const readSsoConnectionTest = async (deps: SsoSettingsDeps, tenant: Tenant, code: string, origin: RequestOrigin): Promise<SsoTestResult> => {
  const { provider } = embedded(deps, tenant);
  const result = await readSsoTest(provider, tenant.organizationId, code);
  if (!result) throw notFound('Test sign-in');
  await recordAudit(deps.db, tenant, { action: 'sso.connection.test', targetType: 'sso_connection', targetId: result.connectionId, details: { email: result.email }, ...origin });
  return result;
};

/**
 * Sets the organisation's sign-in policy. Requiring single sign-on needs a connection that is on
 * and passed a test sign-in; without SSO required, at least one other method must stay allowed.
 * @throws AppError FORBIDDEN; CONFLICT (no working connection); VALIDATION_FAILED (no method left).
 */
export const setSignInPolicy = async (deps: SsoSettingsDeps, tenant: Tenant, policy: SignInPolicy, origin: RequestOrigin): Promise<SsoSettings> => {
  const { store } = embedded(deps, tenant);
  if (policy.requireSso && !(await store.list(tenant.organizationId)).some((row) => row.enabled && row.verifiedAt)) {
    throw fieldError('CONFLICT', 'body.requireSso', 'needs a connection that is on and passed a test sign-in');
  }
  if (!policy.requireSso && !policy.allowedMethods.length) throw fieldError('VALIDATION_FAILED', 'body.allowedMethods', 'must keep at least one way to sign in');
  await store.setPolicy(tenant.organizationId, { ...policy, allowedMethods: [...new Set(policy.allowedMethods)] });
  await recordAudit(deps.db, tenant, { action: 'sso.policy.update', targetType: 'organization', targetId: tenant.organizationId, details: policy, ...origin });
  return getSsoSettings(deps, tenant);
};

/** Every domain the organisation's connections claim or it proved, each with its proof state and TXT record. */
const listDomains = async (deps: SsoSettingsDeps, tenant: Tenant, known?: SsoConnectionRow[]): Promise<SsoDomain[]> => {
  const [connections, proofs] = await Promise.all([known ?? ssoStore(deps.db, deps.secret).list(tenant.organizationId), domainProofsRepository(deps.db).ofTenant(tenant.organizationId)]);
  const names = [...new Set([...connections.flatMap((connection) => connection.domains), ...proofs.map((proof) => proof.domain)])].sort();
  return names.map((domain) => {
    const proof = proofs.find((row) => row.domain === domain);
    return {
      domain,
      proved: Boolean(proof),
      provedAt: proof?.provedAt.toISOString() ?? null,
      record: domainProofRecord(deps.secret, tenant.organizationId, domain),
      connections: connections.filter((connection) => connection.domains.includes(domain)).map((connection) => connection.name),
    };
  });
};

/**
 * Looks the domain's TXT records up now; when this organisation's record is there, the domain is
 * proved (audited), taking it over from any organisation that proved it before.
 * @throws AppError FORBIDDEN; VALIDATION_FAILED for a public mail service; BAD_GATEWAY when DNS could not answer.
 */
export const checkSsoDomain = async (deps: SsoSettingsDeps, tenant: Tenant, domain: string, origin: RequestOrigin): Promise<SsoDomainCheck> => {
  embedded(deps, tenant);
  if (publicMailDomains.has(domain)) throw fieldError('VALIDATION_FAILED', 'body.domain', `${domain} is a public mail service that no organization owns; use your organization's own domain`);
  const check = await checkDomainProof(deps.db, deps.secret, deps.resolveTxt, tenant.organizationId, domain).catch((error: unknown) => {
    if (error instanceof DnsLookupError) throw new AppError('BAD_GATEWAY', `The DNS servers could not be asked about ${domain} (${error.code}); try again in a minute`);
    throw error;
  });
  if (check.proved) await recordAudit(deps.db, tenant, { action: 'sso.domain.prove', targetType: 'sso_domain', targetId: domain, details: { domain }, ...origin });
  // The organisation that held the domain hears of it in its own audit log (its sign-ins by address and just-in-time accounts stop there).
  if (check.takenFrom) {
    await recordAuditAs(deps.db, { organizationId: check.takenFrom }, { kind: 'sso', id: 'domain-proof', organizationId: check.takenFrom }, {
      action: 'sso.domain.lost',
      targetType: 'sso_domain',
      targetId: domain,
      details: { domain, reason: 'another organization published its proof at the domain' },
    });
  }
  const status = (await listDomains(deps, tenant)).find((item) => item.domain === domain) ?? {
    domain,
    proved: false,
    provedAt: null,
    record: domainProofRecord(deps.secret, tenant.organizationId, domain),
    connections: [],
  };
  return { domain: status, found: check.found };
};

/** Gives up the organisation's proof of a domain (audited). @throws AppError FORBIDDEN; NOT_FOUND when it has none. */
export const removeSsoDomainProof = async (deps: SsoSettingsDeps, tenant: Tenant, domain: string, origin: RequestOrigin) => {
  embedded(deps, tenant);
  if (!(await domainProofsRepository(deps.db).remove(tenant.organizationId, domain))) throw notFound('Domain proof');
  await recordAudit(deps.db, tenant, { action: 'sso.domain.remove-proof', targetType: 'sso_domain', targetId: domain, details: { domain }, ...origin });
};
