import {
  type ExchangeDmiSettings,
  type GoogleDmiSettings,
  type GoogleWatchtowerSettings,
  type IssuedScimToken,
  type LaunchInitialTestingBody,
  type MicrosoftWatchtowerSettings,
  type OnboardingWizard,
  type SaveSsoSettingsBody,
  type UpdateOnboardingBody,
  initialTestingMaxDaysAhead,
} from '@vigil/contracts';
import { ssoStore } from '@vigil/auth-provider';
// The list of public mail domains belongs to SSO settings; the wizard claims a domain the same way.
import { publicMailDomains } from '../sso-settings/public-mail-domains.ts';
import type { Db } from '@vigil/db';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { type Tenant, requireAdminRole } from '../../lib/tenant.ts';
import { recordAudit } from '../audit-log/audit-log.service.ts';
import { updateOnboarding } from '../organizations/onboarding.service.ts';
import { findCurrentOrganization } from '../organizations/organizations.service.ts';
import { countActivePeople } from '../people/people.service.ts';
import { launchBaselineCampaign, refuseSecondBaseline } from '../phishing/initial-testing/initial-testing.service.ts';
import { listSendingProfiles } from '../phishing/sending-profiles/sending-profiles.service.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { presentOnboardingWizard } from './onboarding-wizard.presenter.ts';
import { type IntegrationKind, onboardingWizardRepository } from './onboarding-wizard.repository.ts';
import { readSigningCertificate } from './saml-certificate.ts';
import { generateScimToken } from './scim-token.ts';

export type OnboardingDeps = {
  db: Db;
  publicUrl: string;
  jobs: JobQueue;
  secrets: SecretBox;
  /** The embedded provider's secret, for its SSO connection store (absent when another provider serves sign-in). */
  authSecret?: Buffer;
};

/** The sending profile the baseline test sends through: the organisation's first active one, by name. */
const baselineSendingProfile = async (db: Db, tenant: Tenant) => (await listSendingProfiles(db, tenant)).items[0];

const adminOnly = 'Only an admin may set up the organisation';

const audit = (db: Db, tenant: Tenant, origin: RequestOrigin, action: string, details: Record<string, unknown>) =>
  recordAudit(db, tenant, { action, targetType: 'organization', targetId: tenant.organizationId, details, ip: origin.ip, requestId: origin.requestId });

/**
 * Records onboarding steps done or no longer done, through the organisation's own onboarding
 * service (which audits them); flags already as asked are left alone.
 */
const recordSteps = async (db: Db, tenant: Tenant, flags: UpdateOnboardingBody) => {
  const organization = await findCurrentOrganization(db, tenant);
  if (!organization) throw notFound('Organisation');
  const current: Record<keyof UpdateOnboardingBody, boolean> = {
    is_dmi_completed: organization.isDmiCompleted,
    is_initial_testing_completed: organization.isInitialTestingCompleted,
    is_scim_completed: organization.isScimCompleted,
    is_sso_completed: organization.isSsoCompleted,
    is_watchtower_completed: organization.isWatchtowerCompleted,
    is_bra_completed: organization.isBraCompleted,
  };
  const changed = Object.fromEntries(Object.entries(flags).filter(([key, value]) => current[key as keyof UpdateOnboardingBody] !== value));
  if (Object.keys(changed).length > 0) await updateOnboarding(db, tenant, changed);
};

// Google Workspace provisions no custom app over SCIM (its people come through the import), so its
// provisioning step never hangs on a token.
const provisionsOverScim = (connection: { provider: string } | undefined) => connection?.provider !== 'google-workspace';

/**
 * Everything the onboarding wizard shows for the caller's current organisation.
 * @throws AppError FORBIDDEN for anyone but an admin or superadmin.
 */
