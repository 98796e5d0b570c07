import { and, eq, sql } from 'drizzle-orm';
import type { AuthDb } from '../database.ts';
import { loginIds, tenants, userTenants, users } from '../schema/index.ts';

export type UserRow = typeof users.$inferSelect;

/** Login ids compare case-insensitively for emails; phones are kept as given (+ and digits). */
export const normaliseLoginId = (loginId: string) => loginId.trim().toLowerCase();

export const usersRepository = (db: AuthDb) => ({
  findByLoginId: async (loginId: string) =>
    (
      await db
        .select({ user: users })
        .from(loginIds)
        .innerJoin(users, eq(users.id, loginIds.userId))
        .where(eq(loginIds.loginId, normaliseLoginId(loginId)))
        .limit(1)
    )[0]?.user,
  findById: async (userId: string) => (await db.select().from(users).where(eq(users.id, userId)).limit(1))[0],
  /**
   * The enabled person a phone number is theirs: as a login id, or as a phone they confirmed
   * (a WhatsApp message from it then vouches for them). The login id wins.
   */
  findEnabledByPhone: async (phone: string) => {
    const [byLoginId] = await db
      .select({ user: users })
      .from(loginIds)
      .innerJoin(users, eq(users.id, loginIds.userId))
      .where(and(eq(loginIds.loginId, normaliseLoginId(phone)), eq(users.status, 'enabled')))
      .limit(1);
    if (byLoginId) return byLoginId.user;
    const [byPhone] = await db
      .select()
      .from(users)
      .where(and(eq(users.phone, phone.trim()), eq(users.verifiedPhone, true), eq(users.status, 'enabled')))
      .limit(1);
    return byPhone;
  },
  /** Emails first: the SDK remembers `loginIds[0]` as the last user, and people recognise their email. */
  listLoginIds: async (userId: string) =>
    (
      await db
        .select({ loginId: loginIds.loginId })
        .from(loginIds)
        .where(eq(loginIds.userId, userId))
        .orderBy(sql`position('@' in ${loginIds.loginId}) = 0`, loginIds.createdAt, loginIds.loginId)
    ).map((r) => r.loginId),
  listTenants: async (userId: string) =>
    db
      .select({ tenantId: tenants.id, tenantName: tenants.name, roleNames: userTenants.roleNames })
      .from(userTenants)
      .innerJoin(tenants, eq(tenants.id, userTenants.tenantId))
      .where(and(eq(userTenants.userId, userId), eq(tenants.isDisabled, false)))
      .orderBy(tenants.name),
  recordPasswordFailure: async (userId: string, lockAfter: number) =>
    (
      await db
        .update(users)
        .set({
          failedPasswordAttempts: sql`${users.failedPasswordAttempts} + 1`,
          lockedAt: sql`case when ${users.failedPasswordAttempts} + 1 >= ${lockAfter} then now() else ${users.lockedAt} end`,
        })
        .where(eq(users.id, userId))
        .returning({ attempts: users.failedPasswordAttempts, lockedAt: users.lockedAt })
    )[0],
  clearPasswordFailures: async (userId: string) =>
    db.update(users).set({ failedPasswordAttempts: 0, lockedAt: null }).where(eq(users.id, userId)),
  setPasswordHash: async (userId: string, passwordHash: string) =>
    db
      .update(users)
      .set({ passwordHash, failedPasswordAttempts: 0, lockedAt: null, updatedAt: new Date() })
      .where(eq(users.id, userId)),
  markEmailVerified: async (userId: string) => db.update(users).set({ verifiedEmail: true }).where(eq(users.id, userId)),
  /**
   * Applies a confirmed new email or phone: the user's field changes and the login id that was the
   * old value follows it, so the person signs in with the new one.
   * @returns false when another user signs in with that value already.
   */
  applyConfirmedUpdate: async (user: UserRow, channel: string, value: string) =>
    db.transaction(async (tx) => {
      const field = channel === 'email' ? 'email' : 'phone';
      const newLoginId = normaliseLoginId(value);
      const [taken] = await tx.select().from(loginIds).where(eq(loginIds.loginId, newLoginId)).limit(1);
      if (taken && taken.userId !== user.id) return false;
      const old = user[field];
      if (old) await tx.delete(loginIds).where(and(eq(loginIds.userId, user.id), eq(loginIds.loginId, normaliseLoginId(old))));
      await tx.insert(loginIds).values({ loginId: newLoginId, userId: user.id }).onConflictDoNothing();
      await tx
        .update(users)
        .set(field === 'email' ? { email: value, verifiedEmail: true, updatedAt: new Date() } : { phone: value, verifiedPhone: true, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      return true;
    }),
});
