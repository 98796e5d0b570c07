import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { ProviderContext } from '../context.ts';
import { sameSecret, sha256 } from '../crypto.ts';
import { type AuthDb, isUniqueViolation } from '../database.ts';
import { AuthError } from '../errors.ts';
import { secondFactorsOfUsers } from '../factors/second-factors.ts';
import { documentRoute, emptyResponseSchema, userResponseSchema } from '../http/openapi.ts';
import { emailSchema, loginIdSchema, parseBody, phoneSchema, textSchema } from '../http/validation.ts';
import { loginIds, tenants, userTenants, users } from '../schema/index.ts';
import { presentUser } from '../users/user.presenter.ts';
import { type UserRow, normaliseLoginId, usersRepository } from '../users/users.repository.ts';
import { randomId } from '../crypto.ts';
import { createAuthManagement } from './management.ts';

/*
 * The management API (Descope's published /v1/mgmt and /v2/mgmt REST API, the subset a host needs to
 * keep its people's logins in step): create and update users, move a login id, enable and disable
 * (which ends every session), set tenant roles, sign a user out everywhere, load and search users,
 * create and rename tenants. Every call carries `Authorization: Bearer <project id>:<management key>`;
 * the provider keeps only the key's hash.
 */

const idSchema = textSchema(200).pipe(z.string().trim().min(1, { error: 'must not be empty' }));
const roleNamesSchema = z.array(textSchema(200)).max(100);
const userTenantsSchema = z.array(z.object({ tenantId: idSchema, roleNames: roleNamesSchema.default([]) })).max(1000);
// Kept as jsonb, which refuses half of a surrogate pair: such text is a bad request, not a server error.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const attributeTextSchema = textSchema(1000).refine((value) => !loneSurrogate.test(value), { error: 'must not contain half of a surrogate pair' });
/** Descope's custom attributes: names to text, numbers, yes/no, or lists of text. */
const customAttributesSchema = z
  .record(
    textSchema(100).regex(/^[A-Za-z][A-Za-z0-9_]*$/, { error: 'attribute names are letters, digits and _' }),
    z.union([attributeTextSchema, z.number().finite(), z.boolean(), z.null(), z.array(attributeTextSchema).max(100)]),
  )
  .refine((attributes) => Object.keys(attributes).length <= 50, { error: 'at most 50 custom attributes' });

/** The fields create and update share (Descope's UserOptions); others it accepts are not kept here. */
const userFields = {
  email: emailSchema.optional(),
  phone: phoneSchema.optional(),
  displayName: textSchema(200).optional(),
  givenName: textSchema(100).optional(),
  middleName: textSchema(100).optional(),
  familyName: textSchema(100).optional(),
  roleNames: roleNamesSchema.optional(),
  userTenants: userTenantsSchema.optional(),
  verifiedEmail: z.boolean().optional(),
  verifiedPhone: z.boolean().optional(),
  customAttributes: customAttributesSchema.optional(),
};
const createBodySchema = z.looseObject({ loginId: loginIdSchema, ...userFields });
const updateBodySchema = z.looseObject({ loginId: loginIdSchema.meta({ description: 'The login id or the user id' }), ...userFields });
const loginIdBodySchema = z.looseObject({ loginId: loginIdSchema, newLoginId: loginIdSchema });
const statusBodySchema = z.looseObject({ loginId: loginIdSchema, status: z.enum(['enabled', 'disabled']) });
const setRolesBodySchema = z.looseObject({ loginId: loginIdSchema, tenantId: idSchema.optional(), roleNames: roleNamesSchema });
const tenantMembershipBodySchema = z.looseObject({ loginId: loginIdSchema, tenantId: idSchema });
const logoutBodySchema = z
  .looseObject({ loginId: loginIdSchema.optional(), userId: idSchema.optional() })
  .refine((body) => body.loginId !== undefined || body.userId !== undefined, { error: 'loginId or userId is required', path: ['loginId'] });
