import { describe, expect, it } from 'vitest';

import { ClientConfigError, parseClientConfig } from './client-config';

describe('parseClientConfig', () => {
  it('keeps the methods this build knows, in the server’s order', () => {
    expect(
      parseClientConfig({
        authProjectId: 'P2abc',
        authBaseUrl: 'https://vigil.example.com',
        authMethods: ['otp-email', 'passkeys', 'password'],
      }),
    ).toEqual({ authProjectId: 'P2abc', authBaseUrl: 'https://vigil.example.com', authMethods: ['otp-email', 'password'], oauthProviders: [] });
  });

  it('keeps the social providers this build has buttons for; an older server that names none offers none', () => {
    const base = { authProjectId: 'P2abc', authBaseUrl: 'https://vigil.example.com', authMethods: ['password', 'oauth'] };
    expect(parseClientConfig({ ...base, oauthProviders: ['github', 'myspace', 'google'] }).oauthProviders).toEqual(['github', 'google']);
    expect(parseClientConfig(base).oauthProviders).toEqual([]);
  });

  it.each([
    ['no object', null],
    ['no project id', { authProjectId: '', authBaseUrl: 'https://x.example', authMethods: [] }],
    ['a relative base URL', { authProjectId: 'P2abc', authBaseUrl: '/auth', authMethods: [] }],
    ['no method list', { authProjectId: 'P2abc', authBaseUrl: 'https://x.example' }],
  ])('refuses a body with %s', (_, body) => {
    expect(() => parseClientConfig(body)).toThrow(ClientConfigError);
  });
});
