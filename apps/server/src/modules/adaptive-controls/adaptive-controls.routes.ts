import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adaptiveFiringSchema, adaptiveFiringsQuerySchema, adaptiveFiringsSchema, adaptiveRuleBodySchema, adaptiveRuleSchema, adaptiveRulesSchema, apiErrorBodySchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { requestOrigin } from '../../lib/request-origin.ts';
import { createAdaptiveRule, deleteAdaptiveRule, liftAdaptiveFiring, listAdaptiveFirings, listAdaptiveRules, updateAdaptiveRule } from './adaptive-controls.service.ts';

const tags = ['adaptive controls'];
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };
const ruleParams = z.object({ id: z.uuid({ error: 'must be a rule id' }) });
const firingParams = z.object({ id: z.uuid({ error: 'must be a firing id' }) });

/** /adaptive-controls/: rules that act on risk (lessons, the manager, MFA and session length, enforced by the provider), and who they hold (admins). */
export const adaptiveControlsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/adaptive-controls/rules/', { schema: { tags, summary: 'The organization’s adaptive-control rules, with how many people each holds', response: { 200: adaptiveRulesSchema, ...errors } } }, async (request) =>
    listAdaptiveRules(db, request.tenant),
  );
  app.post(
    '/adaptive-controls/rules/',
    { schema: { tags, summary: 'A new rule: when a score reaches a line, or N simulations fail within D days, act', body: adaptiveRuleBodySchema, response: { 201: adaptiveRuleSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await createAdaptiveRule(db, request.tenant, request.body, requestOrigin(request))),
  );
  app.put(
    '/adaptive-controls/rules/:id/',
    { schema: { tags, summary: 'Changes a rule; turning it off lifts what it holds', params: ruleParams, body: adaptiveRuleBodySchema, response: { 200: adaptiveRuleSchema, ...errors, 404: apiErrorBodySchema } } },
    async (request) => updateAdaptiveRule(db, request.tenant, request.params.id, request.body, requestOrigin(request)),
  );
  app.delete(
    '/adaptive-controls/rules/:id/',
    { schema: { tags, summary: 'Deletes a rule after lifting what it holds', params: ruleParams, response: { 204: z.null(), ...errors, 404: apiErrorBodySchema } } },
    async (request, reply) => {
      await deleteAdaptiveRule(db, request.tenant, request.params.id, requestOrigin(request));
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/adaptive-controls/firings/',
    { schema: { tags, summary: 'Who the rules hold (or held), newest first, in keyset pages', querystring: adaptiveFiringsQuerySchema, response: { 200: adaptiveFiringsSchema, ...errors } } },
    async (request) => listAdaptiveFirings(db, request.tenant, request.query),
  );
  app.post(
    '/adaptive-controls/firings/:id/lift/',
    { schema: { tags, summary: 'Lifts a firing by hand: its MFA requirement and session limit end at once', params: firingParams, response: { 200: adaptiveFiringSchema, ...errors, 404: apiErrorBodySchema, 409: apiErrorBodySchema } } },
    async (request) => liftAdaptiveFiring(db, request.tenant, request.params.id, requestOrigin(request)),
  );
};
