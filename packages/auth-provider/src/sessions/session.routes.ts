import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ProviderContext } from '../context.ts';
import { AuthError } from '../errors.ts';
import { clientInfo, readAuthorization, requireToken } from '../http/request-context.ts';
import { parseBody, textSchema, tokenSchema } from '../http/validation.ts';
import { presentUser } from '../users/user.presenter.ts';
import { usersRepository } from '../users/users.repository.ts';

/** Refresh, try-refresh, logout, logoutall, me, me/tenants, me/history, tenant/select (contract §2.14). */
export const sessionRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  const users = usersRepository(context.db);
  const projectId = context.settings.projectId;

  app.post('/refresh', async (request) => {
    const { token } = readAuthorization(request, projectId);
    return (await context.sessions.refresh(requireToken(token), clientInfo(request))).response;
  });

  // Never fails for a missing or bad token: 200 with no tokens means "not signed in" (contract §2.14).
  app.post('/try-refresh', async (request) => {
    const { token } = readAuthorization(request, projectId);
    if (!token) return {};
    try {
      return (await context.sessions.refresh(token, clientInfo(request))).response;
    } catch (error) {
      if (error instanceof AuthError) return {};
      throw error;
    }
  });

  app.post('/logout', async (request) => {
    const { token } = readAuthorization(request, projectId);
    if (token) {
      const userId = await context.sessions.revokeFamilyOf(token, 'logout').catch(() => undefined);
      if (userId) await context.events.record({ event: 'logout', method: 'session', success: true, userId }, clientInfo(request));
    }
    return {};
  });

  app.post('/logoutall', async (request) => {
    const { token } = readAuthorization(request, projectId);
    const { user } = await context.sessions.verifyRefresh(requireToken(token));
    await context.sessions.revokeAllForUser(user.id, 'logout all');
    await context.events.record({ event: 'logout', method: 'session', success: true, userId: user.id, reason: 'all sessions' }, clientInfo(request));
    return {};
  });

  app.get('/me', async (request) => {
    const { token } = readAuthorization(request, projectId);
    const { user } = await context.sessions.verifyRefresh(requireToken(token));
    const [loginIds, tenants] = await Promise.all([users.listLoginIds(user.id), users.listTenants(user.id)]);
    return presentUser(user, loginIds, tenants);
  });

  app.post('/me/tenants', async (request) => {
    const { token } = readAuthorization(request, projectId);
    const body = parseBody(z.object({ dct: z.boolean().optional(), ids: z.array(textSchema(200)).max(500).optional() }), request.body);
    const { user, row } = await context.sessions.verifyRefresh(requireToken(token));
    let tenants = await users.listTenants(user.id);
    if (body.dct) tenants = tenants.filter((t) => t.tenantId === row.selectedTenant);
    else if (body.ids) tenants = tenants.filter((t) => body.ids!.includes(t.tenantId));
    return { tenants: tenants.map((t) => ({ id: t.tenantId, name: t.tenantName, customAttributes: {} })) };
  });

  app.get('/me/history', async (request) => {
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

  app.post('/tenant/select', async (request) => {
    const { token } = readAuthorization(request, projectId);
    const body = parseBody(z.object({ tenant: tokenSchema('tenant').max(200) }), request.body);
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
