import { type SQL, and, count, desc, eq, getTableColumns, gt, gte, inArray, isNotNull, isNull, lt, min, ne, notInArray, or, sql } from 'drizzle-orm';
import type { AuthDb } from '../database.ts';
import { randomId, randomToken, sha256 } from '../crypto.ts';
import {
  accessKeys,
  authEvents,
  loginIds,
  outboxMessages,
  passkeys,
  recoveryCodes,
  refreshTokens,
  signInPolicies,
  tenants,
  totpSecrets,
  userTenants,
  users,
} from '../schema/index.ts';
import { normaliseLoginId, usersRepository } from '../users/users.repository.ts';
import { authEventsLog } from '../http/auth-events.ts';
import { confirmNotp, findNotpRequestById, notpOutboxChannel, notpRequestIdOf } from '../methods/notp.ts';
import type { ClientInfo } from '../sessions/sessions.ts';

/** One signed-in browser or device: a refresh-token family, described by its current token. */
export type ManagedSession = {
  familyId: string;
  /** When the family's first token was issued: the sign-in. */
  signedInAt: Date;
  /** When its current token was issued: the last refresh. */
  lastActiveAt: Date;
  /** The current token's expiry; the family ends then unless it refreshes. */
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
  amr: string[];
};

export type ManagedUser = {
  userId: string;
  email: string;
  givenName: string;
  familyName: string;
  phone?: string | null;
  /** The phone was confirmed with a code (as the provider's own phone update does): a second factor. */
  verifiedPhone?: boolean;
  /** Tenant id → role names in that tenant. */
  tenants: Record<string, string[]>;
  /** An argon2 hash; one hash may be shared (the demo password) so that seeding stays fast. */
  passwordHash?: string | null;
};

/**
 * How the application manages the provider's users and tenants, in process. Disabling a user ends
 * all their sessions at once.
 */
/**
 * Whether an attempt came from a device (its keyed device id) none of the person's earlier
 * successful sign-ins came from: the login logs mark it. Attempts without a device id are not.
 */
// Written with the outer table named: inside one table's select Drizzle leaves its columns unqualified.
const fromNewDevice = sql<boolean>`("auth_events"."device_id" is not null and not exists (select 1 from ${authEvents} as earlier where earlier.user_id = "auth_events"."user_id" and earlier.device_id = "auth_events"."device_id" and earlier.success and earlier.event = 'signin' and earlier.created_at < "auth_events"."created_at"))`;

/** Which auth events an organisation's log shows: its people's, optionally narrowed. */
export type AuthEventFilter = { userIds: string[]; events?: string[]; from?: Date; to?: Date; success?: boolean };

const authEventConditions = (filter: AuthEventFilter) => {
  const conditions: SQL[] = [inArray(authEvents.userId, filter.userIds)];
  if (filter.events) conditions.push(inArray(authEvents.event, filter.events));
  if (filter.from) conditions.push(gte(authEvents.createdAt, filter.from));
  if (filter.to) conditions.push(lt(authEvents.createdAt, filter.to));
  if (filter.success !== undefined) conditions.push(eq(authEvents.success, filter.success));
  return and(...conditions)!;
};

