import type { AuthCallResult } from '../auth/auth-failure';

/** Why a change to a second factor did not happen, in terms the section can explain and act on. */
export type FactorProblem = 'recentSignIn' | 'confirmSecondFactor' | 'wrongCode' | 'tooManyAttempts' | 'cancelled' | 'failed';

// Error codes of our auth provider (Descope's numbering where one exists).
const problemOfCode: Record<string, FactorProblem> = {
  E064003: 'recentSignIn',
  E064004: 'confirmSecondFactor',
  E061102: 'wrongCode',
  E130429: 'tooManyAttempts',
};

export type FactorCallOutcome<T> = { ok: true; data: T | undefined } | { ok: false; problem: FactorProblem };

/**
 * Runs one provider call that changes the person's factors. A browser that refuses or cancels the
 * passkey ceremony makes the SDK throw (a DOMException such as NotAllowedError): that is "cancelled".
 */
export const runFactorCall = async <T>(call: () => Promise<AuthCallResult<T>>): Promise<FactorCallOutcome<T>> => {
  try {
    const result = await call();
    if (result.ok) return { ok: true, data: result.data };
    return { ok: false, problem: problemOfCode[result.error?.errorCode ?? ''] ?? (result.code === 429 ? 'tooManyAttempts' : 'failed') };
  } catch (error) {
    return { ok: false, problem: error instanceof DOMException && ['NotAllowedError', 'AbortError'].includes(error.name) ? 'cancelled' : 'failed' };
  }
};

type ProviderClient = {
  httpClient: { post: (path: string, body?: object, config?: { token?: string }) => Promise<Response> };
  getRefreshToken: () => string;
};

/**
 * Our provider's own factor routes (removing, renaming, recovery codes), which the SDK has no
 * methods for: posted through the SDK's own client with this session's refresh token, so a new
 * session in the answer is kept as the SDK keeps any other.
 */
export const postWithSession = async <T>(sdk: ProviderClient, path: string, body: object): Promise<AuthCallResult<T>> => {
  const response = await sdk.httpClient.post(path, body, { token: sdk.getRefreshToken() });
  const answer = (await response.json()) as T & { errorCode?: string; errorDescription?: string };
  return response.ok
    ? { ok: true, code: response.status, data: answer }
    : { ok: false, code: response.status, error: { errorCode: answer.errorCode ?? '', errorDescription: answer.errorDescription ?? '' } };
};

type PasskeyClient = ProviderClient & {
  webauthn: {
    signIn: { start: (loginId: string, origin: string, loginOptions?: { mfa?: boolean }, token?: string) => Promise<AuthCallResult<{ transactionId: string; options: string }>>; finish: (transactionId: string, response: string) => Promise<AuthCallResult<unknown>> };
    helpers: { get: (options: string) => Promise<string> };
  };
};

/**
 * Confirms this session with a passkey (`loginOptions.mfa` with its refresh token): the browser's
 * passkey dialog, then the provider's finish, whose stepped-up session the SDK keeps.
 * @throws what the browser throws when the dialog is closed (a DOMException)
 */
export const stepUpWithPasskey = async (sdk: PasskeyClient, loginId: string): Promise<AuthCallResult<unknown>> => {
  const started = await sdk.webauthn.signIn.start(loginId, window.location.origin, { mfa: true }, sdk.getRefreshToken());
  if (!started.ok || !started.data) return started;
  return sdk.webauthn.signIn.finish(started.data.transactionId, await sdk.webauthn.helpers.get(started.data.options));
};
