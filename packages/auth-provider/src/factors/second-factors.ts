import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
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

/** The same for many users at once, one query each: user id → factors (users without any are left out). */
export const secondFactorsOfUsers = async (db: AuthDb, userIds: readonly string[]): Promise<Map<string, SecondFactors>> => {
  const factors = new Map<string, SecondFactors>();
  if (!userIds.length) return factors;
  const [apps, keys] = await Promise.all([
    db.select({ userId: totpSecrets.userId }).from(totpSecrets).where(and(inArray(totpSecrets.userId, [...userIds]), isNotNull(totpSecrets.secretEncrypted))),
    db.select({ userId: passkeys.userId, n: count() }).from(passkeys).where(inArray(passkeys.userId, [...userIds])).groupBy(passkeys.userId),
  ]);
  const of = (userId: string) => factors.get(userId) ?? factors.set(userId, { totp: false, passkeys: 0 }).get(userId)!;
  for (const row of apps) of(row.userId).totp = true;
  for (const row of keys) of(row.userId).passkeys = Number(row.n);
  return factors;
};

export const hasSecondFactor = (factors: SecondFactors) => factors.totp || factors.passkeys > 0;
