import { randomId } from '../crypto.ts';
import type { AuthDb } from '../database.ts';
import { loginIds, users } from '../schema/index.ts';
import { type UserRow, normaliseLoginId } from './users.repository.ts';

export type NewUserProfile = Partial<Pick<UserRow, 'email' | 'phone' | 'name' | 'givenName' | 'familyName' | 'passwordHash' | 'roleNames' | 'verifiedEmail'>> & {
  userId?: string;
};

/** A user and their first login id, in one transaction. */
export const createUserWithLoginId = (db: AuthDb, loginId: string, profile: NewUserProfile): Promise<UserRow> =>
  db.transaction(async (tx) => {
    const { userId, ...fields } = profile;
    const [user] = await tx.insert(users).values({ id: userId ?? randomId('U'), ...fields }).returning();
    await tx.insert(loginIds).values({ loginId: normaliseLoginId(loginId), userId: user!.id });
    return user!;
  });
