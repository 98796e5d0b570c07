import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ProviderContext } from '../context.ts';
import { documentAuthRoute } from '../http/openapi.ts';
import { clientInfo, readAuthorization } from '../http/request-context.ts';
import { parseBody, textSchema } from '../http/validation.ts';
import { throttle } from '../methods/throttle.ts';
import { builtInFlows } from './built-in-flows.ts';
import { flowEngine } from './flow-engine.ts';

const inputSchema = z.record(z.string().max(100), z.unknown()).optional();
const startBodySchema = z.looseObject({ flowId: textSchema(100).min(1, { error: 'flowId must name a flow' }), options: z.looseObject({}).optional(), input: inputSchema });
const nextBodySchema = z.looseObject({
  executionId: textSchema(300).min(1, { error: 'executionId is required' }),
  stepId: textSchema(100).min(1, { error: 'stepId is required' }),
  interactionId: textSchema(100).min(1, { error: 'interactionId is required' }),
  input: inputSchema,
});

const componentSchema = z.union([
  z.object({ type: z.literal('text'), key: z.string(), values: z.record(z.string(), z.string()).optional() }),
  z.object({ type: z.literal('input'), name: z.string(), inputType: z.enum(['email', 'password', 'text', 'code']), labelKey: z.string(), autoComplete: z.string().optional(), required: z.boolean().optional() }),
  z.object({ type: z.literal('button'), interactionId: z.string(), labelKey: z.string(), variant: z.enum(['primary', 'secondary']) }),
]);
const flowResponseSchema = z
  .object({
    executionId: z.string().meta({ description: '<flowId>|#|<execution id>: the web SDK keeps the flow nonce under the part after |#|' }),
    stepId: z.string(),
    stepName: z.string(),
    status: z.enum(['waiting', 'completed']),
    action: z.enum(['screen', 'none']),
    screen: z
      .object({
        id: z.string(),
        state: z.object({ errorKey: z.string().optional(), errorField: z.string().optional(), values: z.record(z.string(), z.string()).optional() }),
        componentsConfig: z.object({ components: z.array(componentSchema) }),
      })
      .optional(),
    authInfo: z.record(z.string(), z.unknown()).optional().meta({ description: 'The JWTResponse once the flow completes' }),
    lastAuth: z.object({ authMethod: z.string() }).optional(),
  })
  .meta({ id: 'FlowResponse' });

const nonceHeader = 'x-descope-flow-nonce';

/**
 * Flows (contract §6): a small server-driven engine. `flow/start` answers the first screen,
 * `flow/next` an interaction on the current one; each answer carries a new flow nonce in
 * `X-Descope-Flow-Nonce` that the next call must bring (the web SDK does).
 */
export const flowRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  const engine = flowEngine(context, builtInFlows(context.settings.selfSignUp));
  // A completed flow's answer carries the session's tokens: never cached.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/flow/start',
    {
      schema: documentAuthRoute({
        summary: 'Start a flow (sign-up-or-in, sign-in-mfa or step-up): its first screen',
        description: 'step-up confirms the signed-in session the call comes with (Bearer <project id>:<refresh token>).',
        body: startBodySchema,
        ok: flowResponseSchema,
        errors: [429],
        errorMeanings: { 400: 'Bad input, or (E102004) no such flow' },
      }),
    },
    async (request, reply) => {
      const { token } = readAuthorization(request, context.settings.projectId);
      const body = parseBody(startBodySchema, request.body);
      await throttle(context, 'flow.start', request.ip);
      const { body: answer, nonce } = await engine.start(body.flowId, { context, client: clientInfo(request), input: body.input ?? {}, refreshToken: token });
      reply.header(nonceHeader, nonce);
      return answer;
    },
  );

  app.post(
    '/flow/next',
    {
      schema: documentAuthRoute({
        summary: 'An interaction on the flow’s current screen: the next screen, or the session when the flow completes',
        description: 'The X-Descope-Flow-Nonce header must carry the nonce of the previous answer.',
        body: nextBodySchema,
        ok: flowResponseSchema,
        errors: [429],
        errorMeanings: { 400: 'Bad input, (E102004) no such execution, or (E103205) the flow timed out: start again', 401: 'Unknown project id, or (E108201) not the latest flow nonce' },
      }),
    },
    async (request, reply) => {
      const { token } = readAuthorization(request, context.settings.projectId);
      const body = parseBody(nextBodySchema, request.body);
      await throttle(context, 'flow.next', request.ip);
      const header = request.headers[nonceHeader];
      const { body: answer, nonce } = await engine.next(body, typeof header === 'string' ? header : undefined, {
        context,
        client: clientInfo(request),
        input: body.input ?? {},
        refreshToken: token,
      });
      reply.header(nonceHeader, nonce);
      return answer;
    },
  );
};
