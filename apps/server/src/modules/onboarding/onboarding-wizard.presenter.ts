import {
  type OnboardingWizard,
  type ProvisioningEventType,
  exchangeDmiSettingsSchema,
  googleDmiSettingsSchema,
  googleWatchtowerSettingsSchema,
  microsoftWatchtowerSettingsSchema,
} from '@vigil/contracts';
import { serviceProviderUrls as providerUrls } from '@vigil/auth-provider';
import type { IdentityProviderConnection, InitialTestingLaunch, IntegrationSetup, Organization, ScimToken } from '@vigil/db';

export type WizardRows = {
  organization: Organization;
  connection: IdentityProviderConnection | undefined;
  scimToken: ScimToken | undefined;
  /** The token a new one replaced, while it still works. */
  retiredScimToken: ScimToken | undefined;
  setups: IntegrationSetup[];
  launch: InitialTestingLaunch | undefined;
  activePeople: number;
  /** The sending profile the baseline test would send through, if the organisation has one. */
  sendingProfileName: string | null;
  /** When a test sign-in through the organisation's connection last worked. */
  signInTestedAt: Date | null;
  /** Whether the provider keeps an OpenID Connect client secret for the connection. */
  oidcClientSecretSet: boolean;
  /** SCIM's changes of the last 30 days, by provisioning event type. */
  scimChanges: Partial<Record<ProvisioningEventType, number>>;
};

const latest = (...dates: (Date | null | undefined)[]) => dates.reduce<Date | null>((best, date) => (date && (!best || date > best) ? date : best), null);

/** The live state of provisioning: the last call and refusal by either token, and what SCIM changed lately. */
const presentScimActivity = ({ scimToken, retiredScimToken, scimChanges }: WizardRows): OnboardingWizard['scimActivity'] => {
  const refused = [scimToken, retiredScimToken].filter((token) => token?.lastErrorAt).sort((a, b) => b!.lastErrorAt!.getTime() - a!.lastErrorAt!.getTime())[0];
  return {
    lastRequestAt: latest(scimToken?.lastUsedAt, retiredScimToken?.lastUsedAt)?.toISOString() ?? null,
    last30Days: {
      provisioned: scimChanges.person_provisioned ?? 0,
      updated: scimChanges.person_updated ?? 0,
      deprovisioned: scimChanges.person_deprovisioned ?? 0,
      reactivated: scimChanges.person_reactivated ?? 0,
    },
    lastError: refused ? { at: refused.lastErrorAt!.toISOString(), status: refused.lastErrorStatus ?? 0, summary: refused.lastError ?? '' } : null,
  };
};

/**
 * Vigil's side of SAML, OpenID Connect and SCIM for one organisation. The wizard's connection lives in the
 * provider under the organisation's id, so its ACS, entity id and redirect URI are fixed before it exists; the
 * SCIM endpoint arrives with provisioning.
 */
export const serviceProviderUrls = (publicUrl: string, organizationId: string) => {
  const { acsUrl, entityId, oidcRedirectUri } = providerUrls(publicUrl, organizationId);
  return { acsUrl, entityId, redirectUri: oidcRedirectUri, signOnUrl: `${publicUrl}/login/`, scimBaseUrl: `${publicUrl}/scim/v2/${organizationId}` };
};

// Stored settings are re-checked on the way out: a row written under an older shape shows as
// "not set up" (and is entered again) rather than breaking the whole page.
const presentSetup = <T>(
  setups: IntegrationSetup[],
  kind: IntegrationSetup['kind'],
  provider: string,
  schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false } },
) => {
  const row = setups.find((setup) => setup.kind === kind && setup.provider === provider);
  if (!row) return null;
  const parsed = schema.safeParse({ ...row.settings, permissionsGranted: true });
  if (!parsed.success) return null;
  return { settings: parsed.data, confirmedAt: row.permissionsConfirmedAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
};

export const presentOnboardingWizard = (rows: WizardRows, publicUrl: string): OnboardingWizard => {
  const { organization, connection, scimToken, setups, launch } = rows;
  const steps = {
    sso: organization.isSsoCompleted,
    scim: organization.isScimCompleted,
    dmi: organization.isDmiCompleted,
    watchtower: organization.isWatchtowerCompleted,
    initialTesting: organization.isInitialTestingCompleted,
  };
  return {
    organizationName: organization.name,
    steps,
    isOnboarded: Object.values(steps).every(Boolean),
    serviceProvider: { ...serviceProviderUrls(publicUrl, organization.id), endpointsLive: true },
    sso: connection
      ? {
          provider: connection.provider,
          protocol: connection.protocol,
          idpSsoUrl: connection.idpSsoUrl,
          idpEntityId: connection.idpEntityId,
          idpMetadataUrl: connection.idpMetadataUrl,
          idpCertificate: connection.idpCertificate,
          certificate:
            connection.certificateSubject && connection.certificateExpiresAt && connection.certificateFingerprintSha256
              ? {
                  subject: connection.certificateSubject,
                  expiresAt: connection.certificateExpiresAt.toISOString(),
                  fingerprintSha256: connection.certificateFingerprintSha256,
                }
              : null,
          oidc:
            connection.oidcIssuer && connection.oidcClientId
              ? { issuer: connection.oidcIssuer, clientId: connection.oidcClientId, clientSecretSet: rows.oidcClientSecretSet }
              : null,
          updatedAt: connection.updatedAt.toISOString(),
          verifiedAt: connection.verifiedAt?.toISOString() ?? null,
          signInTestedAt: rows.signInTestedAt?.toISOString() ?? null,
          connectionId: organization.id,
        }
      : null,
    scimToken: scimToken ? { id: scimToken.id, lastFour: scimToken.lastFour, createdAt: scimToken.createdAt.toISOString(), lastUsedAt: scimToken.lastUsedAt?.toISOString() ?? null } : null,
    retiredScimToken: rows.retiredScimToken?.graceUntil
      ? { id: rows.retiredScimToken.id, lastFour: rows.retiredScimToken.lastFour, worksUntil: rows.retiredScimToken.graceUntil.toISOString() }
      : null,
    scimActivity: presentScimActivity(rows),
    dmi: {
      exchange: presentSetup(setups, 'dmi', 'exchange', exchangeDmiSettingsSchema),
      googleWorkspace: presentSetup(setups, 'dmi', 'google-workspace', googleDmiSettingsSchema),
    },
    watchtower: {
      google: presentSetup(setups, 'watchtower', 'google', googleWatchtowerSettingsSchema),
      microsoft: presentSetup(setups, 'watchtower', 'microsoft', microsoftWatchtowerSettingsSchema),
    },
    initialTesting: launch
      ? { startsOn: launch.startsOn, durationDays: launch.durationDays, launchedAt: launch.launchedAt.toISOString() }
      : null,
    activePeople: rows.activePeople,
    sendingProfileName: rows.sendingProfileName,
  };
};
