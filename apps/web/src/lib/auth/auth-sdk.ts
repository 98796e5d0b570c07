import { createSdk } from '@descope/web-js-sdk';

import { identifyDevice } from './device-id';

type WebSdk = ReturnType<typeof createSdk<true>>;

export type { JWTResponse, UserResponse } from '@descope/web-js-sdk';

/**
 * The part of the web SDK the app uses. Naming it keeps test doubles honest (they must provide
 * exactly this) and shows at a glance what the server has to support; widen it as features need
 * more.
 */
export type AuthSdk = Pick<
  WebSdk,
  | 'refresh'
  | 'me'
  | 'logout'
  | 'getSessionToken'
  | 'getRefreshToken'
  | 'getLastUserLoginId'
  | 'onSessionTokenChange'
  | 'onUserChange'
  | 'onIsAuthenticatedChange'
  | 'selectTenant'
  | 'getCurrentTenant'
> & {
  password: Pick<WebSdk['password'], 'signIn' | 'sendReset' | 'update' | 'policy'>;
  /** For provider options the SDK's methods cannot send; it still stores and publishes sessions. */
  httpClient: Pick<WebSdk['httpClient'], 'post'>;
  otp: {
    signIn: Pick<WebSdk['otp']['signIn'], 'email'>;
    verify: Pick<WebSdk['otp']['verify'], 'email'>;
  };
  magicLink: Pick<WebSdk['magicLink'], 'verify'> & {
    signIn: Pick<WebSdk['magicLink']['signIn'], 'email'>;
  };
  enchantedLink: Pick<WebSdk['enchantedLink'], 'signIn' | 'verify' | 'waitForSession'>;
  notp: Pick<WebSdk['notp'], 'signIn' | 'waitForSession'>;
  totp: Pick<WebSdk['totp'], 'update' | 'verify'>;
  webauthn: Pick<WebSdk['webauthn'], 'signIn' | 'update' | 'helpers'>;
  sso: Pick<WebSdk['sso'], 'start' | 'exchange'>;
  oauth: Pick<WebSdk['oauth'], 'start' | 'exchange'>;
  flow: Pick<WebSdk['flow'], 'start' | 'next'>;
  /**
   * Stores the device id the SDK sends as `fpData` (device-id.ts); the sign-in page asks for it.
   * Optional: an SDK without it (a test double) signs in without a device id, as a browser that
   * cannot make one does.
   */
  identifyDevice?: () => Promise<unknown>;
};

/** One result of an SDK call: `{ ok, code, data?, error? }` (contract §3.2). */
export type AuthResult = Awaited<ReturnType<AuthSdk['password']['signIn']>>;

/**
 * Stored tokens, the refresh 20 s before expiry, the refresh when the tab becomes visible, the
 * clean-up after a 401 and the last-user keys are all the SDK's work; these options switch them on.
 */
export const createAuthSdk = ({ projectId, baseUrl }: { projectId: string; baseUrl: string }): AuthSdk =>
  Object.assign(
    createSdk({
      projectId,
      // Always set: without it the SDK would call Descope's cloud (contract §1.1).
      baseUrl,
      persistTokens: true,
      autoRefresh: true,
      storeLastAuthenticatedUser: true,
      // No `fpKey`/`fpLoad`: the SDK's own device-id loader fetches FingerprintJS Pro from third parties.
    }),
    { identifyDevice },
  );
