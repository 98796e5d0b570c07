import { vi } from 'vitest';

import type { AuthSdk, JWTResponse, UserResponse } from '../lib/auth/auth-sdk';

// The SDK's pub/sub, reduced to what the fake needs. Like the real SDK, it publishes null on
// sign-out although the SDK's types promise a value.
const createChannel = <T>() => {
  const listeners: ((value: T) => void)[] = [];
  return {
    subscribe: (listener: (value: T) => void) => {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
    publish: (value: T | null) => listeners.forEach((listener) => listener(value as T)),
  };
};

export const buildAuthUser = (overrides: Partial<UserResponse> = {}): UserResponse => ({
  userId: 'U2fakeuser',
  loginIds: ['ada@example.com'],
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  createdTime: 1_700_000_000,
  TOTP: false,
  SAML: false,
  SCIM: false,
  password: true,
  status: 'enabled',
  test: false,
  ...overrides,
});

/**
 * An SDK-shaped double for component tests. Its calls answer "ok" with no session unless a test
 * says otherwise; `signIn()` publishes a session the way the real SDK does after a 2xx with a
 * session in it. Real sign-in against the real provider is the end-to-end test's job.
 */
export const createFakeAuthSdk = ({ lastLoginId = '' }: { lastLoginId?: string } = {}) => {
  const sessionToken = createChannel<string>();
  const user = createChannel<UserResponse>();
  const isAuthenticated = createChannel<boolean>();
  let currentToken = '';
  let currentTenant = '';

  const publishSession = (token: string, signedInUser: UserResponse | null) => {
    currentToken = token;
    sessionToken.publish(token);
    if (signedInUser) user.publish(signedInUser);
    isAuthenticated.publish(true);
  };
  const publishSignOut = () => {
    currentToken = '';
    sessionToken.publish(null);
    user.publish(null);
    isAuthenticated.publish(false);
  };

  const sdk = {
    refresh: vi.fn<AuthSdk['refresh']>(async () => ({ ok: true })),
    me: vi.fn<AuthSdk['me']>(async () => ({ ok: true, code: 200, data: buildAuthUser() })),
    logout: vi.fn<AuthSdk['logout']>(async () => {
      publishSignOut();
      return { ok: true, code: 200 };
    }),
    getSessionToken: vi.fn<AuthSdk['getSessionToken']>(() => currentToken),
    getRefreshToken: vi.fn<AuthSdk['getRefreshToken']>(() => (currentToken ? 'refresh.jwt' : '')),
    getLastUserLoginId: vi.fn<AuthSdk['getLastUserLoginId']>(() => lastLoginId),
    onSessionTokenChange: sessionToken.subscribe,
    onUserChange: user.subscribe,
    onIsAuthenticatedChange: isAuthenticated.subscribe,
    // Like the provider: a new session whose current tenant (`dct`) is the one selected.
    selectTenant: vi.fn<AuthSdk['selectTenant']>(async (tenantId) => {
      currentTenant = tenantId;
      publishSession(`session.${tenantId}.jwt`, null);
      return { ok: true, code: 200, data: buildJwtResponse({ sessionJwt: `session.${tenantId}.jwt` }) };
    }),
    getCurrentTenant: vi.fn<AuthSdk['getCurrentTenant']>(() => currentTenant),
    password: {
      signIn: vi.fn<AuthSdk['password']['signIn']>(async () => ({ ok: true, code: 200 })),
      sendReset: vi.fn<AuthSdk['password']['sendReset']>(async () => ({ ok: true, code: 200 })),
      update: vi.fn<AuthSdk['password']['update']>(async () => ({ ok: true, code: 200 })),
      policy: vi.fn<AuthSdk['password']['policy']>(async () => ({
        ok: true,
        code: 200,
        data: { minLength: 12, lowercase: false, uppercase: false, number: false, nonAlphanumeric: false },
      })),
    },
    // Answers like the provider: JSON, 200 with an empty body unless a test says otherwise.
    httpClient: {
      post: vi.fn<AuthSdk['httpClient']['post']>(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })),
    },
    otp: {
      signIn: { email: vi.fn<AuthSdk['otp']['signIn']['email']>(async () => ({ ok: true, code: 200 })) },
      verify: { email: vi.fn<AuthSdk['otp']['verify']['email']>(async () => ({ ok: true, code: 200 })) },
    },
    magicLink: {
      signIn: { email: vi.fn<AuthSdk['magicLink']['signIn']['email']>(async () => ({ ok: true, code: 200 })) },
      verify: vi.fn<AuthSdk['magicLink']['verify']>(async () => ({ ok: true, code: 200 })),
    },
    enchantedLink: {
      signIn: vi.fn<AuthSdk['enchantedLink']['signIn']>(async () => ({ ok: true, code: 200 })),
      verify: vi.fn<AuthSdk['enchantedLink']['verify']>(async () => ({ ok: true, code: 200 })),
      // Like the real SDK while nobody has opened the link: it keeps polling, so nothing resolves.
      waitForSession: vi.fn<AuthSdk['enchantedLink']['waitForSession']>(() => new Promise(() => {})),
    },
    notp: {
      signIn: vi.fn<AuthSdk['notp']['signIn']>(async () => ({ ok: true, code: 200 })),
      // Like the real SDK while the WhatsApp message has not arrived: it keeps polling.
      waitForSession: vi.fn<AuthSdk['notp']['waitForSession']>(() => new Promise(() => {})),
    },
    totp: {
      update: vi.fn<AuthSdk['totp']['update']>(async () => ({ ok: true, code: 200, data: { provisioningURL: 'otpauth://totp/Vigil:test', image: '', key: 'JBSWY3DPEHPK3PXP' } })),
      verify: vi.fn<AuthSdk['totp']['verify']>(async () => ({ ok: true, code: 200 })),
    },
    // The ceremony methods carry start and finish as properties, as the SDK's do.
    webauthn: {
      signIn: Object.assign(vi.fn(async () => ({ ok: true, code: 200 })), { start: vi.fn(async () => ({ ok: true, code: 200 })), finish: vi.fn(async () => ({ ok: true, code: 200 })) }) as unknown as AuthSdk['webauthn']['signIn'],
      update: Object.assign(vi.fn(async () => ({ ok: true, code: 200 })), { start: vi.fn(async () => ({ ok: true, code: 200 })), finish: vi.fn(async () => ({ ok: true, code: 200 })) }) as unknown as AuthSdk['webauthn']['update'],
      helpers: { create: vi.fn(async () => '{}'), get: vi.fn(async () => '{}'), isSupported: vi.fn(async () => false), conditional: vi.fn(async () => '{}') } as unknown as AuthSdk['webauthn']['helpers'],
    },
    sso: {
      start: vi.fn<AuthSdk['sso']['start']>(async () => ({ ok: true, code: 200, data: { url: 'https://idp.example.test/sso' } })),
      exchange: vi.fn<AuthSdk['sso']['exchange']>(async () => ({ ok: true, code: 200 })),
    },
    oauth: {
      // The SDK's start is also an object of one shortcut per provider (start.google(…)); the app calls start itself.
      start: Object.assign(
        vi.fn<(...args: Parameters<AuthSdk['oauth']['start']>) => ReturnType<AuthSdk['oauth']['start']>>(async () => ({ ok: true, code: 200, data: { url: 'https://accounts.example.test/authorize' } })),
        {} as Omit<AuthSdk['oauth']['start'], never>,
      ),
      exchange: vi.fn<AuthSdk['oauth']['exchange']>(async () => ({ ok: true, code: 200 })),
    },
    // Tests script the provider's screens with mockResolvedValueOnce.
    flow: {
      start: vi.fn<AuthSdk['flow']['start']>(async () => ({ ok: false, code: 400, error: { errorCode: 'E102004', errorDescription: 'flowId: no flow scripted in this test' } })),
      next: vi.fn<AuthSdk['flow']['next']>(async () => ({ ok: false, code: 400, error: { errorCode: 'E102004', errorDescription: 'executionId: no flow scripted in this test' } })),
    },
  } satisfies AuthSdk;

  return {
    sdk,
    /** What the real SDK does after a successful sign-in or refresh. */
    signIn: (signedInUser: UserResponse | null = buildAuthUser(), token = 'fake.session.jwt') =>
      publishSession(token, signedInUser),
    signOut: publishSignOut,
  };
};

export type FakeAuthSdk = ReturnType<typeof createFakeAuthSdk>;

/** A JWTResponse as the provider sends it, for stubs that answer a sign-in. */
export const buildJwtResponse = (overrides: Partial<JWTResponse> = {}): JWTResponse => ({
  sessionJwt: 'fake.session.jwt',
  refreshJwt: 'fake.refresh.jwt',
  sessionExpiration: Math.floor(Date.now() / 1000) + 600,
  claims: {},
  user: buildAuthUser(),
  ...overrides,
});
