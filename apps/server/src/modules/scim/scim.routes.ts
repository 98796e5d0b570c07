import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { isUniqueViolation } from '@vigil/auth-provider';
import { type Db, scimTokens } from '@vigil/db';
import { hashScimToken } from '../onboarding/scim-token.ts';
import { ScimError, invalidSyntax, isUuid } from './scim-errors.ts';
import { maxResults, resourceTypes, schemas, serviceProviderConfig } from './scim-discovery.ts';
import { type ListQuery, type ScimCaller, scimService } from './scim.service.ts';
import { enterpriseSchema, userSchema } from './scim-users.presenter.ts';

export type ScimRoutesOptions = {
  db: Db;
  publicUrl: string;
  /** After a change is committed: the event log's consumers (webhooks among them) are asked to run soon. */
  onChanged?: () => void;
};

const scimType = 'application/scim+json';

declare module 'fastify' {
  interface FastifyRequest {
    scimCaller?: ScimCaller;
  }
}

/** startIndex (1-based) and count, as SCIM reads them: out-of-range values are clamped, not refused (RFC 7644 §3.4.2.4). */
const listQuery = (query: Record<string, unknown>): ListQuery => {
  const number = (value: unknown, fallback: number) => {
    const parsed = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : fallback;
    return Number.isSafeInteger(parsed) ? parsed : fallback;
  };
  if (Array.isArray(query.filter)) throw new ScimError(400, 'Give one filter (combine conditions with and / or)', 'invalidFilter');
  const filter = typeof query.filter === 'string' && query.filter.trim() ? query.filter : undefined;
  return { filter, startIndex: Math.max(1, number(query.startIndex, 1)), count: Math.min(maxResults, Math.max(0, number(query.count, 100))) };
};

/** `attributes` / `excludedAttributes`: which top-level attributes an answer keeps (id, schemas and meta always). */
const projection = (query: Record<string, unknown>) => {
  // The top-level attribute a name selects: `name.givenName` → name; a schema-qualified name
  // (`urn:…:enterprise:2.0:User:manager`) → the extension it is in, or the core attribute.
  const topLevel = (name: string) => {
    const lower = name.trim().toLowerCase();
    if (lower.startsWith(`${enterpriseSchema.toLowerCase()}`)) return enterpriseSchema.toLowerCase();
    const unqualified = lower.startsWith(`${userSchema.toLowerCase()}:`) ? lower.slice(userSchema.length + 1) : lower;
    return unqualified.split('.')[0]!;
  };
  const names = (value: unknown) => (typeof value === 'string' ? value.split(',').map(topLevel).filter(Boolean) : []);
  const only = names(query.attributes);
  const without = names(query.excludedAttributes);
  const always = new Set(['id', 'schemas', 'meta']);
  return (resource: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(resource).filter(([key]) => {
        const name = key.toLowerCase();
        if (always.has(name)) return true;
        if (only.length) return only.includes(name);
        return !without.includes(name);
      }),
    );
};

/** `excludedAttributes=members`: a large group's members left out of the answer (and not read). */
const excludesMembers = (query: Record<string, unknown>) => typeof query.excludedAttributes === 'string' && /(^|,)\s*members\s*(,|$)/i.test(query.excludedAttributes);

const send = (reply: FastifyReply, status: number, body: unknown) => reply.code(status).type(scimType).send(body);
const sendResource = (reply: FastifyReply, status: number, resource: { meta: { version: string; location: string } }, project: (value: Record<string, unknown>) => Record<string, unknown> = (value) => value) => {
  if (status === 201) reply.header('location', resource.meta.location);
  return reply.header('etag', resource.meta.version).code(status).type(scimType).send(project(resource as never));
};

const bodyOf = (request: FastifyRequest) => {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalidSyntax('The body must be a JSON object');
  // PostgreSQL keeps no NUL in text: refused here, by name, rather than failing the write.
  if (JSON.stringify(body).includes('\\u0000')) throw new ScimError(400, 'Values must not contain NUL characters', 'invalidValue');
  return body as Record<string, unknown>;
};