export const getOnboardingWizard = async ({ db, publicUrl, authSecret }: OnboardingDeps, tenant: Tenant): Promise<OnboardingWizard> => {
  requireAdminRole(tenant, adminOnly);
  const repository = onboardingWizardRepository(db, tenant);
  const organization = await findCurrentOrganization(db, tenant);
  if (!organization) throw notFound('Organisation');
  const [connection, scimToken, retiredScimToken, setups, launch, activePeople, sendingProfile, providerConnection, scimChanges] = await Promise.all([
    repository.findConnection(),
    repository.findActiveScimToken(),
    repository.findRetiredScimToken(),
    repository.listIntegrationSetups(),
    repository.findInitialTestingLaunch(),
    countActivePeople(db, tenant),
    baselineSendingProfile(db, tenant),
    authSecret ? ssoStore(db, authSecret).get(tenant.organizationId, tenant.organizationId) : undefined,
    repository.countScimChanges(),
  ]);
  return presentOnboardingWizard(
    { organization, connection, scimToken, retiredScimToken, setups, launch, activePeople, sendingProfileName: sendingProfile?.name ?? null, signInTestedAt: providerConnection?.verifiedAt ?? null, oidcClientSecretSet: Boolean(providerConnection?.oidcClientSecretEncrypted), scimChanges },
    publicUrl,
  );
};

/** The columns of the other protocol, emptied when an admin switches: one connection, one protocol. */
const unusedSaml = { idpEntityId: null, idpSsoUrl: null, idpMetadataUrl: null, idpCertificate: null, certificateSubject: null, certificateFingerprintSha256: null, certificateExpiresAt: null };
const unusedOidc = { oidcIssuer: null, oidcClientId: null };

/** What the wizard keeps of the admin's settings (the OIDC client secret goes to the provider alone), checked and normalised. */
const connectionSettings = (body: SaveSsoSettingsBody) => {
  if (body.protocol === 'oidc') {
    return { protocol: 'oidc' as const, ...unusedSaml, oidcIssuer: body.oidcIssuer!.replace(/\/+$/, ''), oidcClientId: body.oidcClientId! };
  }
  const reading = readSigningCertificate(body.idpCertificate!);
  if (!reading.ok) throw fieldError('VALIDATION_FAILED', 'body.idpCertificate', reading.problem);
  const { certificate } = reading;
  return {
    protocol: 'saml' as const,
    ...unusedOidc,
    idpSsoUrl: body.idpSsoUrl!,
    idpEntityId: body.idpEntityId!,
    idpMetadataUrl: body.idpMetadataUrl || null,
    idpCertificate: certificate.pem,
    certificateSubject: certificate.subject,
    certificateFingerprintSha256: certificate.fingerprintSha256,
    certificateExpiresAt: certificate.expiresAt,
  };
};
type ConnectionSettings = ReturnType<typeof connectionSettings>;

/**
 * Stores the identity provider's details: SAML's sign-in URL, entity id and certificate, or OpenID
 * Connect's issuer and client. Saving again (another provider or protocol, a new certificate or
 * secret) replaces them and asks for the post-setup verification again: single sign-on is no longer
 * recorded as set up, nor is provisioning when the provider changes (a SCIM token pasted into one
 * provider provisions nothing from another).
 * @throws AppError FORBIDDEN for non-admins; VALIDATION_FAILED for an unreadable or expired
 *   certificate, or an OpenID Connect client without a secret the provider could use.
 */
