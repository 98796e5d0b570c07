import { z } from 'zod';
import { isoDateTimeSchema } from './dates.ts';
import { entityIdSchema, idpUrl, pemCertificateSchema } from './onboarding-wizard.ts';
import { withoutControlCharacters } from './text.ts';

// /sso-settings/ (issue 12): an organisation's single sign-on connections (SAML and OpenID
// Connect) and its sign-in policy, which the authentication provider enforces.

export const ssoProtocols = ['saml', 'oidc'] as const;
export type SsoProtocol = (typeof ssoProtocols)[number];
/** First factors an organisation may allow besides single sign-on. */
export const signInPolicyMethods = ['password', 'email', 'passkey', 'social'] as const;
export type SignInPolicyMethod = (typeof signInPolicyMethods)[number];

const required = () => ({ error: 'is required' });


const domainPattern = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const ssoDomainSchema = z
  .string(required())
  .trim()
  .toLowerCase()
  .regex(domainPattern, { error: 'must be an email domain such as example.com' });

export const ssoCertificateSchema = z.object({
  subject: z.string(),
  fingerprintSha256: z.string(),
  validFrom: isoDateTimeSchema,
  validTo: isoDateTimeSchema,
  /** Whole days until it expires (negative once expired). */
  expiresInDays: z.int(),
});
export type SsoCertificate = z.infer<typeof ssoCertificateSchema>;

export const ssoConnectionSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    protocol: z.enum(ssoProtocols),
    enabled: z.boolean(),
    domains: z.array(z.string()),
    /** Newcomers the IdP vouches for at these domains become people (role User) at their first sign-in. */
    jitProvisioning: z.boolean(),
    /** When a test sign-in last succeeded; null until one has. */
    verifiedAt: isoDateTimeSchema.nullable(),
    saml: z.object({ idpEntityId: z.string(), idpSsoUrl: z.string(), certificates: z.array(ssoCertificateSchema) }).nullable(),
    oidc: z.object({ issuer: z.string(), clientId: z.string(), clientSecretSet: z.boolean() }).nullable(),
    /** What the admin gives their identity provider. */
    serviceProvider: z.object({ entityId: z.string(), acsUrl: z.string(), metadataUrl: z.string(), redirectUri: z.string() }),
  })
  .meta({ id: 'SsoConnection' });
export type SsoConnection = z.infer<typeof ssoConnectionSchema>;

export const signInPolicySchema = z
  .object({
    requireSso: z.boolean().describe('Everyone but admins must sign in with single sign-on (admins keep a password for when the IdP is down)'),
    requireMfa: z.boolean().describe('Every sign-in other than single sign-on needs a second factor'),
    allowedMethods: z.array(z.enum(signInPolicyMethods)).describe('First factors allowed besides single sign-on'),
  })
  .meta({ id: 'SignInPolicy' });
export type SignInPolicy = z.infer<typeof signInPolicySchema>;

/**
 * An email domain of the organisation's connections, or one it proved: whether the organisation
 * proved in DNS that it holds it, and the TXT record that proves it. Just-in-time provisioning
 * trusts proved domains only, and a proved domain routes sign-ins to this organisation whoever
 * else claims it.
 */
export const ssoDomainStatusSchema = z
  .object({
    domain: z.string(),
    proved: z.boolean(),
    provedAt: isoDateTimeSchema.nullable(),
    record: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }).describe('The DNS record to publish at the domain'),
    /** Names of the connections that claim the domain. */
    connections: z.array(z.string()),
  })
  .meta({ id: 'SsoDomain' });
export type SsoDomain = z.infer<typeof ssoDomainStatusSchema>;

/** GET /api/sso/ */
export const ssoSettingsSchema = z
  .object({ connections: z.array(ssoConnectionSchema), policy: signInPolicySchema, domains: z.array(ssoDomainStatusSchema) })
  .meta({ id: 'SsoSettings' });
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

const nameSchema = z.string(required()).trim().min(1, required()).max(80, { error: 'must be at most 80 characters' }).refine(...withoutControlCharacters);