const loadQuerySchema = z
  .looseObject({ loginId: loginIdSchema.optional(), userId: idSchema.optional() })
  .refine((query) => query.loginId !== undefined || query.userId !== undefined, { error: 'loginId or userId is required', path: ['loginId'] });
const listOf = (item: z.ZodString | z.ZodType<string>) => z.array(item).max(1000).optional();
const searchBodySchema = z.looseObject({
  emails: listOf(textSchema(320)),
  loginIds: listOf(textSchema(320)),
  userIds: listOf(textSchema(200)),
  tenantIds: listOf(textSchema(200)),
  statuses: z.array(z.enum(['enabled', 'disabled', 'invited', 'expired'])).max(4).optional(),
  limit: z.int().min(0).max(1000).optional(),
  page: z.int().min(0).optional(),
});
const tenantCreateBodySchema = z.looseObject({ id: idSchema.optional(), name: textSchema(200).pipe(z.string().trim().min(1, { error: 'name is required' })) });
const tenantUpdateBodySchema = z.looseObject({ id: idSchema, name: textSchema(200).pipe(z.string().trim().min(1, { error: 'name is required' })) });

const userAnswer = z.object({ user: userResponseSchema });
const mgmt = (summary: string, doc: { body?: z.ZodType; querystring?: z.ZodType; ok?: z.ZodType; errors?: (404 | 409)[] }) =>
  documentRoute({ summary, management: true, body: doc.body, querystring: doc.querystring, ok: doc.ok ?? userAnswer, errors: doc.errors });

/**
 * Checks `Bearer <project id>:<management key>` (the node SDK's form; with a refresh token between,
 * the key is the last part). Without a configured key every call is refused.
 */
const requireManagementKey = async (context: ProviderContext, request: FastifyRequest, keyHash: string | undefined) => {
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  const parts = match?.[1]?.split(':') ?? [];
  if (!parts[0] || parts[0] !== context.settings.projectId) throw new AuthError('unknownProject', 'The Authorization header must be "Bearer <project id>:<management key>"');
  // Guesses at the key are counted per address and refused once too many failed, before the key is
  // compared: while the window is full even the right key is refused, so guessing learns nothing.
  const failures = `ip:mgmt-key-failures:${request.ip ?? 'unknown'}`;
  await context.limiter.refuseIfFull(failures, context.settings.limits.managementKeyFailures);
  const key = parts.length > 1 ? parts[parts.length - 1]! : '';
  if (!keyHash || !key || !sameSecret(sha256(key), keyHash)) {
    if (keyHash) await context.limiter.countFailure(failures, context.settings.limits.managementKeyFailures);
    throw new AuthError('unauthorized', 'A valid management key is required: Bearer <project id>:<management key>');
  }
};

