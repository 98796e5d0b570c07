import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

export type SessionTokenOptions = {
  /** The embedded provider's mark of a one-factor session under a policy that asks for two. */
  mfaRequired?: boolean;
  sub: string;
  dct?: string;
  tenants?: Record<string, { roles: string[] }>;
  /** The provider's session (refresh family) id. */
  sid?: string;
  expiresInSeconds?: number;
  drn?: 'DS' | 'DSR';
  issuer?: string;
  /** How the person signed in (default: a password alone). */
  amr?: string[];
  /** When the person signed in (epoch seconds), as a provider that says so puts it. */
  authTime?: number;
};

/**
 * A stand-in for the provider's key endpoint (GET /v2/keys/{projectId}) on loopback, with a key
 * to sign session tokens. The server fetches keys from it over HTTP exactly as in production.
 */
export const startTestJwksServer = async (projectId: string) => {
  const { publicKey, privateKey } = await generateKeyPair('ES384', { extractable: true });
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES384', use: 'sig' };
  const server = createServer((request, response) => {
    if (request.url === `/v2/keys/${projectId}`) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const mintSessionToken = async (options: SessionTokenOptions, key = privateKey) =>
    new SignJWT({
      drn: options.drn ?? 'DS',
      amr: options.amr ?? ['pwd'],
      ...(options.authTime === undefined ? {} : { auth_time: options.authTime }),
      roles: [],
      permissions: [],
      ...(options.tenants ? { tenants: options.tenants } : {}),
      ...(options.dct ? { dct: options.dct } : {}),
      ...(options.sid ? { sid: options.sid } : {}),
      ...(options.mfaRequired ? { mfa_required: true } : {}),
    })
      .setProtectedHeader({ alg: 'ES384', kid, typ: 'JWT' })
      .setSubject(options.sub)
      .setIssuer(options.issuer ?? projectId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + (options.expiresInSeconds ?? 600))
      .sign(key);

  return {
    baseUrl,
    mintSessionToken,
    /** A token signed by a key the JWKS does not publish under that kid: must be refused. */
    mintForgedToken: async (options: SessionTokenOptions) =>
      mintSessionToken(options, (await generateKeyPair('ES384')).privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
