import { describe, expect, it } from 'vitest';
import { createSecretBox, sameToken } from './secrets.ts';

const box = createSecretBox(Buffer.from('a-test-secret-of-enough-length-0123456789'));
const otherBox = createSecretBox(Buffer.from('another-secret-of-enough-length-987654321'));

describe('the secret box', () => {
  it('seals so that only the same secret opens, and never twice the same text', () => {
    const sealed = box.seal('smtp-password');
    expect(sealed).not.toContain('smtp-password');
    expect(box.seal('smtp-password')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('smtp-password');
    expect(() => otherBox.open(sealed)).toThrow();
  });

  it('refuses a sealed text that was altered', () => {
    const [version, iv, tag, ciphertext] = box.seal('secret').split('.');
    const flipped = Buffer.from(ciphertext!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([version, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => box.open('plain text')).toThrow('not a sealed secret');
  });

  it('makes tokens that are stable for a value, differ by purpose and secret, and carry 128 bits', () => {
    const token = box.token('tracking', 'recipient-1');
    expect(box.token('tracking', 'recipient-1')).toBe(token);
    expect(box.token('tracking', 'recipient-2')).not.toBe(token);
    expect(box.token('unsubscribe', 'recipient-1')).not.toBe(token);
    expect(otherBox.token('tracking', 'recipient-1')).not.toBe(token);
    expect(Buffer.from(token, 'base64url')).toHaveLength(16);
    expect(sameToken(token, box.token('tracking', 'recipient-1'))).toBe(true);
    expect(sameToken(token, token.slice(1))).toBe(false);
  });
});