/** The shape of the user ids the provider makes (`randomId('U')`) and of the ones a host gives (UUIDs). */
const userIdShape = /^(U[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

const userNotFound = () => new AuthError('userNotFound', 'loginId: no user has this login id or user id');

export const managementRoutes = async (app: FastifyInstance, context: ProviderContext, managementKeyHash: string | undefined) => {
  const { db } = context;
  const management = createAuthManagement(db);
  app.addHook('preHandler', async (request) => requireManagementKey(context, request, managementKeyHash));

  /**
   * A user by login id, or by user id (Descope's calls take either in `loginId`). A value shaped like
   * a user id is looked up as one first: hosts send user ids, and someone who signed up with another
   * user's id as their login id must not receive that user's changes.
   */
  const findUser = async (loginIdOrUserId: string, database: AuthDb = db) => {
    const repository = usersRepository(database);
    const value = loginIdOrUserId.trim();
    if (userIdShape.test(value)) return (await repository.findById(value)) ?? (await repository.findByLoginId(value));
    return (await repository.findByLoginId(value)) ?? (await repository.findById(value));
  };
  const requireUser = async (loginIdOrUserId: string, database: AuthDb = db) => {
    const user = await findUser(loginIdOrUserId, database);
    if (!user) throw userNotFound();
    return user;
  };
  /** These users as the contract answers them, in this order: one query each for the users, login ids, tenants and factors (a search pages up to 1,000). */
  const present = async (userIds: string[]) => {
    if (!userIds.length) return [];
    const [found, ids, memberships, factors] = await Promise.all([
      db.select().from(users).where(inArray(users.id, userIds)),
      db
        .select({ userId: loginIds.userId, loginId: loginIds.loginId })
        .from(loginIds)
        .where(inArray(loginIds.userId, userIds))
        // As listLoginIds: emails first, then in the order they were added.
        .orderBy(sql`position('@' in ${loginIds.loginId}) = 0`, loginIds.createdAt, loginIds.loginId),
      db
        .select({ userId: userTenants.userId, tenantId: tenants.id, tenantName: tenants.name, roleNames: userTenants.roleNames })
        .from(userTenants)
        .innerJoin(tenants, eq(tenants.id, userTenants.tenantId))
        .where(and(inArray(userTenants.userId, userIds), eq(tenants.isDisabled, false)))
        .orderBy(tenants.name),
      secondFactorsOfUsers(db, userIds),
    ]);
    const byId = new Map(found.map((user) => [user.id, user]));
    const group = <T extends { userId: string }>(rows: T[]) => {
      const grouped = new Map<string, T[]>();
      for (const row of rows) grouped.set(row.userId, [...(grouped.get(row.userId) ?? []), row]);
      return grouped;
    };
    const idsOf = group(ids);
    const membershipsOf = group(memberships);
    return userIds.flatMap((userId) => {
      const user = byId.get(userId);
      if (!user) return [];
      const tenantsOfUser = (membershipsOf.get(userId) ?? []).map(({ tenantId, tenantName, roleNames }) => ({ tenantId, tenantName, roleNames }));
      return [presentUser(user, (idsOf.get(userId) ?? []).map((row) => row.loginId), tenantsOfUser, factors.get(userId) ?? { totp: false, passkeys: 0 })];
    });
  };
  const answer = async (userId: string) => ({ user: (await present([userId]))[0]! });

  const requireTenants = async (database: AuthDb, ids: string[]) => {
    if (!ids.length) return;
    const known = new Set((await database.select({ id: tenants.id }).from(tenants).where(inArray(tenants.id, ids))).map((row) => row.id));
    const unknown = ids.find((id) => !known.has(id));
    if (unknown) throw new AuthError('invalidArguments', `userTenants: no tenant has the id ${unknown}`);
  };
  const replaceTenants = async (database: AuthDb, userId: string, list: { tenantId: string; roleNames: string[] }[]) => {
    await requireTenants(database, list.map((t) => t.tenantId));
    const ids = list.map((t) => t.tenantId);
    await database.delete(userTenants).where(and(eq(userTenants.userId, userId), ids.length ? notInArray(userTenants.tenantId, ids) : sql`true`));
    if (list.length) {
      await database
        .insert(userTenants)
        .values(list.map((t) => ({ userId, tenantId: t.tenantId, roleNames: t.roleNames })))
        .onConflictDoUpdate({ target: [userTenants.userId, userTenants.tenantId], set: { roleNames: sql`excluded.role_names` } });
    }
  };
  /** Two users cannot share an email, phone or login id: the database says so, answered 409. */
  const refusingDuplicates = async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AuthError('userExists', 'Another user already has this login id, email or phone');
      throw error;
    }
  };
  const profileOf = (body: z.infer<typeof updateBodySchema>) => {
    const givenName = body.givenName ?? '';
    const familyName = body.familyName ?? '';
    return {
      email: body.email ?? null,
      phone: body.phone ?? null,
      name: body.displayName ?? `${givenName} ${familyName}`.trim(),
      givenName,
      familyName,
      verifiedEmail: Boolean(body.email && body.verifiedEmail),
      verifiedPhone: Boolean(body.phone && body.verifiedPhone),
      roleNames: body.roleNames ?? [],
      customAttributes: body.customAttributes ?? {},
    };
  };

  app.post('/v1/mgmt/user/create', { schema: mgmt('Create a user with a login id (management key)', { body: createBodySchema, errors: [409] }) }, async (request) => {
    const body = parseBody(createBodySchema, request.body);
    const userId = await refusingDuplicates(() =>
      db.transaction(async (tx) => {
        if (await usersRepository(tx).findByLoginId(body.loginId)) throw new AuthError('userExists', 'loginId: a user with this login id already exists');
        const [user] = await tx.insert(users).values({ id: randomId('U'), ...profileOf(body) }).returning({ id: users.id });
        await tx.insert(loginIds).values({ loginId: normaliseLoginId(body.loginId), userId: user!.id });
        await replaceTenants(tx, user!.id, body.userTenants ?? []);
        return user!.id;
      }),
    );
    return answer(userId);
  });

  // Descope's update replaces every field it carries; a field left out is cleared (the login ids stay).
  app.post('/v1/mgmt/user/update', { schema: mgmt("Replace a user's details and tenant roles (management key)", { body: updateBodySchema, errors: [409] }) }, async (request) => {
    const body = parseBody(updateBodySchema, request.body);
    const userId = await refusingDuplicates(() =>
      db.transaction(async (tx) => {
        const user = await requireUser(body.loginId, tx);
        await tx.update(users).set({ ...profileOf(body), updatedAt: new Date() }).where(eq(users.id, user.id));
        await replaceTenants(tx, user.id, body.userTenants ?? []);
        return user.id;
      }),
    );
    return answer(userId);
  });

  app.post('/v1/mgmt/user/update/loginid', { schema: mgmt("Change one of a user's login ids (management key)", { body: loginIdBodySchema, errors: [409] }) }, async (request) => {
    const body = parseBody(loginIdBodySchema, request.body);
    const userId = await refusingDuplicates(() =>
      db.transaction(async (tx) => {
        const [current] = await tx.select().from(loginIds).where(eq(loginIds.loginId, normaliseLoginId(body.loginId))).limit(1);
        if (!current) throw userNotFound();
        const next = normaliseLoginId(body.newLoginId);
        if (next !== current.loginId) await tx.update(loginIds).set({ loginId: next }).where(eq(loginIds.loginId, current.loginId));
        return current.userId;
      }),
    );
    return answer(userId);
  });

  app.post('/v1/mgmt/user/update/status', { schema: mgmt('Enable or disable a user; disabling ends every session (management key)', { body: statusBodySchema }) }, async (request) => {
    const body = parseBody(statusBodySchema, request.body);
    const user = await requireUser(body.loginId);
    if (body.status === 'disabled') await management.disableUser(user.id);
    else await management.enableUser(user.id);
    return answer(user.id);
  });

  app.post('/v1/mgmt/user/update/role/set', { schema: mgmt("Set a user's roles, in a tenant or the project (management key)", { body: setRolesBodySchema }) }, async (request) => {
    const body = parseBody(setRolesBodySchema, request.body);
    const user = await requireUser(body.loginId);
    if (!body.tenantId) {
      await db.update(users).set({ roleNames: body.roleNames, updatedAt: new Date() }).where(eq(users.id, user.id));
      return answer(user.id);
    }
    await requireTenants(db, [body.tenantId]);
    await db
      .insert(userTenants)
      .values({ userId: user.id, tenantId: body.tenantId, roleNames: body.roleNames })
      .onConflictDoUpdate({ target: [userTenants.userId, userTenants.tenantId], set: { roleNames: body.roleNames } });
    return answer(user.id);
  });

  app.post('/v1/mgmt/user/update/tenant/add', { schema: mgmt('Add a user to a tenant (management key)', { body: tenantMembershipBodySchema }) }, async (request) => {
    const body = parseBody(tenantMembershipBodySchema, request.body);
    const user = await requireUser(body.loginId);
    await requireTenants(db, [body.tenantId]);
    await db.insert(userTenants).values({ userId: user.id, tenantId: body.tenantId, roleNames: [] }).onConflictDoNothing();
    return answer(user.id);
  });

  app.post('/v1/mgmt/user/update/tenant/remove', { schema: mgmt('Remove a user from a tenant (management key)', { body: tenantMembershipBodySchema }) }, async (request) => {
    const body = parseBody(tenantMembershipBodySchema, request.body);
    const user = await requireUser(body.loginId);
    await db.delete(userTenants).where(and(eq(userTenants.userId, user.id), eq(userTenants.tenantId, body.tenantId)));
    return answer(user.id);
  });

  app.post('/v1/mgmt/user/logout', { schema: mgmt('Sign a user out of every session (management key)', { body: logoutBodySchema, ok: emptyResponseSchema }) }, async (request) => {
    const body = parseBody(logoutBodySchema, request.body);
    const user = body.userId ? await usersRepository(db).findById(body.userId) : await findUser(body.loginId!);
    if (!user) throw userNotFound();
    await management.revokeAllSessions(user.id, 'signed out by the management API');
    return {};
  });

  app.get('/v1/mgmt/user', { schema: mgmt('Load a user by login id or user id (management key)', { querystring: loadQuerySchema }) }, async (request) => {
    const query = parseBody(loadQuerySchema, request.query);
    const user = query.userId ? await usersRepository(db).findById(query.userId) : await findUser(query.loginId!);
    if (!user) throw userNotFound();
    return answer(user.id);
  });

  app.post(
    '/v2/mgmt/user/search',
    { schema: mgmt('Search users by email, login id, user id, tenant or status (management key)', { body: searchBodySchema, ok: z.object({ users: z.array(userResponseSchema), total: z.int() }) }) },
    async (request) => {
      const body = parseBody(searchBodySchema, request.body);
      const conditions: SQL[] = [];
      if (body.emails) conditions.push(inArray(sql`lower(${users.email})`, body.emails.map(normaliseLoginId)));
      if (body.userIds) conditions.push(inArray(users.id, body.userIds));
      if (body.loginIds) {
        const wanted = body.loginIds.map(normaliseLoginId);
        conditions.push(inArray(users.id, db.select({ id: loginIds.userId }).from(loginIds).where(inArray(loginIds.loginId, wanted))));
      }
      if (body.tenantIds) conditions.push(inArray(users.id, db.select({ id: userTenants.userId }).from(userTenants).where(inArray(userTenants.tenantId, body.tenantIds))));
      if (body.statuses) conditions.push(inArray(users.status, body.statuses.filter((s): s is UserRow['status'] => s === 'enabled' || s === 'disabled')));
      // An empty list matches nobody, as a filter that nothing satisfies.
      const where = and(...conditions);
      const limit = body.limit || 100;
      const page = body.page ?? 0;
      const [total] = await db.select({ n: count() }).from(users).where(where);
      const found = await db.select({ id: users.id }).from(users).where(where).orderBy(users.createdAt, users.id).limit(limit).offset(page * limit);
      return { users: await present(found.map((row) => row.id)), total: Number(total?.n ?? 0) };
    },
  );

  app.post('/v1/mgmt/tenant/create', { schema: mgmt('Create a tenant, with the id given or a new one (management key)', { body: tenantCreateBodySchema, ok: z.object({ id: z.string() }), errors: [409] }) }, async (request) => {
    const body = parseBody(tenantCreateBodySchema, request.body);
    const id = body.id ?? randomId('T');
    const [made] = await db.insert(tenants).values({ id, name: body.name }).onConflictDoNothing().returning({ id: tenants.id });
    if (!made) throw new AuthError('tenantExists', 'id: a tenant with this id already exists');
    return { id };
  });

  app.post('/v1/mgmt/tenant/update', { schema: mgmt("Rename a tenant (management key)", { body: tenantUpdateBodySchema, ok: emptyResponseSchema }) }, async (request) => {
    const body = parseBody(tenantUpdateBodySchema, request.body);
    const [renamed] = await db.update(tenants).set({ name: body.name }).where(eq(tenants.id, body.id)).returning({ id: tenants.id });
    if (!renamed) throw new AuthError('invalidArguments', 'id: no tenant has this id');
    return {};
  });
};
