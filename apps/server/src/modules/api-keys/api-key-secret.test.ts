import { describe, expect, it } from 'vitest';
import { generateApiKeySecret, hashApiKeySecret, isWellFormedApiKeySecret } from './api-key-secret.ts';

describe('API key secrets', () => {
  it('are vgl_ and 49 base62 characters, different every time, with the hash and hints of the secret', () => {
    const first = generateApiKeySecret();
    const second = generateApiKeySecret();
    expect(first.secret).toMatch(/^vgl_[0-9A-Za-z]{49}$/);
    expect(first.secret).not.toBe(second.secret);
    expect(first.secretHash).toBe(hashApiKeySecret(first.secret));
    expect(first.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.prefix).toBe(first.secret.slice(0, 8));
    expect(first.lastFour).toBe(first.secret.slice(-4));
  });

  it('carry a checksum, so a look-alike or a mistyped key is told apart without a lookup', () => {
    const { secret } = generateApiKeySecret();
    expect(isWellFormedApiKeySecret(secret)).toBe(true);
    const mistyped = `${secret.slice(0, 10)}${secret[10] === 'a' ? 'b' : 'a'}${secret.slice(11)}`;
    expect(isWellFormedApiKeySecret(mistyped)).toBe(false);
    expect(isWellFormedApiKeySecret(`vgl_${'0'.repeat(49)}`)).toBe(false);
    expect(isWellFormedApiKeySecret('eyJhbGciOiJSUzI1NiJ9.e30.sig')).toBe(false);
  });
});