export const createAuthManagement = (db: AuthDb) => {
  const revokeAll = (userId: string, reason: string) =>
    db
      .update(refreshTokens)
      .set({ status: 'revoked', revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(refreshTokens.userId, userId), sql`${refreshTokens.status} <> 'revoked'`));

  /** Revokes the user's families matching `which`; answers how many families were still open. */
  const revokeFamilies = async (userId: string, which: SQL, reason: string) => {
    const revoked = await db
      .update(refreshTokens)
      .set({ status: 'revoked', revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(refreshTokens.userId, userId), which, eq(refreshTokens.status, 'active'), gt(refreshTokens.expiresAt, new Date())))
      .returning({ familyId: refreshTokens.familyId });
    // Close the families' rotated tokens too, so a replayed old token is refused as "revoked"
    // rather than reported as a reuse.
    const familyIds = [...new Set(revoked.map((row) => row.familyId))];
    if (familyIds.length) {
      await db
        .update(refreshTokens)
        .set({ status: 'revoked', revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(refreshTokens.userId, userId), inArray(refreshTokens.familyId, familyIds), sql`${refreshTokens.status} <> 'revoked'`));
    }
    return familyIds.length;
  };

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
                verifiedPhone: Boolean(u.phone && u.verifiedPhone),
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
    /** Ends every session (and refresh family) of the user; they may sign in again. */
    revokeAllSessions: async (userId: string, reason = 'signed out everywhere') => {
      await revokeAll(userId, reason);
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
    /**
     * Sets a person's sign-in policy (adaptive controls), read at their next sign-in and refresh;
     * null removes it. A session signed in before keeps going, but its next refresh applies a
     * shorter lifetime, and a new MFA requirement marks the sessions issued from then on.
     */
    setSignInPolicy: async (userId: string, policy: { requireMfa: boolean; sessionMaxSeconds: number | null; reason: string } | null) => {
      if (!policy) return void (await db.delete(signInPolicies).where(eq(signInPolicies.userId, userId)));
      const row = { userId, ...policy, updatedAt: new Date() };
      await db.insert(signInPolicies).values(row).onConflictDoUpdate({ target: signInPolicies.userId, set: row });
    },
    /**
     * What each user can prove who they are with: a password, a verified email, a verified phone
     * (one-time codes by SMS), an authenticator app, passkeys, and whether a sign-in policy requires
     * a confirmed second factor (adaptive controls).
     */
    describeFactors: async (userIds: readonly string[]) => {
      const described: {
        userId: string;
        password: boolean;
        email: boolean;
        phone: boolean;
        authenticatorApp: boolean;
        passkey: boolean;
        /** A confirmed phone, an authenticator app or a passkey: more than a phishing page can ask for once. */
        secondFactor: boolean;
        stepUpRequired: boolean;
      }[] = [];
      for (let start = 0; start < userIds.length; start += 5000) {
        const chunk = [...userIds.slice(start, start + 5000)];
        const rows = await db
          .select({
            userId: users.id,
            passwordHash: users.passwordHash,
            verifiedEmail: users.verifiedEmail,
            verifiedPhone: users.verifiedPhone,
            phone: users.phone,
            requireMfa: signInPolicies.requireMfa,
            authenticatorApp: sql<boolean>`${totpSecrets.secretEncrypted} is not null`,
            passkey: sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id})`,
          })
          .from(users)
          .leftJoin(signInPolicies, eq(signInPolicies.userId, users.id))
          .leftJoin(totpSecrets, eq(totpSecrets.userId, users.id))
          .where(inArray(users.id, chunk));
        for (const row of rows) {
          const phone = row.verifiedPhone && Boolean(row.phone);
          const authenticatorApp = Boolean(row.authenticatorApp);
          const passkey = Boolean(row.passkey);
          described.push({
            userId: row.userId,
            password: row.passwordHash !== null,
            email: row.verifiedEmail,
            phone,
            authenticatorApp,
            passkey,
            secondFactor: phone || authenticatorApp || passkey,
            stepUpRequired: row.requireMfa ?? false,
          });
        }
      }
      return described;
    },
    /** A person's own second factors, for their account settings: never a secret or a public key. */
    listFactors: async (userId: string) => {
      const [totp] = await db.select({ confirmedAt: totpSecrets.confirmedAt }).from(totpSecrets).where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.secretEncrypted))).limit(1);
      const keys = await db
        .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt, backedUp: passkeys.backedUp })
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(passkeys.createdAt);
      const [codes] = await db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return { authenticatorApp: totp ? { confirmedAt: totp.confirmedAt } : null, passkeys: keys, recoveryCodesLeft: Number(codes?.n ?? 0) };
    },
    getSignInPolicy: async (userId: string) => (await db.select().from(signInPolicies).where(eq(signInPolicies.userId, userId)).limit(1))[0] ?? null,
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
    /**
     * Confirms a WhatsApp login waiting in the outbox (no Twilio: the message cannot arrive), as the
     * webhook does for a message from the phone it names. Scoped like `listOutboxFor`: only a
     * request addressed to one of these users is found. The attempt is recorded as an auth event.
     * @returns `not-found` (no such waiting request for these users), `gone` (expired, used, or the
     * account cannot sign in) or `confirmed`, with the user it signs in.
     */
    confirmWhatsAppFromOutbox: async (messageId: string, userIds: string[], client: ClientInfo = {}) => {
      if (!userIds.length || !notpRequestIdOf(messageId)) return { outcome: 'not-found' as const };
      const [message] = await db
        .select({ id: outboxMessages.id, recipient: outboxMessages.recipient, userId: users.id })
        .from(outboxMessages)
        .innerJoin(users, or(eq(sql`lower(${users.email})`, sql`lower(${outboxMessages.recipient})`), eq(users.phone, outboxMessages.recipient)))
        .where(and(eq(outboxMessages.id, messageId), eq(outboxMessages.channel, notpOutboxChannel), inArray(users.id, userIds)))
        .limit(1);
      const request = message ? await findNotpRequestById(db, notpRequestIdOf(message.id)!) : undefined;
      if (!message || !request?.userId || !userIds.includes(request.userId)) return { outcome: 'not-found' as const };
      // An organisation's superadmin speaks for its own people only: someone another organisation
      // also holds (a managed-service operator) would get a session reaching that one too.
      const memberships = await db.select({ tenantId: userTenants.tenantId }).from(userTenants).where(eq(userTenants.userId, request.userId));
      if (memberships.length > 1) return { outcome: 'not-found' as const };
      const result = await confirmNotp(db, request, message.recipient);
      await authEventsLog(db).record(
        {
          event: 'notp.confirm',
          method: 'notp',
          success: result.confirmed,
          userId: result.userId ?? request.userId,
          loginId: message.recipient,
          reason: result.confirmed ? 'confirmed from the operator outbox' : result.reason,
        },
        client,
      );
      return result.confirmed ? { outcome: 'confirmed' as const, userId: result.userId } : { outcome: 'gone' as const, reason: result.reason };
    },
    /** Sign-in attempts and other auth events of these users, newest first, with the total for paging. */
    listAuthEvents: async (filter: AuthEventFilter & { limit: number; offset: number }) => {
      if (!filter.userIds.length) return { total: 0, events: [] };
      const where = authEventConditions(filter);
      const [{ total }] = (await db.select({ total: count() }).from(authEvents).where(where)) as [{ total: number }];
      const events = await db
        .select({ ...getTableColumns(authEvents), newDevice: fromNewDevice })
        .from(authEvents)
        .where(where)
        .orderBy(desc(authEvents.createdAt), desc(authEvents.id))
        .limit(filter.limit)
        .offset(filter.offset);
      return { total, events };
    },
    /**
     * The same events newest first, keyset-paged for exports: up to `limit` events after `after`,
     * the `[sortKey, id]` of the last one read. `sortKey` is the database's own text of the time, so
     * events of the same millisecond are neither repeated nor skipped.
     */
    listAuthEventsAfter: async (filter: AuthEventFilter, after: readonly [string, string] | undefined, limit: number) => {
      if (!filter.userIds.length) return [];
      const conditions = [authEventConditions(filter)];
      if (after) conditions.push(sql`(${authEvents.createdAt}, ${authEvents.id}) < (${after[0]}::timestamptz, ${after[1]})`);
      return db
        .select({ event: { ...getTableColumns(authEvents), newDevice: fromNewDevice }, sortKey: sql<string>`${authEvents.createdAt}::text` })
        .from(authEvents)
        .where(and(...conditions))
        .orderBy(desc(authEvents.createdAt), desc(authEvents.id))
        .limit(limit);
    },
    /** Renames a tenant the provider knows; one it does not know is left alone. */
    renameTenant: async (tenantId: string, name: string) => db.update(tenants).set({ name }).where(eq(tenants.id, tenantId)),
    /** Changes a user's display names (the login id stays). */
    updateUserNames: async (userId: string, names: { givenName: string; familyName: string }) =>
      db
        .update(users)
        .set({ givenName: names.givenName, familyName: names.familyName, name: `${names.givenName} ${names.familyName}`.trim(), updatedAt: new Date() })
        .where(eq(users.id, userId)),
    /**
     * The user's open sessions, most recently active first: families whose current token has
     * not expired. Only its own user's families are ever read.
     */
    listSessions: async (userId: string): Promise<ManagedSession[]> => {
      const current = await db
        .select()
        .from(refreshTokens)
        .where(and(eq(refreshTokens.userId, userId), eq(refreshTokens.status, 'active'), gt(refreshTokens.expiresAt, new Date())))
        .orderBy(desc(refreshTokens.createdAt));
      if (!current.length) return [];
      const starts = await db
        .select({ familyId: refreshTokens.familyId, signedInAt: min(refreshTokens.createdAt) })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.userId, userId), inArray(refreshTokens.familyId, current.map((row) => row.familyId))))
        .groupBy(refreshTokens.familyId);
      const signedInAt = new Map(starts.map((row) => [row.familyId, row.signedInAt]));
      return current.map((row) => ({
        familyId: row.familyId,
        signedInAt: signedInAt.get(row.familyId) ?? row.createdAt,
        lastActiveAt: row.createdAt,
        expiresAt: row.expiresAt,
        ip: row.ip,
        userAgent: row.userAgent,
        amr: row.amr,
      }));
    },
    /**
     * Ends one of the user's sessions: its refresh token stops working, so the browser holding it
     * is signed out at its next refresh (session tokens already issued live out their short TTL).
     * @returns false when the user has no such open session (another user's family included)
     */
    revokeSession: async (userId: string, familyId: string) =>
      (await revokeFamilies(userId, eq(refreshTokens.familyId, familyId), 'revoked by user')) > 0,
    /** Ends every open session of the user but the one named; answers how many were ended. */
    revokeOtherSessions: (userId: string, currentFamilyId: string) =>
      revokeFamilies(userId, ne(refreshTokens.familyId, currentFamilyId), 'revoked by user: other sessions'),
    /**
     * Who already signs in with these emails (as their email or a login id): normalised email → user id.
     * An email belongs to one user across every tenant, so the host checks before giving it to someone.
     */
    findUsersByEmail: async (emails: string[]) => {
      const wanted = [...new Set(emails.map(normaliseLoginId))];
      if (!wanted.length) return new Map<string, string>();
      const byEmail = await db
        .select({ email: sql<string>`lower(${users.email})`, userId: users.id })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, wanted));
      const byLoginId = await db.select({ email: loginIds.loginId, userId: loginIds.userId }).from(loginIds).where(inArray(loginIds.loginId, wanted));
      return new Map([...byLoginId, ...byEmail].map((row) => [row.email, row.userId]));
    },
    /**
     * Moves a user's email to a new address: the login id that was the old address follows it, so
     * the old mailbox no longer signs in.
     * @returns false when the user does not exist or another user signs in with the new address.
     */
    changeUserEmail: async (userId: string, email: string) => {
      const repository = usersRepository(db);
      const user = await repository.findById(userId);
      if (!user) return false;
      if (normaliseLoginId(user.email ?? '') === normaliseLoginId(email) && user.email === email) return true;
      return repository.applyConfirmedUpdate(user, 'email', email);
    },
    countUsers: async (ids: string[]) =>
      ids.length ? (await db.select({ n: sql<number>`count(*)::int` }).from(users).where(inArray(users.id, ids)))[0]!.n : 0,
  };
};

export type AuthManagement = ReturnType<typeof createAuthManagement>;
