import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type JWK,
  type JWTVerifyGetKey,
  SignJWT,
  createLocalJWKSet,
  createRemoteJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  errors as joseErrors,
} from 'jose';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { type SessionClaims, cacheVerifiedSessions, createSessionVerifier, unknownKeyMemoryMs } from './session-verifier.ts';

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

describe('createSessionVerifier: which key signed the token', () => {
  const projectId = 'P2keytest000000000000000000';

  const signingKey = async (kid: string) => {
    const { publicKey, privateKey } = await generateKeyPair('ES384', { extractable: true });
    return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES384', use: 'sig' } };
  };

  const mint = (key: { privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'] }, header: { kid?: string }) =>
    new SignJWT({ drn: 'DS' })
      .setProtectedHeader({ alg: 'ES384', ...header })
      .setSubject('U-someone')
      .setIssuer(projectId)
      .setExpirationTime('10m')
      .sign(key.privateKey);

  /** A provider's key set that can rotate, counting how often it is asked (a database read or a JWKS fetch each). */
  const rotatingKeySet = (initial: JWK[]) => {
    let published = initial;
    const lookups: (string | undefined)[] = [];
    const keys: JWTVerifyGetKey = async (header, token) => {
      lookups.push(header.kid);
      return createLocalJWKSet({ keys: published })(header, token);
    };
    return { keys, lookups, publish: (jwks: JWK[]) => (published = jwks) };
  };

  const unauthenticated = { code: 'UNAUTHENTICATED', statusCode: 401 };

  it('answers 401, not 503, to a token naming a key the provider does not have or naming none', async () => {
    const known = await signingKey('K-known');
    const unknown = await signingKey('K-unknown');
    // The embedded provider's key ring says "no such key" the way a JWKS does.
    const keyRing: JWTVerifyGetKey = async (header) => {
      if (header.kid === known.kid) return importJWK(known.jwk, 'ES384');
      throw new joseErrors.JWKSNoMatchingKey(`unknown signing key ${header.kid}`);
    };
    const verify = createSessionVerifier({ projectId, keys: keyRing });
    await expect(verify(await mint(known, { kid: known.kid }))).resolves.toMatchObject({ sub: 'U-someone' });
    await expect(verify(await mint(unknown, { kid: unknown.kid }))).rejects.toMatchObject(unauthenticated);
    await expect(verify(await mint(unknown, {}))).rejects.toMatchObject(unauthenticated);
  });

  it('still answers 503 when the key set cannot be read at all', async () => {
    const key = await signingKey('K-any');
    const token = await mint(key, { kid: key.kid });
    const databaseDown: JWTVerifyGetKey = async () => {
      throw new Error('connection terminated');
    };
    await expect(createSessionVerifier({ projectId, keys: databaseDown })(token)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    // A provider whose key endpoint fails, never answers, or is not listening.
    const provider = createServer((request, response) => {
      if (request.url === '/failing') response.writeHead(502).end('Bad gateway');
      // '/silent' never answers.
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    try {
      for (const url of [`${base}/failing`, `${base}/silent`, 'http://127.0.0.1:9/v2/keys/x']) {
        const remote = createRemoteJWKSet(new URL(url), { timeoutDuration: 200 });
        await expect(createSessionVerifier({ projectId, keys: remote })(token), url).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      }
    } finally {
      provider.closeAllConnections();
      await new Promise((resolve) => provider.close(resolve));
    }
  });

  it('looks an unknown key id up once, not once per forged token, and a key without an id not at all', async () => {
    const known = await signingKey('K-known');
    const forger = await signingKey('K-forged');
    const { keys, lookups } = rotatingKeySet([known.jwk]);
    const verify = createSessionVerifier({ projectId, keys, now: () => nowMs });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await expect(verify(await mint(forger, { kid: forger.kid }))).rejects.toMatchObject(unauthenticated);
      await expect(verify(await mint(forger, {}))).rejects.toMatchObject(unauthenticated);
    }
    expect(lookups).toEqual([forger.kid]);
  });

  it('accepts a key published by a rotation once the memory of it being unknown has expired', async () => {
    let clock = nowMs;
    const old = await signingKey('K-old');
    const next = await signingKey('K-next');
    const { keys, lookups, publish } = rotatingKeySet([old.jwk]);
    const verify = createSessionVerifier({ projectId, keys, now: () => clock });
    const early = await mint(next, { kid: next.kid });
    await expect(verify(early)).rejects.toMatchObject(unauthenticated);

    publish([next.jwk, old.jwk]);
    clock += unknownKeyMemoryMs - 1;
    await expect(verify(early)).rejects.toMatchObject(unauthenticated);
    clock += 1;
    await expect(verify(early)).resolves.toMatchObject({ sub: 'U-someone' });
    expect(lookups).toEqual([next.kid, next.kid]);
  });

  it('remembers a bounded number of unknown key ids, forgetting the oldest', async () => {
    const known = await signingKey('K-known');
    const { keys, lookups } = rotatingKeySet([known.jwk]);
    const verify = createSessionVerifier({ projectId, keys, now: () => nowMs, unknownKeyIdsMax: 2 });
    const tokens = await Promise.all(['K-1', 'K-2', 'K-3'].map((kid) => mint(known, { kid })));
    for (const token of [...tokens, tokens[2]!, tokens[1]!, tokens[0]!]) await expect(verify(token)).rejects.toMatchObject(unauthenticated);
    // K-1 was forgotten when K-3 came; K-2 and K-3 were not asked for again.
    expect(lookups).toEqual(['K-1', 'K-2', 'K-3', 'K-1']);
  });
});
