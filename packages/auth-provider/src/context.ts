import type { FastifyBaseLogger } from 'fastify';
import type { AuthDb } from './database.ts';
import type { Delivery } from './delivery/delivery.ts';
import type { TwilioOptions } from './delivery/twilio.ts';
import type { authEventsLog } from './http/auth-events.ts';
import type { RateLimit, RateLimiter } from './http/rate-limiter.ts';
import type { KeyRing } from './keys/signing-keys.ts';
import type { Sessions } from './sessions/sessions.ts';

import type { RelyingParty } from './factors/passkeys.ts';
import type { OAuthProviderConfig, OAuthProviderName } from './oauth/oauth-providers.ts';

/** First-factor methods the sign-in page offers (second factors are offered by what each person set up). */
export type AuthMethod = 'password' | 'otp-email' | 'magiclink' | 'enchantedlink' | 'passkey' | 'sso' | 'oauth' | 'whatsapp';

export type ProviderSettings = {
  projectId: string;
  /** Where the app is: links in messages point here, and only here. */
  publicUrl: string;
  appName: string;
  selfSignUp: boolean;
  codeTtlSeconds: number;
  codeMaxAttempts: number;
  lockAfterFailedPasswords: number;
  /** `managementKeyFailures`: wrong management keys one address may send before every call from it waits out the window. */
  limits: { perLoginId: RateLimit; perIp: RateLimit; managementKeyFailures: RateLimit };
  methods: AuthMethod[];
  /** Where passkeys are valid: the public URL's host name and origin. */
  passkeys: RelyingParty;
};

/** Everything a provider route needs, built once by the plugin. */
export type ProviderContext = {
  db: AuthDb;
  secret: Buffer;
  settings: ProviderSettings;
  keys: KeyRing;
  sessions: Sessions;
  events: ReturnType<typeof authEventsLog>;
  delivery: Delivery;
  /** The Twilio account, when one is configured: its WhatsApp number receives WhatsApp sign-ins, and its auth token proves Twilio's webhook calls. */
  twilio?: TwilioOptions;
  limiter: RateLimiter;
  /** A real argon2 hash, checked when the login id is unknown so timing does not tell. */
  dummyPasswordHash: string;
  /** How the provider reaches identity providers (OIDC discovery, tokens, userinfo): the host's guarded fetch, or the global one. */
  outboundFetch?: (url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown }) => Promise<Response>;
  /** The host makes a newcomer a single sign-on connection vouches for (just-in-time provisioning); answers their user id. */
  provisionSsoUser?: (newcomer: { tenantId: string; connectionId: string; email: string; givenName: string; familyName: string }) => Promise<string | undefined>;
  /** The social providers this deployment registered an app with (client id and secret each). */
  oauthProviders: Partial<Record<OAuthProviderName, OAuthProviderConfig>>;
  log: FastifyBaseLogger;
};