/** The IdP's SAML details: its metadata (pasted XML, or an https URL to fetch once) or the three values by hand. */
export const samlIdpInputSchema = z
  .object({
    metadataXml: z.string().max(200_000, { error: 'must be at most 200,000 characters' }).optional(),
    metadataUrl: idpUrl().optional(),
    idpEntityId: entityIdSchema.optional(),
    idpSsoUrl: idpUrl().optional(),
    certificate: pemCertificateSchema.optional(),
  })
  .strict();

export const oidcIdpInputSchema = z
  .object({
    issuer: idpUrl().describe('The issuer URL; its /.well-known/openid-configuration is read'),
    clientId: z.string(required()).trim().min(1, required()).max(255).refine(...withoutControlCharacters),
    /** Write-only: kept encrypted, never shown again; left as it is when absent on a change. */
    clientSecret: z.string().min(1, required()).max(1024).refine(...withoutControlCharacters).optional(),
  })
  .strict();

/** POST /api/sso/connections/ */
export const createSsoConnectionBodySchema = z
  .object({
    name: nameSchema,
    protocol: z.enum(ssoProtocols),
    domains: z.array(ssoDomainSchema).max(50).default([]),
    jitProvisioning: z.boolean().default(false).describe('Make a person (role User) of a newcomer the IdP vouches for at one of the domains, at their first sign-in'),
    saml: samlIdpInputSchema.optional(),
    oidc: oidcIdpInputSchema.optional(),
  })
  .strict()
  .meta({ id: 'CreateSsoConnectionBody' });
export type CreateSsoConnectionBody = z.infer<typeof createSsoConnectionBodySchema>;

/** PATCH /api/sso/connections/:connectionId/ */
export const updateSsoConnectionBodySchema = z
  .object({
    name: nameSchema.optional(),
    enabled: z.boolean().optional(),
    domains: z.array(ssoDomainSchema).max(50).optional(),
    jitProvisioning: z.boolean().optional(),
    saml: samlIdpInputSchema.optional(),
    oidc: oidcIdpInputSchema.partial().strict().optional(),
  })
  .strict()
  .meta({ id: 'UpdateSsoConnectionBody' });
export type UpdateSsoConnectionBody = z.infer<typeof updateSsoConnectionBodySchema>;

export const ssoConnectionParamsSchema = z.object({ connectionId: z.string().min(1).max(100).refine(...withoutControlCharacters) });

/** POST /api/sso/connections/:connectionId/test/ body: which page the test comes back to. */
export const ssoTestStartBodySchema = z
  .object({ returnTo: z.enum(['sso-settings', 'onboarding']).default('sso-settings') })
  .strict()
  .meta({ id: 'SsoTestStartBody' });
export type SsoTestStartBody = z.input<typeof ssoTestStartBodySchema>;

/** POST /api/sso/connections/:connectionId/test/ — where the admin's browser goes for a test sign-in. */
export const ssoTestStartSchema = z.object({ url: z.string() }).meta({ id: 'SsoTestStart' });

export const ssoTestParamsSchema = z.object({ code: z.string().min(1).max(200).refine(...withoutControlCharacters) });

/** GET /api/sso/tests/:code/ — what the identity provider said in a test sign-in (read once). */
export const ssoTestResultSchema = z
  .object({ connectionId: z.string(), subject: z.string(), email: z.string(), givenName: z.string(), familyName: z.string() })
  .meta({ id: 'SsoTestResult' });
export type SsoTestResult = z.infer<typeof ssoTestResultSchema>;

/** POST /api/sso/domains/check/ — look the domain's TXT records up now. */
export const checkSsoDomainBodySchema = z.object({ domain: ssoDomainSchema }).strict().meta({ id: 'CheckSsoDomainBody' });
export type CheckSsoDomainBody = z.infer<typeof checkSsoDomainBodySchema>;

/** What a check found: the domain's state after it, and the records with Vigil's prefix that were there. */
export const ssoDomainCheckSchema = z
  .object({ domain: ssoDomainStatusSchema, found: z.array(z.string()).describe('TXT values starting vigil-domain-verification= found at the domain') })
  .meta({ id: 'SsoDomainCheck' });
export type SsoDomainCheck = z.infer<typeof ssoDomainCheckSchema>;

export const ssoDomainParamsSchema = z.object({ domain: ssoDomainSchema });
