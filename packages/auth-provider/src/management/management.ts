import { type SQL, and, count, desc, eq, gte, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import type { AuthDb } from '../database.ts';
import { randomId, randomToken, sha256 } from '../crypto.ts';
import { accessKeys, authEvents, loginIds, outboxMessages, refreshTokens, tenants, userTenants, users } from '../schema/index.ts';
import { normaliseLoginId } from '../users/users.repository.ts';

export type ManagedUser = {
  userId: string;
  email: string;
  givenName: string;
  familyName: string;
  phone?: string | null;
  /** Tenant id → role names in that tenant. */
  tenants: Record<string, string[]>;
  /** An argon2 hash; one hash may be shared (the demo password) so that seeding stays fast. */
  passwordHash?: string | null;
};

/**
 * How the application manages the provider's users and tenants, in process. Disabling a user ends
 * all their sessions at once.
 */
export const createAuthManagement = (db: AuthDb) => {
  const revokeAll = (userId: string, reason: string) =>
    db
      .update(refreshTokens)
      .set({ status: 'revoked', revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(refreshTokens.userId, userId), sql`${refreshTokens.status} <> 'revoked'`));

  return {
    upsertTenants: async (list: { id: string; name: string }[]) => {
      if (!list.length) return;
      await db
        .insert(tenants)
        .values(list)
        .onConflictDoUpdate({ target: tenants.id, set: { name: sql`excluded.name` } });
    },
    /** Creates or updates users with their email login id and tenant roles, in batches. */
    upsertUsers: async (list: ManagedUser[]) => {
      for (let i = 0; i < list.length; i += 400) {
        const batch = list.slice(i, i + 400);
        await db.transaction(async (tx) => {
          await tx
            .insert(users)
            .values(
              batch.map((u) => ({
                id: u.userId,
                email: u.email,
                phone: u.phone ?? null,
                name: `${u.givenName} ${u.familyName}`.trim(),
                givenName: u.givenName,
                familyName: u.familyName,
                verifiedEmail: true,
                passwordHash: u.passwordHash ?? null,
              })),
            )
            .onConflictDoUpdate({
              target: users.id,
              set: {
                email: sql`excluded.email`,
                name: sql`excluded.name`,
                givenName: sql`excluded.given_name`,
                familyName: sql`excluded.family_name`,
                updatedAt: new Date(),
              },
            });
          await tx
            .insert(loginIds)
            .values(batch.flatMap((u) => [u.email, ...(u.phone ? [u.phone] : [])].map((id) => ({ loginId: normaliseLoginId(id), userId: u.userId }))))
            .onConflictDoNothing();
          const memberships = batch.flatMap((u) => Object.entries(u.tenants).map(([tenantId, roleNames]) => ({ userId: u.userId, tenantId, roleNames })));
          if (memberships.length) {
            await tx
              .insert(userTenants)
              .values(memberships)
              .onConflictDoUpdate({ target: [userTenants.userId, userTenants.tenantId], set: { roleNames: sql`excluded.role_names` } });
          }
        });
      }
    },
    /** Replaces a user's tenant memberships with exactly these. */
    setUserTenants: async (userId: string, memberships: Record<string, string[]>) => {
      const ids = Object.keys(memberships);
      await db.transaction(async (tx) => {
        await tx.delete(userTenants).where(and(eq(userTenants.userId, userId), ids.length ? notInArray(userTenants.tenantId, ids) : sql`true`));
        if (ids.length) {
          await tx
            .insert(userTenants)
            .values(ids.map((tenantId) => ({ userId, tenantId, roleNames: memberships[tenantId]! })))
            .onConflictDoUpdate({ target: [userTenants.userId, userTenants.tenantId], set: { roleNames: sql`excluded.role_names` } });
        }
      });
    },
    /** A disabled tenant disappears from its members' tokens and can no longer be selected. */
    setTenantDisabled: async (tenantId: string, isDisabled: boolean) => db.update(tenants).set({ isDisabled }).where(eq(tenants.id, tenantId)),
    disableUser: async (userId: string) => {
      await db.update(users).set({ status: 'disabled', updatedAt: new Date() }).where(eq(users.id, userId));
      await revokeAll(userId, 'user disabled');
    },
    enableUser: async (userId: string) => db.update(users).set({ status: 'enabled', updatedAt: new Date() }).where(eq(users.id, userId)),
    /**
     * A new access key. The returned `accessKey` is the only time its secret exists outside the
     * caller's hands: only its hash is stored.
     */
    createAccessKey: async (key: { name: string; tenantRoles: Record<string, string[]>; roleNames?: string[]; expiresAt?: Date; createdBy?: string }) => {
      const accessKey = `VAK_${randomToken(32)}`;
      const id = randomId('AK');
      await db.insert(accessKeys).values({
        id,
        name: key.name,
        secretHash: sha256(accessKey),
        tenantRoles: key.tenantRoles,
        roleNames: key.roleNames ?? [],
        expiresAt: key.expiresAt,
        createdBy: key.createdBy,
      });
      return { id, accessKey };
    },
    revokeAccessKey: async (id: string) => db.update(accessKeys).set({ revokedAt: new Date() }).where(eq(accessKeys.id, id)),
    /** Keys that include a tenant, without their secrets. */
    listAccessKeys: async (tenantId: string) =>
      (await db.select().from(accessKeys).where(sql`${accessKeys.tenantRoles} ? ${tenantId}`)).map(({ secretHash: _secret, ...key }) => key),
    /** Outbox messages addressed to these users' email or phone, newest first. */
    listOutboxFor: async (userIds: string[], limit = 100) => {
      if (!userIds.length) return [];
      return db
        .selectDistinct({
          id: outboxMessages.id,
          channel: outboxMessages.channel,
          recipient: outboxMessages.recipient,
          subject: outboxMessages.subject,
          body: outboxMessages.body,
          createdAt: outboxMessages.createdAt,
        })
        .from(outboxMessages)
        .innerJoin(users, or(eq(sql`lower(${users.email})`, sql`lower(${outboxMessages.recipient})`), eq(users.phone, outboxMessages.recipient)))
        .where(inArray(users.id, userIds))
        .orderBy(desc(outboxMessages.createdAt))
        .limit(limit);
    },
    /** Sign-in attempts and other auth events of these users, newest first, with the total for paging. */
    listAuthEvents: async (filter: { userIds: string[]; from?: Date; to?: Date; success?: boolean; limit: number; offset: number }) => {
      if (!filter.userIds.length) return { total: 0, events: [] };
      const conditions: SQL[] = [inArray(authEvents.userId, filter.userIds)];
      if (filter.from) conditions.push(gte(authEvents.createdAt, filter.from));
      if (filter.to) conditions.push(lt(authEvents.createdAt, filter.to));
      if (filter.success !== undefined) conditions.push(eq(authEvents.success, filter.success));
      const where = and(...conditions);
      const [{ total }] = (await db.select({ total: count() }).from(authEvents).where(where)) as [{ total: number }];
      const events = await db.select().from(authEvents).where(where).orderBy(desc(authEvents.createdAt), desc(authEvents.id)).limit(filter.limit).offset(filter.offset);
      return { total, events };
    },
    countUsers: async (ids: string[]) =>
      ids.length ? (await db.select({ n: sql<number>`count(*)::int` }).from(users).where(inArray(users.id, ids)))[0]!.n : 0,
  };
};

export type AuthManagement = ReturnType<typeof createAuthManagement>;
