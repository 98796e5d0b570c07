/** The social providers the contract names (§2.8); any other name is refused. */
export const oauthProviderNames = ['google', 'microsoft', 'apple', 'github', 'gitlab', 'facebook', 'discord', 'linkedin', 'slack'] as const;
export type OAuthProviderName = (typeof oauthProviderNames)[number];

/**
 * A deployment's app registration at one provider. The endpoints default to the provider's
 * published ones; an override reaches a self-managed GitLab or GitHub Enterprise Server (or a
 * single Microsoft tenant: `https://login.microsoftonline.com/<tenant id>/v2.0`).
 */
export type OAuthProviderConfig = {
  clientId: string;
  /** Apple's is the ES256 client-secret JWT made from the team's key (it lasts up to six months). */
  clientSecret: string;
  issuer?: string;
  authorizationUrl?: string;
  tokenUrl?: string;
  /** Where the profile is read: GitHub's `/user`, Facebook's `/me`, Discord's `/users/@me`. */
  profileUrl?: string;
};

/** What a provider said about who signed in. */
export type SocialIdentity = { subject: string; email?: string; emailVerified: boolean; givenName?: string; familyName?: string; name?: string };

type Claims = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
/** A claim that is true: Apple sends `email_verified` as the string "true", everyone else as a boolean. */
export const isTrue = (value: unknown) => value === true || value === 'true';

const fromOpenIdClaims = (claims: Claims): SocialIdentity => ({
  subject: String(claims.sub),
  email: text(claims.email),
  emailVerified: isTrue(claims.email_verified),
  givenName: text(claims.given_name),
  familyName: text(claims.family_name),
  name: text(claims.name),
});

/** An OpenID provider: discovery from the issuer, an ID token, `email_verified` in its claims. */
type OpenIdProvider = { protocol: 'oidc'; issuer: string; scope: string; identity: (claims: Claims) => SocialIdentity; formPost?: boolean };
/** A plain OAuth 2.0 provider: fixed endpoints and a profile API read with the access token. */
type OAuthOnlyProvider = {
  protocol: 'oauth2';
  issuer: string;
  authorizationUrl: string;
  tokenUrl: string;
  profileUrl: string;
  scope: string;
  /** Reads the profile (and, for GitHub, the verified addresses) with the access token. */
  identity: (read: (url: string) => Promise<unknown>, profileUrl: string) => Promise<SocialIdentity>;
};
export type ProviderDescriptor = OpenIdProvider | OAuthOnlyProvider;

const splitName = (name: string | undefined) => {
  const [givenName, ...rest] = (name ?? '').trim().split(/\s+/);
  return { givenName: givenName || undefined, familyName: rest.join(' ') || undefined, name };
};

/**
 * Each provider's published endpoints and how it says an address is verified. Accounts link only
 * through a verified address, so a provider that does not vouch for one never links by it.
 */
export const providerDescriptors: Record<OAuthProviderName, ProviderDescriptor> = {
  google: { protocol: 'oidc', issuer: 'https://accounts.google.com', scope: 'openid email profile', identity: fromOpenIdClaims },
  // Entra ID's multi-tenant issuer is a template; openid-client checks the token's issuer against its `tid`.
  // Microsoft does not send `email_verified`: `xms_edov` (the domain owner verified the address) stands for it.
  microsoft: {
    protocol: 'oidc',
    issuer: 'https://login.microsoftonline.com/common/v2.0',
    scope: 'openid email profile',
    identity: (claims) => ({ ...fromOpenIdClaims(claims), emailVerified: isTrue(claims.email_verified) || isTrue(claims.xms_edov) }),
  },
  // Apple posts its answer (form_post) when names or the address are asked for.
  apple: { protocol: 'oidc', issuer: 'https://appleid.apple.com', scope: 'openid email name', identity: fromOpenIdClaims, formPost: true },
  gitlab: { protocol: 'oidc', issuer: 'https://gitlab.com', scope: 'openid email profile', identity: fromOpenIdClaims },
  linkedin: { protocol: 'oidc', issuer: 'https://www.linkedin.com/oauth', scope: 'openid email profile', identity: fromOpenIdClaims },
  slack: { protocol: 'oidc', issuer: 'https://slack.com', scope: 'openid email profile', identity: fromOpenIdClaims },
  github: {
    protocol: 'oauth2',
    issuer: 'https://github.com',
    authorizationUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    profileUrl: 'https://api.github.com/user',
    scope: 'read:user user:email',
    // The profile's address may be unverified or hidden: the verified primary one comes from /user/emails.
    identity: async (read, profileUrl) => {
      const profile = (await read(profileUrl)) as Claims;
      const emails = (await read(`${profileUrl.replace(/\/+$/, '')}/emails`)) as { email?: string; primary?: boolean; verified?: boolean }[];
      const primary = Array.isArray(emails) ? emails.find((entry) => entry.primary && entry.verified) : undefined;
      return { subject: String(profile.id), email: text(primary?.email), emailVerified: Boolean(primary), ...splitName(text(profile.name) ?? text(profile.login)) };
    },
  },
  facebook: {
    protocol: 'oauth2',
    issuer: 'https://www.facebook.com',
    authorizationUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v21.0/oauth/access_token',
    profileUrl: 'https://graph.facebook.com/v21.0/me?fields=id,name,email,first_name,last_name',
    scope: 'email public_profile',
    // Facebook shares an address only once its owner has confirmed it.
    identity: async (read, profileUrl) => {
      const profile = (await read(profileUrl)) as Claims;
      return { subject: String(profile.id), email: text(profile.email), emailVerified: Boolean(text(profile.email)), givenName: text(profile.first_name), familyName: text(profile.last_name), name: text(profile.name) };
    },
  },
  discord: {
    protocol: 'oauth2',
    issuer: 'https://discord.com',
    authorizationUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    profileUrl: 'https://discord.com/api/users/@me',
    scope: 'identify email',
    identity: async (read, profileUrl) => {
      const profile = (await read(profileUrl)) as Claims;
      return { subject: String(profile.id), email: text(profile.email), emailVerified: profile.verified === true, ...splitName(text(profile.global_name) ?? text(profile.username)) };
    },
  },
};

/**
 * The app registrations a deployment configured, from `OAUTH_<PROVIDER>_CLIENT_ID` and
 * `_CLIENT_SECRET` (both needed), with optional `_ISSUER`, `_AUTHORIZATION_URL`, `_TOKEN_URL` and
 * `_PROFILE_URL` overrides.
 */
export const oauthProvidersFromEnv = (env: Record<string, string | undefined>) => {
  const configured: Partial<Record<OAuthProviderName, OAuthProviderConfig>> = {};
  for (const name of oauthProviderNames) {
    const read = (key: string) => env[`OAUTH_${name.toUpperCase()}_${key}`]?.trim() || undefined;
    const clientId = read('CLIENT_ID');
    const clientSecret = read('CLIENT_SECRET');
    if (!clientId || !clientSecret) continue;
    configured[name] = {
      clientId,
      clientSecret,
      ...(read('ISSUER') ? { issuer: read('ISSUER') } : {}),
      ...(read('AUTHORIZATION_URL') ? { authorizationUrl: read('AUTHORIZATION_URL') } : {}),
      ...(read('TOKEN_URL') ? { tokenUrl: read('TOKEN_URL') } : {}),
      ...(read('PROFILE_URL') ? { profileUrl: read('PROFILE_URL') } : {}),
    };
  }
  return configured;
};