export const saveSsoSettings = async (deps: OnboardingDeps, tenant: Tenant, body: SaveSsoSettingsBody, origin: RequestOrigin) => {
  requireAdminRole(tenant, adminOnly);
  const settings = connectionSettings(body);
  if (settings.protocol === 'oidc' && !body.oidcClientSecret && deps.authSecret) {
    // The secret is write-only: it may be left out only when the provider already keeps one for this
    // very client at this very issuer (a kept secret must never be sent to an issuer it was not given for).
    const kept = await ssoStore(deps.db, deps.authSecret).get(tenant.organizationId, tenant.organizationId);
    if (!kept?.oidcClientSecretEncrypted || kept.protocol !== 'oidc' || kept.oidcClientId !== settings.oidcClientId || kept.oidcIssuer !== settings.oidcIssuer) {
      throw fieldError('VALIDATION_FAILED', 'body.oidcClientSecret', 'is required');
    }
  }
  await deps.db.transaction(async (tx) => {
    const repository = onboardingWizardRepository(tx, tenant);
    const before = await repository.findConnection();
    await repository.saveConnection({ provider: body.provider, ...settings, updatedByPersonId: tenant.personId });
    await audit(tx, tenant, origin, 'onboarding.sso.save', {
      provider: body.provider,
      protocol: settings.protocol,
      ...(settings.protocol === 'oidc'
        ? { oidcIssuer: settings.oidcIssuer, oidcClientId: settings.oidcClientId, clientSecretReplaced: Boolean(body.oidcClientSecret) }
        : { idpEntityId: settings.idpEntityId, idpSsoUrl: settings.idpSsoUrl, certificateFingerprintSha256: settings.certificateFingerprintSha256 }),
    });
    await recordSteps(tx, tenant, { is_sso_completed: false, ...(before && before.provider !== body.provider ? { is_scim_completed: false } : {}) });
  });
  if (deps.authSecret) await connectToProvider(deps.db, deps.authSecret, tenant, body, settings);
  return getOnboardingWizard(deps, tenant);
};

const providerNames: Record<SaveSsoSettingsBody['provider'], string> = { 'entra-id': 'Microsoft Entra ID', okta: 'Okta', 'google-workspace': 'Google Workspace' };

/**
 * Makes the wizard's settings a live SAML or OpenID Connect connection of the provider, under the
 * organisation's id, so the addresses the wizard showed (ACS, entity id, redirect URI) are the
 * connection's. The first time, the admin's own email domain is claimed for it, unless it is a
 * public mail service or another organisation's connection has it.
 */
const connectToProvider = async (db: Db, authSecret: Buffer, tenant: Tenant, body: SaveSsoSettingsBody, settings: ConnectionSettings) => {
  const store = ssoStore(db, authSecret);
  const existing = await store.get(tenant.organizationId, tenant.organizationId);
  const domain = tenant.email.split('@').pop()!.toLowerCase();
  const claimable = !publicMailDomains.has(domain) && !(await store.domainTakenElsewhere(tenant.organizationId, [domain]));
  const domains = existing ? undefined : claimable ? [domain] : [];
  await store.put(tenant.organizationId, tenant.organizationId, {
    name: providerNames[body.provider],
    ...(settings.protocol === 'oidc'
      ? {
          protocol: 'oidc',
          oidcIssuer: settings.oidcIssuer,
          oidcClientId: settings.oidcClientId,
          ...(body.oidcClientSecret ? { oidcClientSecret: body.oidcClientSecret } : {}),
          samlIdpEntityId: null,
          samlIdpSsoUrl: null,
          samlIdpCertificates: [],
        }
      : {
          protocol: 'saml',
          samlIdpEntityId: settings.idpEntityId,
          samlIdpSsoUrl: settings.idpSsoUrl,
          samlIdpCertificates: [settings.idpCertificate],
          oidcIssuer: null,
          oidcClientId: null,
          oidcClientSecret: null,
        }),
    ...(domains ? { domains } : {}),
  });
};

/** How long a replaced SCIM token keeps working: a day to paste the new one into the identity provider. */
const scimTokenGraceHours = 24;

/**
 * Issues a SCIM bearer token and retires the one before it, which keeps working for a day (rotation
 * without a gap in provisioning). The token is in this answer only.
 * The SCIM step is then no longer recorded as set up until the post-setup verification confirms
 * the new token (the identity provider must be given it within the day).
 * @throws AppError FORBIDDEN for non-admins.
 */