/**
 * The SCIM 2.0 server (RFC 7643/7644) of each organisation, at `/scim/v2/<organisation id>/`, for
 * identity providers (Entra ID, Okta) that provision people and departments. A bearer token the
 * onboarding wizard issued authenticates the client; every answer and error is SCIM's JSON.
 */
export const scimRoutes = async (app: FastifyInstance, { db, publicUrl, onChanged }: ScimRoutesOptions) => {
  // Identity providers send application/scim+json; some send application/json.
  app.addContentTypeParser(scimType, { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) => {
    try {
      done(null, body === '' ? undefined : JSON.parse(body as string));
    } catch {
      done(invalidSyntax('The body is not valid JSON'), undefined);
    }
  });

  const scimErrorOf = (error: unknown, request: FastifyRequest) => {
    if (error instanceof ScimError) return error;
    // Two clients creating the same person or group at once: the database keeps one, the other hears why.
    if (isUniqueViolation(error)) return new ScimError(409, 'A resource with these unique values already exists', 'uniqueness');
    const status = (error as { statusCode?: number }).statusCode;
    const message = error instanceof Error ? error.message : 'The request could not be read';
    if (status && status >= 400 && status < 500) return new ScimError(status, message, status === 400 ? 'invalidSyntax' : undefined);
    request.log.error({ err: error }, 'a SCIM request failed');
    return new ScimError(500, 'The request could not be completed; try again');
  };
  app.setErrorHandler(async (error, request, reply) => {
    const refusal = scimErrorOf(error, request);
    // A client's refused request is what an admin needs to see when provisioning stalls. A lookup of
    // a resource that is gone is routine (clients check before they create), so it is not kept.
    if (request.scimCaller && !(refusal.status === 404 && request.method === 'GET')) {
      const path = request.url.split('?')[0]!.replace(/^\/scim\/v2\/[^/]+/, '');
      const summary = `${request.method} ${path}: ${refusal.scimType ? `${refusal.scimType}: ` : ''}${refusal.detail}`.slice(0, 500);
      await db
        .update(scimTokens)
        .set({ lastErrorAt: new Date(), lastErrorStatus: refusal.status, lastError: summary })
        .where(eq(scimTokens.id, request.scimCaller.actor.id))
        .catch((failure: unknown) => request.log.warn({ err: failure }, 'could not record a SCIM refusal'));
    }
    return send(reply, refusal.status, refusal.body);
  });
  // A person or group created, changed or deleted: provisioning's webhooks go out within seconds, not at the next minute.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 300 && request.scimCaller) onChanged?.();
  });
  app.setNotFoundHandler((_request, reply) => send(reply, 404, new ScimError(404, 'No such SCIM endpoint').body));

  // The token: the organisation's active one, or one replaced less than a day ago (rotation without a gap).
  app.addHook('onRequest', async (request) => {
    const organizationId = (request.params as { organizationId?: string }).organizationId ?? '';
    const [, token] = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '') ?? [];
    const unauthorized = new ScimError(401, 'A valid SCIM bearer token for this organization is required');
    if (!token || !isUuid(organizationId)) throw unauthorized;
    const [row] = await db
      .select({ id: scimTokens.id })
      .from(scimTokens)
      .where(and(eq(scimTokens.organizationId, organizationId), eq(scimTokens.tokenHash, hashScimToken(token)), or(isNull(scimTokens.revokedAt), sql`${scimTokens.graceUntil} > now()`)))
      .limit(1);
    if (!row) throw unauthorized;
    // Last use, for the wizard's live state: written at most once a minute per token.
    await db
      .update(scimTokens)
      .set({ lastUsedAt: new Date() })
      .where(and(eq(scimTokens.id, row.id), or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, sql`now() - interval '1 minute'`))));
    request.scimCaller = { scope: { organizationId }, actor: { kind: 'scim', id: row.id, organizationId }, baseUrl: `${publicUrl}/scim/v2/${organizationId}` };
  });

  const service = (request: FastifyRequest) => scimService(db, request.scimCaller!);
  // SCIM describes itself (ServiceProviderConfig, ResourceTypes, Schemas): kept out of the OpenAPI document.
  const hidden = { schema: { hide: true } };
  const ifMatch = (request: FastifyRequest) => request.headers['if-match'] as string | undefined;
  type IdParams = { Params: { organizationId: string; id: string } };

  app.get('/ServiceProviderConfig', hidden, async (request, reply) => send(reply, 200, serviceProviderConfig(request.scimCaller!.baseUrl)));
  app.get('/ResourceTypes', hidden, async (request, reply) => {
    const types = resourceTypes(request.scimCaller!.baseUrl);
    return send(reply, 200, { schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: types.length, startIndex: 1, itemsPerPage: types.length, Resources: types });
  });
  app.get<IdParams>('/ResourceTypes/:id', hidden, async (request, reply) => {
    const type = resourceTypes(request.scimCaller!.baseUrl).find((item) => item.id === request.params.id);
    if (!type) throw new ScimError(404, `No resource type ${request.params.id}`);
    return send(reply, 200, type);
  });
  app.get('/Schemas', hidden, async (request, reply) => {
    const all = schemas(request.scimCaller!.baseUrl);
    return send(reply, 200, { schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: all.length, startIndex: 1, itemsPerPage: all.length, Resources: all });
  });
  app.get<IdParams>('/Schemas/:id', hidden, async (request, reply) => {
    const schema = schemas(request.scimCaller!.baseUrl).find((item) => item.id === request.params.id);
    if (!schema) throw new ScimError(404, `No schema ${request.params.id}`);
    return send(reply, 200, schema);
  });

  app.get('/Users', hidden, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const list = await service(request).listUsers(listQuery(query));
    return send(reply, 200, { ...list, Resources: list.Resources.map(projection(query)) });
  });
  app.get<IdParams>('/Users/:id', hidden, async (request, reply) => {
    const user = await service(request).getUser(request.params.id);
    if (request.headers['if-none-match'] === user.meta.version) return reply.code(304).header('etag', user.meta.version).send();
    return sendResource(reply, 200, user, projection(request.query as Record<string, unknown>));
  });
  app.post('/Users', hidden, async (request, reply) => sendResource(reply, 201, await service(request).createUser(bodyOf(request))));
  app.put<IdParams>('/Users/:id', hidden, async (request, reply) => sendResource(reply, 200, await service(request).replaceUser(request.params.id, bodyOf(request), ifMatch(request))));
  app.patch<IdParams>('/Users/:id', hidden, async (request, reply) => sendResource(reply, 200, await service(request).patchUser(request.params.id, bodyOf(request), ifMatch(request))));
  app.delete<IdParams>('/Users/:id', hidden, async (request, reply) => {
    await service(request).deleteUser(request.params.id);
    return reply.code(204).send();
  });

  app.get('/Groups', hidden, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const excludeMembers = excludesMembers(query);
    const list = await service(request).listGroups(listQuery(query), { excludeMembers });
    return send(reply, 200, { ...list, Resources: list.Resources.map(projection(query)) });
  });
  app.get<IdParams>('/Groups/:id', hidden, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const excludeMembers = excludesMembers(query);
    return sendResource(reply, 200, await service(request).getGroup(request.params.id, { excludeMembers }), projection(query));
  });
  app.post('/Groups', hidden, async (request, reply) => sendResource(reply, 201, await service(request).createGroup(bodyOf(request))));
  app.put<IdParams>('/Groups/:id', hidden, async (request, reply) => sendResource(reply, 200, await service(request).replaceGroup(request.params.id, bodyOf(request), ifMatch(request))));
  app.patch<IdParams>('/Groups/:id', hidden, async (request, reply) => sendResource(reply, 200, await service(request).patchGroup(request.params.id, bodyOf(request), ifMatch(request))));
  app.delete<IdParams>('/Groups/:id', hidden, async (request, reply) => {
    await service(request).deleteGroup(request.params.id);
    return reply.code(204).send();
  });
};
