import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema } from './dates.ts';
import { withoutControlCharacters } from './text.ts';

/** Identity providers the wizard sets up single sign-on (SAML) and provisioning (SCIM) for. */
export const identityProviders = ['entra-id', 'google-workspace', 'okta'] as const;
export const identityProviderSchema = z.enum(identityProviders);
export type IdentityProvider = z.infer<typeof identityProviderSchema>;

export const dmiProviders = ['exchange', 'google-workspace'] as const;
export type DmiProvider = (typeof dmiProviders)[number];
export const watchtowerProviders = ['google', 'microsoft'] as const;
export type WatchtowerProvider = (typeof watchtowerProviders)[number];

/** How long an initial (baseline) phishing test may run, in days. */
export const initialTestingDurations = [7, 14, 28] as const;
/** How far ahead the baseline test may be planned. */
export const initialTestingMaxDaysAhead = 90;

const guidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const domainPattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
// SAML entity ids are URIs (Okta's issuer is http://www.okta.com/…, some use urn:…); at most 1024 characters.
const uriPattern = /^[a-z][a-z0-9+.-]*:\S+$/i;
const pemCertificatePattern = /^-----BEGIN CERTIFICATE-----\s+[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----$/;

const required = (what = 'is required') => ({ error: what });

// The URL parser accepts control characters in a path, and the uri pattern below counts them as
// non-space, so both refuse them first. A function, not a shared schema: the OpenAPI generator
// drops a schema reused inside a union. The document says what the pipe checks: an https URI.
const httpsUrl = () =>
  z
    .string(required())
    .trim()
    .min(1, required())
    .max(2048, { error: 'must be at most 2048 characters' })
    .refine(...withoutControlCharacters)
    .pipe(z.url({ protocol: /^https$/, error: 'must be an https:// URL' }))
    .meta({ format: 'uri', pattern: '^https://' });

/**
 * An identity provider's address: https, or plain http on this machine's loopback only (a local
 * test IdP; the server reaches loopback only where its operator allows it).
 */
/** https anywhere; plain http only on this machine's loopback (a local test IdP). */
export const idpUrlPattern = '^(https://|http://(localhost|127\\.0\\.0\\.1|\\[::1\\])(:[0-9]+)?(/|$))';
export const idpUrl = () =>
  z
    .string(required())
    .trim()
    .min(1, required())
    .max(2048, { error: 'must be at most 2048 characters' })
    .refine(...withoutControlCharacters)
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an https:// URL' }))
    .refine((url) => url.startsWith('https://') || /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\//.test(`${url}/`), { error: 'must be an https:// URL' })
    .meta({ format: 'uri', pattern: idpUrlPattern });

export const entityIdSchema = z
  .string(required())
  .trim()
  .min(1, required())
  .max(1024, { error: 'must be at most 1024 characters' })
  .refine(...withoutControlCharacters)
  .regex(uriPattern, { error: 'must be a URI, such as https://… or urn:…' });

export const pemCertificateSchema = z
  .string(required())
  .trim()
  .min(1, required())
  .max(16_384, { error: 'must be at most 16384 characters' })
  .regex(pemCertificatePattern, {
    error: 'must be a PEM certificate: -----BEGIN CERTIFICATE-----, the base64 lines, then -----END CERTIFICATE-----',
  });

/** A Microsoft Entra tenant: its id (a GUID) or one of its domains (contoso.onmicrosoft.com). */
export const entraTenantIdSchema = z
  .string(required())
  .trim()
  .min(1, required())
  .refine((value) => guidPattern.test(value) || domainPattern.test(value), {
    error: 'must be a tenant ID (a GUID such as 72f988bf-86f1-41af-91ab-2d7cd011db47) or a domain such as contoso.onmicrosoft.com',
  });

export const entraApplicationIdSchema = z
  .string(required())
  .trim()
  .min(1, required())
  .regex(guidPattern, { error: 'must be the Application (client) ID, a GUID such as 00000000-0000-0000-0000-000000000000' });

/** The OAuth client id of a Google service account: a number, usually 21 digits. */
export const googleServiceAccountClientIdSchema = z
  .string(required())
  .trim()
  .min(1, required())
  .regex(/^\d{10,30}$/, { error: "must be the service account's numeric client ID (digits only, usually 21)" });

/** Google Workspace customer id, as the Admin console shows it (Account > Account settings). */
export const googleCustomerIdSchema = z
  .string(required())
  .trim()
  .min(1, required())
  .regex(/^C0[0-9a-z]{7}$/i, { error: 'must be your customer ID: C0 followed by 7 letters or digits, such as C03az79cb' });

const emailSchema = z.string(required()).trim().min(1, required()).pipe(z.email({ error: 'must be an email address' }));

const serviceAccountEmailSchema = z
  .string(required())
  .trim()
  .min(1, required())
  .pipe(z.email({ error: 'must be an email address' }))
  .refine((value) => value.toLowerCase().endsWith('.iam.gserviceaccount.com'), {
    error: 'must be a service account address ending in .iam.gserviceaccount.com',
  });

const permissionsGrantedSchema = z.literal(true, { error: 'confirm that the permissions are granted' });

/** How the wizard's connection signs people in: SAML 2.0, or OpenID Connect (Entra ID, Google Workspace and Okta offer both). */
export const wizardSsoProtocols = ['saml', 'oidc'] as const;
export type WizardSsoProtocol = (typeof wizardSsoProtocols)[number];

const samlFields = ['idpSsoUrl', 'idpEntityId', 'idpCertificate'] as const;
const oidcFields = ['oidcIssuer', 'oidcClientId'] as const;

/**
 * PUT /api/onboarding/sso/ — the identity provider's details, as that provider shows them: the
 * SAML sign-in URL, entity id and certificate, or the OpenID Connect issuer and client. Each
 * protocol's own fields are required (a missing one is named); the other protocol's are ignored.
 */
export const saveSsoSettingsBodySchema = z
  .object({
    provider: identityProviderSchema,
    protocol: z.enum(wizardSsoProtocols, { error: 'must be saml or oidc' }).default('saml').describe('SAML 2.0 (the default) or OpenID Connect'),
    idpSsoUrl: idpUrl().optional().describe("SAML: the identity provider's sign-in (SSO) URL"),
    idpEntityId: entityIdSchema.optional().describe("SAML: the identity provider's entity id (issuer)"),
    // Metadata carries the signing certificate: fetched over plain http, anyone on the way could swap it.
    idpMetadataUrl: z
      .union([z.literal(''), httpsUrl()])
      .optional()
      .describe('SAML: where the identity provider publishes its SAML metadata, when it does'),
    idpCertificate: pemCertificateSchema.optional().describe("SAML: the identity provider's signing certificate (PEM)"),
    oidcIssuer: idpUrl().optional().describe('OpenID Connect: the issuer URL; its /.well-known/openid-configuration is read'),
    oidcClientId: z.string().trim().min(1, required()).max(255, { error: 'must be at most 255 characters' }).refine(...withoutControlCharacters).optional().describe('OpenID Connect: the client (application) id'),
    oidcClientSecret: z
      .string()
      .min(1, required())
      .max(1024, { error: 'must be at most 1024 characters' })
      .refine(...withoutControlCharacters)
      .optional()
      .describe('OpenID Connect: the client secret. Write-only: kept encrypted and never shown again; left as it is when absent and a secret is kept'),
  })
  .strict()
  .superRefine((body, context) => {
    for (const field of body.protocol === 'oidc' ? oidcFields : samlFields) {
      if (!body[field]) context.addIssue({ code: 'custom', path: [field], message: 'is required' });
    }
  })
  .meta({ id: 'SaveSsoSettingsBody' });
export type SaveSsoSettingsBody = z.infer<typeof saveSsoSettingsBodySchema>;
export type SaveSsoSettingsInput = z.input<typeof saveSsoSettingsBodySchema>;

/** POST /api/onboarding/sso/verification/ — the admin confirms the post-setup checks. */
export const verifySsoBodySchema = z
  .object({
    usersAssigned: z.literal(true, { error: 'confirm that the people who use Vigil are assigned to the app' }),
  })
  .strict()
  .meta({ id: 'VerifySsoBody' });
export type VerifySsoBody = z.infer<typeof verifySsoBodySchema>;

/** PUT /api/onboarding/dmi/exchange/ — the Entra app that will place simulations in Exchange Online mailboxes. */
export const exchangeDmiSettingsSchema = z
  .object({
    tenantId: entraTenantIdSchema,
    applicationId: entraApplicationIdSchema,
    permissionsGranted: permissionsGrantedSchema,
  })
  .strict()
  .meta({ id: 'ExchangeDmiSettings' });
export type ExchangeDmiSettings = z.infer<typeof exchangeDmiSettingsSchema>;

/** PUT /api/onboarding/dmi/google-workspace/ — the service account that will insert simulations into Gmail. */
export const googleDmiSettingsSchema = z
  .object({
    serviceAccountClientId: googleServiceAccountClientIdSchema,
    serviceAccountEmail: serviceAccountEmailSchema,
    adminEmail: emailSchema.describe('A Google Workspace admin the service account acts as to list mailboxes'),
    permissionsGranted: permissionsGrantedSchema,
  })
  .strict()
  .meta({ id: 'GoogleDmiSettings' });
export type GoogleDmiSettings = z.infer<typeof googleDmiSettingsSchema>;

export const entraLicenses = ['free', 'p1', 'p2'] as const;

/** PUT /api/onboarding/watchtower/microsoft/ — the Entra app that will read sign-in and risk signals. */
export const microsoftWatchtowerSettingsSchema = z
  .object({
    tenantId: entraTenantIdSchema,
    applicationId: entraApplicationIdSchema,
    entraLicense: z.enum(entraLicenses, { error: 'choose Free, P1 or P2' }).describe('Sign-in logs need P1; risk detections need P2'),
    permissionsGranted: permissionsGrantedSchema,
  })
  .strict()
  .meta({ id: 'MicrosoftWatchtowerSettings' });
export type MicrosoftWatchtowerSettings = z.infer<typeof microsoftWatchtowerSettingsSchema>;

/** PUT /api/onboarding/watchtower/google/ — the service account that will read the Admin SDK Reports API. */
export const googleWatchtowerSettingsSchema = z
  .object({
    customerId: googleCustomerIdSchema,
    serviceAccountClientId: googleServiceAccountClientIdSchema,
    adminEmail: emailSchema.describe('A Google Workspace admin with the Reports privilege the service account acts as'),
    permissionsGranted: permissionsGrantedSchema,
  })
  .strict()
  .meta({ id: 'GoogleWatchtowerSettings' });
export type GoogleWatchtowerSettings = z.infer<typeof googleWatchtowerSettingsSchema>;

/** POST /api/onboarding/initial-testing/launch/ — when the baseline phishing test starts and how long it runs. */
export const launchInitialTestingBodySchema = z
  .object({
    startsOn: isoDateSchema,
    durationDays: z.literal(initialTestingDurations, { error: `must be one of ${initialTestingDurations.join(', ')} days` }),
  })
  .strict()
  .meta({ id: 'LaunchInitialTestingBody' });
export type LaunchInitialTestingBody = z.infer<typeof launchInitialTestingBodySchema>;

const integrationRecord = <T extends z.ZodType>(settings: T) =>
  z.object({ settings, confirmedAt: isoDateTimeSchema, updatedAt: isoDateTimeSchema }).nullable();

export const onboardingStepsSchema = z.object({
  sso: z.boolean(),
  scim: z.boolean(),
  dmi: z.boolean(),
  watchtower: z.boolean(),
  initialTesting: z.boolean(),
});
export type OnboardingSteps = z.infer<typeof onboardingStepsSchema>;

/** GET /api/onboarding/ — everything the wizard shows: steps done, what was entered, the values to paste. */
export const onboardingWizardSchema = z
  .object({
    organizationName: z.string(),
    steps: onboardingStepsSchema,
    isOnboarded: z.boolean().describe('All five steps are done'),
    serviceProvider: z
      .object({
        acsUrl: z.string().describe('Assertion consumer service (reply) URL to paste into the identity provider'),
        entityId: z.string().describe("Vigil's SAML entity id (audience) for this organisation"),
        signOnUrl: z.string().describe('Where people start signing in'),
        redirectUri: z.string().describe('OpenID Connect redirect (callback) URI to register with the identity provider'),
        scimBaseUrl: z.string().describe('SCIM 2.0 base URL (tenant URL) for the identity provider'),
        endpointsLive: z.boolean().describe('Whether the single sign-on and SCIM endpoints are served (they are)'),
      })
      .describe("Vigil's side of single sign-on and provisioning"),
    sso: z
      .object({
        provider: identityProviderSchema,
        protocol: z.enum(wizardSsoProtocols),
        /** SAML's settings; null on an OpenID Connect connection. */
        idpSsoUrl: z.string().meta({ format: 'uri' }).nullable(),
        idpEntityId: z.string().nullable(),
        idpMetadataUrl: z.string().meta({ format: 'uri' }).nullable(),
        idpCertificate: z.string().nullable(),
        certificate: z
          .object({
            subject: z.string(),
            expiresAt: isoDateTimeSchema,
            fingerprintSha256: z.string().describe('Colon-separated hex, as identity providers show it'),
          })
          .nullable(),
        /** OpenID Connect's settings; null on a SAML connection. The client secret is never shown. */
        oidc: z.object({ issuer: z.string().meta({ format: 'uri' }), clientId: z.string(), clientSecretSet: z.boolean() }).nullable(),
        updatedAt: isoDateTimeSchema,
        verifiedAt: isoDateTimeSchema.nullable(),
        /** When a test sign-in through this connection last worked (the post-setup verification needs one). */
        signInTestedAt: isoDateTimeSchema.nullable(),
        /** The connection in the authentication provider: its test sign-in runs at /api/sso/connections/{id}/test/. */
        connectionId: z.string(),
      })
      .nullable(),
    scimToken: z
      .object({
        id: z.uuid(),
        lastFour: z.string(),
        createdAt: isoDateTimeSchema,
        /** When the identity provider last called the SCIM endpoint with it (to the minute); null until it has. */
        lastUsedAt: isoDateTimeSchema.nullable(),
      })
      .nullable()
      .describe('The active SCIM token; the token itself is never shown again'),
    retiredScimToken: z
      .object({ id: z.uuid(), lastFour: z.string(), worksUntil: isoDateTimeSchema })
      .nullable()
      .describe('The token a new one replaced: it keeps working until worksUntil (a day), unless revoked'),
    scimActivity: z
      .object({
        /** When the identity provider last called with either token (to the minute); null until it has. */
        lastRequestAt: isoDateTimeSchema.nullable(),
        /** People SCIM created, changed, deactivated and reactivated in the last 30 days. */
        last30Days: z.object({ provisioned: z.int(), updated: z.int(), deprovisioned: z.int(), reactivated: z.int() }),
        /** The last request Vigil refused, with its status and SCIM error, so a stalled provisioning says why. */
        lastError: z.object({ at: isoDateTimeSchema, status: z.int(), summary: z.string() }).nullable(),
      })
      .describe('What the SCIM client did lately: the live state of provisioning'),
    dmi: z.object({
      exchange: integrationRecord(exchangeDmiSettingsSchema),
      googleWorkspace: integrationRecord(googleDmiSettingsSchema),
    }),
    watchtower: z.object({
      google: integrationRecord(googleWatchtowerSettingsSchema),
      microsoft: integrationRecord(microsoftWatchtowerSettingsSchema),
    }),
    initialTesting: z
      .object({ startsOn: isoDateSchema, durationDays: z.int(), launchedAt: isoDateTimeSchema })
      .nullable(),
    activePeople: z.int().describe('People of the organisation the baseline test would include'),
    sendingProfileName: z.string().nullable().describe('The sending profile the baseline test sends through; null: none is set up, and the launch answers 409'),
  })
  .meta({ id: 'OnboardingWizard' });
export type OnboardingWizard = z.infer<typeof onboardingWizardSchema>;

/** POST /api/onboarding/scim-tokens/ — the new token, in full, this once. */
export const issuedScimTokenSchema = z
  .object({
    id: z.uuid(),
    token: z.string().describe('Shown only in this answer; Vigil keeps a SHA-256 hash'),
    lastFour: z.string(),
    createdAt: isoDateTimeSchema,
  })
  .meta({ id: 'IssuedScimToken' });
export type IssuedScimToken = z.infer<typeof issuedScimTokenSchema>;

export const scimTokenParamsSchema = z.object({ tokenId: z.uuid({ error: 'must be a token id (a UUID)' }) });
