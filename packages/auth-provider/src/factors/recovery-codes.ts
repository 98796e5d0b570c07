import { randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { keyedHash, randomId } from '../crypto.ts';
import type { AuthDb } from '../database.ts';
import { recoveryCodes } from '../schema/index.ts';

/** Letters and digits nobody confuses when reading them off paper (no 0/o, 1/l/i). */
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
export const recoveryCodeCount = 10;

/** How a typed code compares: case, spaces and dashes do not matter. */
const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

const newCode = () => {
  const characters = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${characters.slice(0, 5)}-${characters.slice(5)}`;
};

/**
 * A fresh set of recovery codes for the person; the previous set stops working. Only keyed hashes
 * are kept: the codes are shown once, in this answer.
 */
export const generateRecoveryCodes = async (db: AuthDb, secret: Buffer, userId: string) => {
  const codes = Array.from({ length: recoveryCodeCount }, newCode);
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((code) => ({ id: randomId('R'), userId, codeHash: keyedHash(secret, normalise(code)) })));
  });
  return codes;
};

/** Uses one of the person's codes: true when it was theirs and unused (it is now used). */
export const useRecoveryCode = async (db: AuthDb, secret: Buffer, userId: string, code: string) => {
  const [used] = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, keyedHash(secret, normalise(code))), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return Boolean(used);
};

export const recoveryCodesLeft = async (db: AuthDb, userId: string) =>
  Number((await db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))))[0]?.n ?? 0);
