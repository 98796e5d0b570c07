import { type JWK, type JWTHeaderParameters, exportJWK, generateKeyPair, importJWK, errors as joseErrors } from 'jose';
import { desc, eq, isNull, or, gt } from 'drizzle-orm';
import { decryptText, encryptText, randomId } from '../crypto.ts';
import type { AuthDb } from '../database.ts';
import { signingKeys } from '../schema/index.ts';

export const signingAlgorithm = 'ES384';

// jose's key types, named without relying on the DOM library being in the compiler's lib.
type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
type VerifyingKey = Awaited<ReturnType<typeof importJWK>>;
type SigningKey = { kid: string; privateKey: PrivateKey };

/**
 * The provider's key ring. One current key signs; retired keys stay published until the longest
 * token they could have signed (a refresh token) has expired.
 */
export const createKeyRing = (
  db: AuthDb,
  secret: Buffer,
  publishRetiredForSeconds: number,
  onUndecryptableKey: (kid: string) => void = () => undefined,
) => {
  let current: SigningKey | undefined;
  const publicKeys = new Map<string, VerifyingKey>();

  const createKey = async () => {
    const { publicKey, privateKey } = await generateKeyPair(signingAlgorithm, { extractable: true });
    const kid = randomId('K');
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: signingAlgorithm, use: 'sig' };
    await db.insert(signingKeys).values({
      kid,
      algorithm: signingAlgorithm,
      publicJwk,
      privateJwkEncrypted: encryptText(secret, JSON.stringify(await exportJWK(privateKey))),
    });
    return kid;
  };

  const newestUsable = () =>
    db.select().from(signingKeys).where(isNull(signingKeys.retiredAt)).orderBy(desc(signingKeys.createdAt)).limit(1);

  /**
   * The newest key not retired. A key this secret cannot decrypt (the secret was replaced) is
   * retired, not fatal: its public half stays published, and a new key takes over signing.
   */
  const loadCurrent = async (): Promise<SigningKey> => {
    for (;;) {
      const [row] = await newestUsable();
      if (!row) {
        await createKey();
        continue;
      }
      try {
        const privateJwk = JSON.parse(decryptText(secret, row.privateJwkEncrypted)) as JWK;
        return { kid: row.kid, privateKey: (await importJWK(privateJwk, signingAlgorithm)) as PrivateKey };
      } catch {
        onUndecryptableKey(row.kid);
        await db.update(signingKeys).set({ retiredAt: new Date() }).where(eq(signingKeys.kid, row.kid));
      }
    }
  };

  const publishedRows = () =>
    db
      .select()
      .from(signingKeys)
      .where(or(isNull(signingKeys.retiredAt), gt(signingKeys.retiredAt, new Date(Date.now() - publishRetiredForSeconds * 1000))))
      .orderBy(desc(signingKeys.createdAt));

  return {
    signingKey: async () => (current ??= await loadCurrent()),
    /** The JWKS document: every key a token still in circulation may have been signed with. */
    jwks: async () => ({ keys: (await publishedRows()).map((row) => row.publicJwk) }),
    /** For verifying our own tokens in-process (jose's key-resolver shape). */
    resolveKey: async (header: JWTHeaderParameters) => {
      const kid = header.kid ?? '';
      const cached = publicKeys.get(kid);
      if (cached) return cached;
      const [row] = (await publishedRows()).filter((r) => r.kid === kid);
      // Said the way a JWKS says it, so a verifier can tell a forged key id from a database outage.
      if (!row) throw new joseErrors.JWKSNoMatchingKey(`unknown signing key ${kid}`);
      const key = await importJWK(row.publicJwk as JWK, signingAlgorithm);
      publicKeys.set(kid, key);
      return key;
    },
    /** Starts signing with a new key; the old one stays published for verification. */
    rotate: async () => {
      const old = await loadCurrent();
      await db.update(signingKeys).set({ retiredAt: new Date() }).where(eq(signingKeys.kid, old.kid));
      await createKey();
      current = await loadCurrent();
      return current.kid;
    },
  };
};

export type KeyRing = ReturnType<typeof createKeyRing>;