export const issueScimToken = async ({ db }: OnboardingDeps, tenant: Tenant, origin: RequestOrigin): Promise<IssuedScimToken> => {
  requireAdminRole(tenant, adminOnly);
  const { token, tokenHash, lastFour } = generateScimToken();
  const saved = await db.transaction(async (tx) => {
    const repository = onboardingWizardRepository(tx, tenant);
    const revoked = await repository.revokeActiveScimTokens(tenant.personId, new Date(Date.now() + scimTokenGraceHours * 3_600_000));
    const row = await repository.insertScimToken({ tokenHash, lastFour, createdByPersonId: tenant.personId });
    await audit(tx, tenant, origin, 'onboarding.scim-token.issue', { tokenId: row.id, lastFour, revokedTokenIds: revoked.map((r) => r.id) });
    if (revoked.length > 0 && provisionsOverScim(await repository.findConnection())) await recordSteps(tx, tenant, { is_scim_completed: false });
    return row;
  });
  return { id: saved.id, token, lastFour, createdAt: saved.createdAt.toISOString() };
};

/**
 * Revokes a SCIM token of the current organisation at once: the active one (provisioning through it
 * stops, so the SCIM step is no longer recorded as set up) or a replaced one still in its grace (a
 * leak, say; the active token goes on).
 * @throws AppError FORBIDDEN for non-admins; NOT_FOUND when this organisation has no such working token.
 */
export const revokeScimToken = async ({ db }: OnboardingDeps, tenant: Tenant, tokenId: string, origin: RequestOrigin) => {
  requireAdminRole(tenant, adminOnly);
  await db.transaction(async (tx) => {
    const repository = onboardingWizardRepository(tx, tenant);
    const revoked = await repository.revokeScimToken(tokenId, tenant.personId);
    if (!revoked) throw notFound('SCIM token');
    await audit(tx, tenant, origin, 'onboarding.scim-token.revoke', { tokenId, lastFour: revoked.lastFour });
    if (!(await repository.findActiveScimToken()) && provisionsOverScim(await repository.findConnection())) await recordSteps(tx, tenant, { is_scim_completed: false });
  });
};

/**
 * The admin confirms the post-setup checks: single sign-on and provisioning are then recorded as set up.
 * A SCIM token is needed for Entra ID and Okta; Google Workspace offers no SCIM to custom apps.
 * @throws AppError FORBIDDEN for non-admins; CONFLICT when the settings or the SCIM token are missing.
 */
export const verifySsoAndScim = async (deps: OnboardingDeps, tenant: Tenant, origin: RequestOrigin) => {
  requireAdminRole(tenant, adminOnly);
  await deps.db.transaction(async (tx) => {
    const repository = onboardingWizardRepository(tx, tenant);
    const [connection, scimToken] = await Promise.all([repository.findConnection(), repository.findActiveScimToken()]);
    if (!connection) throw new AppError('CONFLICT', 'Save the identity provider settings before verifying');
    if (!scimToken && provisionsOverScim(connection)) throw new AppError('CONFLICT', 'Generate a SCIM token before verifying');
    if (connection.certificateExpiresAt && connection.certificateExpiresAt.getTime() <= Date.now()) {
      throw new AppError('CONFLICT', "The identity provider's certificate has expired; save the current one first");
    }
    if (deps.authSecret && !(await ssoStore(tx, deps.authSecret).get(tenant.organizationId, tenant.organizationId))?.verifiedAt) {
      throw new AppError('CONFLICT', 'Run a test sign-in through the identity provider first: it proves people can sign in');
    }
    await repository.markConnectionVerified(tenant.personId);
    await audit(tx, tenant, origin, 'onboarding.sso.verify', { provider: connection.provider, scimTokenId: scimToken?.id ?? null });
    await recordSteps(tx, tenant, { is_sso_completed: true, is_scim_completed: true });
  });
  return getOnboardingWizard(deps, tenant);
};

type IntegrationInput =
  | { kind: 'dmi'; provider: 'exchange'; settings: ExchangeDmiSettings }
  | { kind: 'dmi'; provider: 'google-workspace'; settings: GoogleDmiSettings }
  | { kind: 'watchtower'; provider: 'google'; settings: GoogleWatchtowerSettings }
  | { kind: 'watchtower'; provider: 'microsoft'; settings: MicrosoftWatchtowerSettings };

