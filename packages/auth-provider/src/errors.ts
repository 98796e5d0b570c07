/**
 * Errors in the contract's shape: `{ errorCode, errorDescription, errorMessage }` (contract §3.1).
 * Codes follow Descope's where one exists; the SDK passes them through untouched.
 */
export const authErrors = {
  badRequest: { status: 400, errorCode: 'E011001' },
  missingArguments: { status: 400, errorCode: 'E011002' },
  invalidArguments: { status: 400, errorCode: 'E011003' },
  unknownProject: { status: 401, errorCode: 'E011004' },
  unauthorized: { status: 401, errorCode: 'E061001' },
  invalidCredentials: { status: 401, errorCode: 'E061004' },
  invalidCode: { status: 401, errorCode: 'E061102' },
  signUpDisabled: { status: 403, errorCode: 'E062110' },
  userExists: { status: 409, errorCode: 'E062107' },
  weakPassword: { status: 400, errorCode: 'E062901' },
  enchantedLinkPending: { status: 401, errorCode: 'E062503' },
  /** A WhatsApp sign-in (nOTP) whose message has not arrived yet: the SDK keeps polling. */
  notpPending: { status: 401, errorCode: 'E066103' },
  sessionRevoked: { status: 401, errorCode: 'E064001' },
  tenantNotAllowed: { status: 403, errorCode: 'E064002' },
  recentSignInRequired: { status: 403, errorCode: 'E064003' },
  secondFactorRequired: { status: 403, errorCode: 'E064004' },
  ssoRequired: { status: 403, errorCode: 'E062112' },
  methodNotAllowed: { status: 403, errorCode: 'E062113' },
  /** A call from outside (a webhook) that cannot prove where it comes from. */
  forbidden: { status: 403, errorCode: 'E011403' },
  notFound: { status: 404, errorCode: 'E011404' },
  /** The management API's "no such user" (the go SDK's ErrManagementUserNotFound). */
  userNotFound: { status: 400, errorCode: 'E112102' },
  /** The management API: a tenant with that id exists already (no published Descope code; the status says it). */
  tenantExists: { status: 409, errorCode: 'E011409' },
  /** Flows (contract §6): no such flow or execution, an execution past its time, a wrong flow nonce. */
  flowNotFound: { status: 400, errorCode: 'E102004' },
  flowTimedOut: { status: 400, errorCode: 'E103205' },
  flowNonceInvalid: { status: 401, errorCode: 'E108201' },
  rateLimited: { status: 429, errorCode: 'E130429' },
  internal: { status: 500, errorCode: 'E010500' },
} as const;

export type AuthErrorKind = keyof typeof authErrors;

export class AuthError extends Error {
  readonly status: number;
  readonly errorCode: string;

  constructor(
    kind: AuthErrorKind,
    readonly errorDescription: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(errorDescription);
    this.status = authErrors[kind].status;
    this.errorCode = authErrors[kind].errorCode;
  }
}

export const errorBody = (errorCode: string, errorDescription: string) => ({
  errorCode,
  errorDescription,
  errorMessage: errorDescription,
});
