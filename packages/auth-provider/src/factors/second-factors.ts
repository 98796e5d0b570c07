import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { AuthDb } from '../database.ts';
import { passkeys, totpSecrets } from '../schema/index.ts';

export type SecondFactors = { totp: boolean; passkeys: number };

/**
 * What a person has set up beyond their first factor: a confirmed authenticator app and passkeys.
 * Whoever has one is asked for it at every sign-in with a weaker method (sessions.needsMfa).
 */
export const secondFactorsOf = async (db: AuthDb, userId: string): Promise<SecondFactors> => {
  const [[totp], [keys]] = await Promise.all([
    db.select({ userId: totpSecrets.userId }).from(totpSecrets).where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.secretEncrypted))).limit(1),
    db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
  ]);
  return { totp: Boolean(totp), passkeys: Number(keys?.n ?? 0) };
};

export const hasSecondFactor = (factors: SecondFactors) => factors.totp || factors.passkeys > 0;
