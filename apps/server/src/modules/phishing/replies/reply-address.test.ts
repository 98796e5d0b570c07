import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../../lib/secrets.ts';
import { replyAddressFor, replyCodeOf, tokenOfReplyAddress, tokenOfReplyCode } from './reply-address.ts';

const box = createSecretBox(Buffer.from('a-test-application-secret-of-enough-length'));
const tokens = Array.from({ length: 200 }, (_, index) => box.token('tracking', `recipient-${index}`, 16));

describe('reply addresses', () => {
  it('carries the tracking token as 26 lower-case letters and digits, and gives it back', () => {
    for (const token of tokens) {
      const code = replyCodeOf(token);
      expect(code).toMatch(/^[a-z2-7]{26}$/);
      expect(tokenOfReplyCode(code)).toBe(token);
    }
  });

  it('reads the code whatever the letter case, since a mail server may change it', () => {
    const [token] = tokens;
    expect(tokenOfReplyCode(replyCodeOf(token!).toUpperCase())).toBe(token);
  });

  it('refuses what is not a code: wrong length, other letters, a non-canonical last letter', () => {
    const code = replyCodeOf(tokens[0]!);
    expect(tokenOfReplyCode(code.slice(1))).toBeUndefined();
    expect(tokenOfReplyCode(`${code}a`)).toBeUndefined();
    expect(tokenOfReplyCode(`${code.slice(0, 25)}1`)).toBeUndefined();
    // 128 bits leave the last letter two spare bits: only the spelling with them zero counts.
    const last = 'abcdefghijklmnopqrstuvwxyz234567'.indexOf(code[25]!);
    expect(tokenOfReplyCode(`${code.slice(0, 25)}${'abcdefghijklmnopqrstuvwxyz234567'[last | 1]}`)).toBeUndefined();
  });

  it('adds the code to the local part of the reply-to address, replacing a +tag it had', () => {
    const token = tokens[1]!;
    expect(replyAddressFor('accounts@payroll-example.test', token)).toBe(`accounts+${replyCodeOf(token)}@payroll-example.test`);
    expect(replyAddressFor('ceo+desk@lookalike.test', token)).toBe(`ceo+${replyCodeOf(token)}@lookalike.test`);
    expect(tokenOfReplyAddress(replyAddressFor('ceo+desk@lookalike.test', token))).toBe(token);
  });

  it('finds no token in an address without one', () => {
    expect(tokenOfReplyAddress('ceo@lookalike.test')).toBeUndefined();
    expect(tokenOfReplyAddress('ceo+desk@lookalike.test')).toBeUndefined();
    expect(tokenOfReplyAddress('no-at-sign')).toBeUndefined();
  });
});
