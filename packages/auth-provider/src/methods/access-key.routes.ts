import type { FastifyInstance } from 'fastify';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import type { ProviderContext } from '../context.ts';
import { sha256 } from '../crypto.ts';
import { AuthError } from '../errors.ts';
import { clientInfo, readAuthorization } from '../http/request-context.ts';
import { documentAuthRoute } from '../http/openapi.ts';
import { parseBody, textSchema } from '../http/validation.ts';
import { accessKeys } from '../schema/index.ts';
import { throttle } from './throttle.ts';

/** POST /v1/auth/accesskey/exchange with `Bearer <projectId>:<accessKey>` (contract §2.13). */
const exchangeBodySchema = z.object({
  loginOptions: z.object({ selectedTenant: textSchema(200).optional(), customClaims: z.record(z.string(), z.unknown()).optional() }).optional(),
});

const exchangeDoc = documentAuthRoute({
  summary: 'Exchange an access key (Bearer <project id>:<access key>) for a session token',
  body: exchangeBodySchema,
  ok: z.object({ keyId: z.string(), sessionJwt: z.string(), expiration: z.int().meta({ description: 'Epoch seconds' }) }),
  errors: [429],
});

export const accessKeyRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  app.post('/accesskey/exchange', { schema: exchangeDoc }, async (request) => {
    const { token } = readAuthorization(request, context.settings.projectId);
    const body = parseBody(exchangeBodySchema, request.body);
    await throttle(context, 'accesskey.exchange', request.ip);
    const refused = new AuthError('unauthorized', 'The access key is not valid, has expired or was revoked');
    if (!token) throw refused;
    const [key] = await context.db
      .update(accessKeys)
      .set({ lastUsedAt: new Date() })
      .where(
        and(
          eq(accessKeys.secretHash, sha256(token)),
          isNull(accessKeys.revokedAt),
          or(isNull(accessKeys.expiresAt), gt(accessKeys.expiresAt, new Date())),
        ),
      )
      .returning();
    const client = clientInfo(request);
    if (!key) {
      await context.events.record({ event: 'accesskey.exchange', method: 'access-key', success: false, reason: 'unknown, expired or revoked key' }, client);
      throw refused;
    }
    await context.events.record({ event: 'accesskey.exchange', method: 'access-key', success: true, userId: key.id, tenantId: body.loginOptions?.selectedTenant }, client);
    return context.sessions.signForAccessKey(key, body.loginOptions?.selectedTenant);
  });
};
