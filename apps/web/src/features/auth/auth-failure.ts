// What went wrong in a sign-in step, in terms the screen can explain. The SDK never throws for a
// refused request: it answers `{ ok: false, code, error: { errorCode, errorDescription, retryAfter? } }`
// (contract §3.2). The description is meant for developers, so the screen shows our own sentences,
// chosen by the provider's error code and the HTTP status.
export type AuthFailure =
  | {
      reason:
        | 'invalidCredentials'
        | 'invalidCode'
        | 'invalidLink'
        | 'linkTimedOut'
        | 'weakPassword'
        | 'invalidInput'
        | 'network'
        | 'ssoRequired'
        | 'methodNotAllowed'
        | 'generic';
    }
  | { reason: 'tooManyAttempts'; retryAfterSeconds: number };

export type AuthStep =
  | 'password'
  | 'send-code'
  | 'verify-code'
  | 'send-link'
  /** Opening an emailed link: magic link, enchanted link or password reset. */
  | 'verify-link'
  | 'wait-for-session'
  | 'send-reset'
  | 'update-password';

// Steps whose "invalid code" is an emailed link, and whose 401 can only mean the link (or the
// session it gave) is no longer good.
const linkSteps: readonly AuthStep[] = ['verify-link', 'update-password'];

/** The shape every SDK call resolves to; structural, so the SDK's own type fits it. */
export type AuthCallResult<T> = {
  ok: boolean;
  code?: number;
  data?: T;
  error?: { errorCode: string; errorDescription: string; errorMessage?: string; retryAfter?: string | number };
};

// Error codes of our auth provider (packages/auth-provider, Descope's numbering).
const errorCodes = {
  invalidCredentials: 'E061004',
  invalidCode: 'E061102',
  rateLimited: 'E130429',
  missingArguments: 'E011002',
  invalidArguments: 'E011003',
  weakPassword: 'E062901',
  ssoRequired: 'E062112',
  methodNotAllowed: 'E062113',
  // Not the server's: the SDK's own answer when waitForSession gives up (contract §3.2).
  pollingTimeout: '0',
} as const;

const toSeconds = (retryAfter: string | number | undefined): number => {
  // Typed as a string by the SDK, delivered as a number; 0 when the header was missing.
  const seconds = Math.ceil(Number(retryAfter));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
};

export const describeAuthFailure = (result: AuthCallResult<unknown>, step: AuthStep): AuthFailure => {
  const errorCode = result.error?.errorCode;
  if (result.code === 429 || errorCode === errorCodes.rateLimited) {
    return { reason: 'tooManyAttempts', retryAfterSeconds: toSeconds(result.error?.retryAfter) };
  }
  if (errorCode === errorCodes.pollingTimeout && step === 'wait-for-session') return { reason: 'linkTimedOut' };
  if (errorCode === errorCodes.invalidCredentials) return { reason: 'invalidCredentials' };
  if (errorCode === errorCodes.invalidCode) return { reason: linkSteps.includes(step) ? 'invalidLink' : 'invalidCode' };
  if (errorCode === errorCodes.weakPassword) return { reason: 'weakPassword' };
  // The organisation's sign-in policy: the person must use single sign-on, or another method.
  if (errorCode === errorCodes.ssoRequired) return { reason: 'ssoRequired' };
  if (errorCode === errorCodes.methodNotAllowed) return { reason: 'methodNotAllowed' };
  if (errorCode === errorCodes.invalidArguments || errorCode === errorCodes.missingArguments) {
    return { reason: 'invalidInput' };
  }
  // Another provider may use other codes; a 401 at these steps can only mean the input was refused.
  if (result.code === 401 && step === 'password') return { reason: 'invalidCredentials' };
  if (result.code === 401 && step === 'verify-code') return { reason: 'invalidCode' };
  if (result.code === 401 && linkSteps.includes(step)) return { reason: 'invalidLink' };
  return { reason: 'generic' };
};

export type AuthCallOutcome<T> = { ok: true; data: T | undefined } | { ok: false; failure: AuthFailure };

/** Runs one SDK call and turns a refusal or a thrown error into an AuthFailure. */
export const runAuthCall = async <T>(
  call: () => Promise<AuthCallResult<T>>,
  step: AuthStep,
): Promise<AuthCallOutcome<T>> => {
  try {
    const result = await call();
    return result.ok ? { ok: true, data: result.data } : { ok: false, failure: describeAuthFailure(result, step) };
  } catch (error) {
    // fetch rejects with a TypeError when the server cannot be reached; the SDK then has no result.
    return { ok: false, failure: { reason: error instanceof TypeError ? 'network' : 'generic' } };
  }
};
