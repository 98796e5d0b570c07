// @vitest-environment jsdom
import createSdk from '@descope/web-js-sdk';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { authProviderPlugin } from './plugin.ts';
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
    ['an empty code', '/otp/verify/email', { loginId: 'a@b.test', code: '' }, 'code'],
    ['an empty token', '/magiclink/verify', { token: '' }, 'token'],
  ])('%s', async (_case, path, body, field) => {
    const response = await post(path, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: expect.stringMatching(/^E01100[23]$/), errorDescription: expect.stringContaining(field) });
  });

  // PostgreSQL refuses NUL in text: before the fix these reached the database and answered 500.
  describe('a NUL byte, or another control character in an identifier, is refused with 400', () => {
    const nul = 'a\u0000b@vigil.test';
    it.each([
      ['password sign-in', '/password/signin', { loginId: nul, password: 'correct horse battery staple' }, 'loginId'],
      ['password reset', '/password/reset', { loginId: nul }, 'loginId'],
      ['password replace', '/password/replace', { loginId: nul, oldPassword: 'x', newPassword: 'a long new passphrase' }, 'loginId'],
      ['a NUL in a password', '/password/signin', { loginId: 'a@b.test', password: 'pass\u0000word' }, 'password'],
      ['one-time code sign-in', '/otp/signin/email', { loginId: nul }, 'loginId'],
      ['one-time code verify', '/otp/verify/email', { loginId: nul, code: '123456' }, 'loginId'],
      ['a NUL in a code', '/otp/verify/email', { loginId: 'a@b.test', code: '12\u000056' }, 'code'],
      ['magic-link sign-in', '/magiclink/signin/email', { loginId: nul }, 'loginId'],
      ['magic-link verify', '/magiclink/verify', { token: 'tok\u0000en' }, 'token'],
      ['enchanted-link sign-in', '/enchantedlink/signin/email', { loginId: nul }, 'loginId'],
      ['enchanted-link verify', '/enchantedlink/verify', { token: 'tok\u0000en' }, 'token'],
      ['enchanted-link polling', '/enchantedlink/pending-session', { pendingRef: 'ref\u0000' }, 'pendingRef'],
      ['WhatsApp login polling', '/notp/pending-session', { pendingRef: 'ref\u0000' }, 'pendingRef'],
      ['a line feed in a WhatsApp login id', '/notp/whatsapp/signin', { loginId: '+1555\n0001234' }, 'loginId'],
      ['a NUL in a redirect address', '/magiclink/signin/email', { loginId: 'a@b.test', URI: 'http://app.vigil.test/\u0000' }, 'URI'],
      ['a NUL in a name at sign-up', '/otp/signup-in/email', { loginId: 'a@b.test', user: { name: 'Ada\u0000' } }, 'user.name'],
      ['a NUL in a tenant id', '/me/tenants', { ids: ['T\u0000'] }, 'ids.0'],
      ['a tab in a login id', '/password/signin', { loginId: 'a\tb@vigil.test', password: 'x' }, 'loginId'],
      ['a line feed in a login id', '/otp/signin/email', { loginId: 'a@vigil.test\nBcc: b@vigil.test' }, 'loginId'],
      ['an escape in a one-time code', '/otp/verify/email', { loginId: 'a@b.test', code: '\u001b[31m1' }, 'code'],
    ])('%s', async (_case, path, body, field) => {
      const response = await post(path, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errorCode: 'E011003', errorDescription: expect.stringContaining(`${field}:`), errorMessage: expect.any(String) });
    });

    it('a NUL in a login id sent through the published SDK', async () => {
      const sdk = createSdk({ projectId, baseUrl: provider.baseUrl, persistTokens: false, autoRefresh: false });
      const result = await sdk.password.signIn(nul, 'correct horse battery staple');
      expect(result.code).toBe(400);
      expect(result.error?.errorCode).toBe('E011003');
    });
  });

  it('a field of the wrong type is invalid (E011003), not missing (E011002)', async () => {
    const wrongType = await post('/password/signin', { loginId: 5, password: 'x' });
    expect(wrongType.json()).toMatchObject({ errorCode: 'E011003', errorDescription: expect.stringContaining('loginId') });
    const missing = await post('/password/signin', { password: 'x' });
    expect(missing.json()).toMatchObject({ errorCode: 'E011002', errorDescription: expect.stringContaining('loginId') });
  });

  it('a refresh cookie that is not valid percent-encoding is no session, not a 500', async () => {
    const response = await provider.app.inject({
      method: 'POST',
      url: '/v1/auth/refresh',
      headers: { authorization: `Bearer ${projectId}`, 'content-type': 'application/json', cookie: 'DSR=%E0%A4%A' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().errorCode).toBe('E061001');
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

  it('an unknown channel is no route: JSON 404', async () => {
    const response = await post('/otp/signin/pigeon', { loginId: 'a@b.test' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ errorCode: 'E011404', errorDescription: 'No route POST /v1/auth/otp/signin/pigeon' });
  });

  it('the keys of an unknown project: JSON 404', async () => {
    for (const url of ['/v2/keys/P2someoneelse', '/v1/keys/P2someoneelse']) {
      const response = await provider.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ errorCode: 'E011404', errorDescription: 'Unknown project id' });
    }
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

  it('counts attempts in the database: a second server on the same database refuses the fourth attempt', async () => {
    const user = await provider.buildUser();
    // Another server process of the same deployment: its own plugin instance, the same database.
    const second = Fastify({ logger: false });
    await second.register(authProviderPlugin, { db: provider.database.db, projectId, publicUrl: 'http://app.vigil.test', secret: Buffer.from('conformance-test-secret-of-32-bytes!!'), limits: { perIp: { max: 1000, windowSeconds: 60 }, perLoginId: { max: 3, windowSeconds: 60 } } });
    try {
      for (let i = 0; i < 3; i++) await post('/password/signin', { loginId: user.email, password: 'wrong password here' });
      const limited = await second.inject({ method: 'POST', url: '/v1/auth/password/signin', headers: { authorization: `Bearer ${projectId}`, 'content-type': 'application/json' }, payload: JSON.stringify({ loginId: user.email, password: user.password }) });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().errorCode).toBe('E130429');
    } finally {
      await second.close();
    }
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
