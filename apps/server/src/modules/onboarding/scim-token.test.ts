import { describe, expect, it } from 'vitest';
import { generateScimToken, hashScimToken } from './scim-token.ts';

describe('generateScimToken', () => {
  it('makes a prefixed token of 32 random bytes, stored only as its SHA-256 hash and last four characters', () => {
    const issued = generateScimToken();
    expect(issued.token).toMatch(/^vigil_scim_[A-Za-z0-9_-]{43}$/);
    expect(issued.tokenHash).toBe(hashScimToken(issued.token));
    expect(issued.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(issued.lastFour).toBe(issued.token.slice(-4));
    expect(generateScimToken().token).not.toBe(issued.token);
  });
});
