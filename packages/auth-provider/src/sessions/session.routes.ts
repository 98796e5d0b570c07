import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ProviderContext } from '../context.ts';
import { AuthError } from '../errors.ts';
import { clientInfo, readAuthorization, requireToken } from '../http/request-context.ts';
import { documentAuthRoute, emptyResponseSchema, jwtResponseSchema, userResponseSchema } from '../http/openapi.ts';
import { parseBody, textSchema, tokenSchema } from '../http/validation.ts';
import { secondFactorsOf } from '../factors/second-factors.ts';
import { presentUser } from '../users/user.presenter.ts';
import { usersRepository } from '../users/users.repository.ts';

// The SDK sends {} (or its externalToken) to these; nothing in it is read.
const ignoredBodySchema = z.object({}).meta({ description: 'Ignored: the SDK sends {}' });
const myTenantsBodySchema = z.object({ dct: z.boolean().optional(), ids: z.array(textSchema(200)).max(500).optional() });
const selectTenantBodySchema = z.object({ tenant: tokenSchema('tenant').max(200) });
const signedInNeeded = { 401: 'Unknown project id, or no valid refresh token: the session has ended (the SDK then signs out)' };

const refreshDoc = documentAuthRoute({ summary: 'A new session token; the refresh token rotates', body: ignoredBodySchema, ok: jwtResponseSchema, errorMeanings: signedInNeeded });
const tryRefreshDoc = documentAuthRoute({
  summary: 'Refresh if signed in; {} when not',
  body: ignoredBodySchema,
  ok: z.union([jwtResponseSchema, emptyResponseSchema]),
});
const logoutDoc = documentAuthRoute({ summary: "End this session (the refresh token's family)", body: ignoredBodySchema, ok: emptyResponseSchema });
const logoutAllDoc = documentAuthRoute({ summary: 'End every session of the user', body: ignoredBodySchema, ok: emptyResponseSchema, errorMeanings: signedInNeeded });
const meDoc = documentAuthRoute({ summary: 'The signed-in user', ok: userResponseSchema, errorMeanings: signedInNeeded });
const myTenantsDoc = documentAuthRoute({
  summary: "The signed-in user's tenants: all, the current one (dct) or the ones named (ids)",
  body: myTenantsBodySchema,
  ok: z.object({ tenants: z.array(z.object({ id: z.string(), name: z.string(), customAttributes: z.record(z.string(), z.unknown()) })) }),
  errorMeanings: signedInNeeded,
});
const historyDoc = documentAuthRoute({
  summary: "The signed-in user's successful sign-ins, newest first",
  ok: z.array(
    z.object({
      userId: z.string(),
      loginTime: z.int().meta({ description: 'Epoch seconds' }),
      ip: z.string(),
      city: z.string(),
      country: z.string(),
      method: z.string(),
      selectedTenant: z.string(),
    }),
  ),
  errorMeanings: signedInNeeded,
});
const selectTenantDoc = documentAuthRoute({
  summary: 'Select the current tenant (dct) of the session',
  body: selectTenantBodySchema,
  ok: jwtResponseSchema,
  errors: [403],
  errorMeanings: { ...signedInNeeded, 403: 'The user is not a member of that tenant' },
});

/** Refresh, try-refresh, logout, logoutall, me, me/tenants, me/history, tenant/select (contract §2.14). */
export const sessionRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  const users = usersRepository(context.db);
  const projectId = context.settings.projectId;

  app.post('/refresh', { schema: refreshDoc }, async (request) => {
    const { token } = readAuthorization(request, projectId);
    return (await context.sessions.refresh(requireToken(token), clientInfo(request))).response;
  });

  // Never fails for a missing or bad token: 200 with no tokens means "not signed in" (contract §2.14).
  app.post('/try-refresh', { schema: tryRefreshDoc }, async (request) => {
    const { token } = readAuthorization(request, projectId);
    if (!token) return {};
    try {
      return (await context.sessions.refresh(token, clientInfo(request))).response;
    } catch (error) {
      if (error instanceof AuthError) return {};
      throw error;
    }
  });

  app.post('/logout', { schema: logoutDoc }, async (request) => {
    const { token } = readAuthorization(request, projectId);
    if (token) {
      const userId = await context.sessions.revokeFamilyOf(token, 'logout').catch(() => undefined);
      if (userId) await context.events.record({ event: 'logout', method: 'session', success: true, userId }, clientInfo(request));
    }
    return {};
  });

  app.post('/logoutall', { schema: logoutAllDoc }, async (request) => {
    const { token } = readAuthorization(request, projectId);
    const { user } = await context.sessions.verifyRefresh(requireToken(token));
    await context.sessions.revokeAllForUser(user.id, 'logout all');
    await context.events.record({ event: 'logout', method: 'session', success: true, userId: user.id, reason: 'all sessions' }, clientInfo(request));
    return {};
  });

  app.get('/me', { schema: meDoc }, async (request) => {
    const { token } = readAuthorization(request, projectId);
    const { user } = await context.sessions.verifyRefresh(requireToken(token));
    const [loginIds, tenants, factors] = await Promise.all([users.listLoginIds(user.id), users.listTenants(user.id), secondFactorsOf(context.db, user.id)]);
    return presentUser(user, loginIds, tenants, factors);
  });

  app.post('/me/tenants', { schema: myTenantsDoc }, async (request) => {
    const { token } = readAuthorization(request, projectId);
    const body = parseBody(myTenantsBodySchema, request.body);
    const { user, row } = await context.sessions.verifyRefresh(requireToken(token));
    let tenants = await users.listTenants(user.id);
    if (body.dct) tenants = tenants.filter((t) => t.tenantId === row.selectedTenant);
    else if (body.ids) tenants = tenants.filter((t) => body.ids!.includes(t.tenantId));
    return { tenants: tenants.map((t) => ({ id: t.tenantId, name: t.tenantName, customAttributes: {} })) };
  });

  app.get('/me/history', { schema: historyDoc }, async (request) => {
    const { token } = readAuthorization(request, projectId);
    const { user } = await context.sessions.verifyRefresh(requireToken(token));
    return (await context.events.history(user.id)).map((event) => ({
      userId: user.id,
      loginTime: Math.floor(event.createdAt.getTime() / 1000),
      ip: event.ip ?? '',
      city: event.city ?? '',
      country: event.country ?? '',
      method: event.method,
      selectedTenant: event.tenantId ?? '',
    }));
  });

  app.post('/tenant/select', { schema: selectTenantDoc }, async (request) => {
    const { token } = readAuthorization(request, projectId);
    const body = parseBody(selectTenantBodySchema, request.body);
    const refreshJwt = requireToken(token);
    const { user } = await context.sessions.verifyRefresh(refreshJwt);
    const tenants = await users.listTenants(user.id);
    if (!tenants.some((t) => t.tenantId === body.tenant)) {
      throw new AuthError('tenantNotAllowed', 'tenant: this user is not a member of that tenant');
    }
    const client = clientInfo(request);
    const { response } = await context.sessions.refresh(refreshJwt, client, body.tenant);
    await context.events.record({ event: 'tenant.select', method: 'session', success: true, userId: user.id, tenantId: body.tenant }, client);
    return response;
  });
};
