import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { type SessionClaims, cacheVerifiedSessions } from './session-verifier.ts';

const nowMs = Date.UTC(2026, 10, 21, 12, 0, 0);

/** A verifier that counts its calls and accepts tokens named "valid-<exp seconds>". */
const countingVerifier = () => {
  const calls: string[] = [];
  const verify = async (token: string): Promise<SessionClaims> => {
    calls.push(token);
    const [kind, exp] = token.split('-');
    if (kind !== 'valid') throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
    return { sub: `U-${token}`, exp: Number(exp) } as SessionClaims;
  };
  return { calls, verify };
};

describe('cacheVerifiedSessions', () => {
  const future = nowMs / 1000 + 600;

  it('checks a token once and answers repeat calls with the same claims until it expires', async () => {
    let clock = nowMs;
    const { calls, verify } = countingVerifier();
    const cached = cacheVerifiedSessions(verify, { now: () => clock });
    const first = await cached(`valid-${future}`);
    expect(await cached(`valid-${future}`)).toEqual(first);
    expect(calls).toHaveLength(1);

    clock = future * 1000; // the moment it expires, it is checked again (and the verifier decides)
    await cached(`valid-${future}`);
    expect(calls).toHaveLength(2);
  });

  it('does not remember a failed check', async () => {
    const { calls, verify } = countingVerifier();
    const cached = cacheVerifiedSessions(verify, { now: () => nowMs });
    await expect(cached('forged-1')).rejects.toThrow('not valid');
    await expect(cached('forged-1')).rejects.toThrow('not valid');
    expect(calls).toEqual(['forged-1', 'forged-1']);
  });

  it('keeps at most maxEntries tokens, dropping the least recently used', async () => {
    const { calls, verify } = countingVerifier();
    const cached = cacheVerifiedSessions(verify, { maxEntries: 2, now: () => nowMs });
    const [a, b, c] = [`valid-${future}`, `valid-${future + 1}`, `valid-${future + 2}`];
    await cached(a);
    await cached(b);
    await cached(a); // a is now the most recent
    await cached(c); // evicts b
    calls.length = 0;
    await cached(a);
    await cached(c);
    expect(calls).toEqual([]);
    await cached(b);
    expect(calls).toEqual([b]);
  });
});
