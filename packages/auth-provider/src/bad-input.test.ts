// @vitest-environment jsdom
import createSdk from '@descope/web-js-sdk';
import { describe, expect, it } from 'vitest';
import { projectId, useProvider } from './test/provider-harness.ts';

const provider = useProvider({ limits: { perIp: { max: 1000, windowSeconds: 60 }, perLoginId: { max: 3, windowSeconds: 60 } } });

const post = (path: string, body: unknown, authorization = `Bearer ${projectId}`) =>
  provider.app.inject({ method: 'POST', url: `/v1/auth${path}`, headers: { authorization, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

describe('bad input gets a clear 4xx in the contract shape, never a 5xx', () => {
  it.each([
    ['an empty login id', '/password/signin', { loginId: '', password: 'x' }, 'loginId'],
    ['a missing password', '/password/signin', { loginId: 'a@b.test' }, 'password'],
    ['a malformed email', '/otp/signin/email', { loginId: 'not-an-email' }, 'loginId'],
    ['a phone that is not + and 4-15 digits', '/otp/signin/sms', { loginId: '12345' }, 'loginId'],
    ['an unknown channel', '/otp/signin/pigeon', { loginId: 'a@b.test' }, 'channel'],
    ['an empty code', '/otp/verify/email', { loginId: 'a@b.test', code: '' }, 'code'],
    ['an empty token', '/magiclink/verify', { token: '' }, 'token'],
  ])('%s', async (_case, path, body, field) => {
    const response = await post(path, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: expect.stringMatching(/^E01100[23]$/), errorDescription: expect.stringContaining(field) });
  });

  it('an unknown project id', async () => {
    const response = await post('/password/signin', { loginId: 'a@b.test', password: 'x' }, 'Bearer P2someoneelse');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ errorCode: 'E011004', errorDescription: 'Unknown project id' });
  });

  it('no project id at all', async () => {
    const response = await post('/password/signin', { loginId: 'a@b.test', password: 'x' }, '');
    expect(response.statusCode).toBe(401);
  });

  it('malformed JSON', async () => {
    const response = await provider.app.inject({
      method: 'POST',
      url: '/v1/auth/password/signin',
      headers: { authorization: `Bearer ${projectId}`, 'content-type': 'application/json' },
      payload: '{"loginId":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBeTruthy();
  });

  it('an unknown path answers JSON 404', async () => {
    const response = await post('/nothing/here', {});
    expect(response.statusCode).toBe(404);
    expect(response.json().errorCode).toBe('E011404');
  });

  it('the SDK reports 429 with retryAfter as a number of seconds', async () => {
    const user = await provider.buildUser();
    const sdk = createSdk({ projectId, baseUrl: provider.baseUrl, persistTokens: false, autoRefresh: false });
    for (let i = 0; i < 3; i++) await sdk.password.signIn(user.email, 'wrong password here');
    const limited = await sdk.password.signIn(user.email, user.password);
    expect(limited.code).toBe(429);
    expect(limited.error).toMatchObject({ errorCode: 'E130429', retryAfter: expect.any(Number) });
    expect((limited.error as unknown as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
  });

  it('too many attempts for one login id: 429 with Retry-After', async () => {
    const user = await provider.buildUser();
    for (let i = 0; i < 3; i++) await post('/password/signin', { loginId: user.email, password: 'wrong password here' });
    const limited = await post('/password/signin', { loginId: user.email, password: user.password });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().errorCode).toBe('E130429');
  });
});
