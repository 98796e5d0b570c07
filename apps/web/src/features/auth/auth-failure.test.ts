import { describe, expect, it } from 'vitest';

import { describeAuthFailure, runAuthCall, type AuthCallResult } from './auth-failure';

const refused = (code: number, errorCode: string, retryAfter?: number): AuthCallResult<never> => ({
  ok: false,
  code,
  error: { errorCode, errorDescription: 'described for developers', retryAfter },
});

describe('describeAuthFailure', () => {
  it.each([
    ['wrong password', refused(401, 'E061004'), 'password', { reason: 'invalidCredentials' }],
    ['wrong code', refused(401, 'E061102'), 'verify-code', { reason: 'invalidCode' }],
    ['a 401 from another provider at the password step', refused(401, 'X1'), 'password', { reason: 'invalidCredentials' }],
    ['a 401 from another provider at the code step', refused(401, 'X1'), 'verify-code', { reason: 'invalidCode' }],
    ['rate limit with Retry-After', refused(429, 'E130429', 42), 'password', { reason: 'tooManyAttempts', retryAfterSeconds: 42 }],
    ['rate limit without Retry-After', refused(429, 'E130429', 0), 'send-code', { reason: 'tooManyAttempts', retryAfterSeconds: 0 }],
    ['a server fault', refused(500, 'E010500'), 'send-code', { reason: 'generic' }],
    ['a used or expired link', refused(401, 'E061102'), 'verify-link', { reason: 'invalidLink' }],
    ['a 401 from another provider when opening a link', refused(401, 'X1'), 'verify-link', { reason: 'invalidLink' }],
    ['an expired reset session', refused(401, 'E061001'), 'update-password', { reason: 'invalidLink' }],
    ['a weak new password', refused(400, 'E062901'), 'update-password', { reason: 'weakPassword' }],
    ['refused input', refused(400, 'E011003'), 'send-link', { reason: 'invalidInput' }],
    ['missing input', refused(400, 'E011002'), 'send-reset', { reason: 'invalidInput' }],
    ['rate limit when opening a link', refused(429, 'E130429', 5), 'verify-link', { reason: 'tooManyAttempts', retryAfterSeconds: 5 }],
    ['a password where the organization requires single sign-on', refused(403, 'E062112'), 'password', { reason: 'ssoRequired' }],
    ['a method the organization does not allow', refused(403, 'E062113'), 'send-code', { reason: 'methodNotAllowed' }],
  ] as const)('%s', (_, result, step, expected) => {
    expect(describeAuthFailure(result, step)).toEqual(expected);
  });
});

describe('describeAuthFailure for the enchanted link wait', () => {
  it('recognises the SDK’s polling timeout, which has no HTTP status', () => {
    const timeout: AuthCallResult<never> = {
      ok: false,
      error: { errorCode: '0', errorDescription: 'Session polling timeout exceeded: 600000ms' },
    };
    expect(describeAuthFailure(timeout, 'wait-for-session')).toEqual({ reason: 'linkTimedOut' });
  });
});

describe('runAuthCall', () => {
  it('reports an unreachable server as a network failure', async () => {
    await expect(runAuthCall(() => Promise.reject(new TypeError('Failed to fetch')), 'password')).resolves.toEqual({
      ok: false,
      failure: { reason: 'network' },
    });
  });
});