const flagOf: Record<IntegrationKind, keyof UpdateOnboardingBody> = { dmi: 'is_dmi_completed', watchtower: 'is_watchtower_completed' };

/**
 * Stores what the admin entered for direct mail injection or Watchtower, with their confirmation
 * that the permissions are granted, and records the step as done.
 * @throws AppError FORBIDDEN for non-admins.
 */
export const saveIntegrationSetup = async (deps: OnboardingDeps, tenant: Tenant, input: IntegrationInput, origin: RequestOrigin) => {
  requireAdminRole(tenant, adminOnly);
  // The confirmation is kept as its time, not as a field of the settings.
  const { permissionsGranted: _confirmed, ...settings } = input.settings;
  await deps.db.transaction(async (tx) => {
    await onboardingWizardRepository(tx, tenant).saveIntegrationSetup(input.kind, input.provider, settings, tenant.personId);
    await audit(tx, tenant, origin, `onboarding.${input.kind}.save`, { provider: input.provider, settings });
    await recordSteps(tx, tenant, { [flagOf[input.kind]]: true });
  });
  return getOnboardingWizard(deps, tenant);
};

const dayInMs = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Launches the baseline phishing test: creates and launches the organisation's initial-testing
 * campaign (everyone, a mixed set of built-in lures, over the chosen days, in business hours,
 * through its sending profile), records the plan, and completes onboarding. The earlier four steps
 * must be done. All in one transaction: a refused launch leaves no campaign behind.
 * @throws AppError FORBIDDEN for non-admins; VALIDATION_FAILED for a start date in the past or too far
 *   ahead; CONFLICT while an earlier step is not done (details.missingSteps), without a sending
 *   profile (details.missing: 'sendingProfile'), when initial testing already runs, or with nobody to test.
 */
export const launchInitialTesting = async (deps: OnboardingDeps, tenant: Tenant, body: LaunchInitialTestingBody, origin: RequestOrigin) => {
  requireAdminRole(tenant, adminOnly);
  // "Today" is the admin's, who may be a day either side of UTC.
  const now = Date.now();
  if (body.startsOn < isoDay(now - dayInMs)) throw fieldError('VALIDATION_FAILED', 'body.startsOn', 'must be today or later');
  if (body.startsOn > isoDay(now + initialTestingMaxDaysAhead * dayInMs)) {
    throw fieldError('VALIDATION_FAILED', 'body.startsOn', `must be within ${initialTestingMaxDaysAhead} days from today`);
  }
  const organization = await findCurrentOrganization(deps.db, tenant);
  if (!organization) throw notFound('Organisation');
  const missing = [
    ['single sign-on', organization.isSsoCompleted],
    ['SCIM provisioning', organization.isScimCompleted],
    ['direct mail injection', organization.isDmiCompleted],
    ['Watchtower', organization.isWatchtowerCompleted],
  ].flatMap(([step, done]) => (done ? [] : [step as string]));
  if (missing.length > 0) throw new AppError('CONFLICT', `Finish these steps first: ${missing.join(', ')}`, { missingSteps: missing });
  const profile = await baselineSendingProfile(deps.db, tenant);
  if (!profile) {
    throw new AppError('CONFLICT', 'Set up a sending profile first (Configure › Testing › Sending profiles): initial testing sends its emails through it', { missing: 'sendingProfile' });
  }
  await refuseSecondBaseline(deps.db, tenant);
  await deps.db.transaction(async (tx) => {
    const campaign = await launchBaselineCampaign({ db: tx, jobs: deps.jobs, secrets: deps.secrets }, tenant, {
      ...body,
      sendingProfileId: profile.id,
      timeZone: organization.timeZone,
    });
    await onboardingWizardRepository(tx, tenant).saveInitialTestingLaunch({ ...body, launchedByPersonId: tenant.personId });
    await audit(tx, tenant, origin, 'onboarding.initial-testing.launch', { ...body, campaignId: campaign.id, recipients: campaign.counts.recipients });
    await recordSteps(tx, tenant, { is_initial_testing_completed: true });
  });
  return getOnboardingWizard(deps, tenant);
};
