import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBodySchema, ownModuleTextBodySchema, ownModuleTextParamsSchema, ownModuleTextsSchema, translateModuleBodySchema, translateModuleResultSchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import type { Config } from '../../../config.ts';
import { getOwnModuleTexts, reviewOwnModuleText, saveOwnModuleText, translateOwnModule } from './module-texts.service.ts';
import { createTranslationClient } from './translation-client.ts';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema };
const tags = ['training'];
const idParams = z.object({ id: z.uuid({ error: 'must be a training module' }) });

/**
 * /api/training-modules/{id}/texts/ and /translate/: an own module's words per language, their
 * review, and machine translation through the configured LibreTranslate or DeepL service (admins).
 */
export const moduleTextsRoutes: FastifyPluginAsyncZod<{ db: Db; config: Pick<Config, 'translate' | 'outboundAllowedHosts'> }> = async (app, { db, config }) => {
  const services = { db, translator: config.translate ? createTranslationClient(config.translate, { allowedHosts: config.outboundAllowedHosts }) : undefined };

  app.get(
    '/training-modules/:id/texts/',
    { schema: { tags, summary: "An own module's title, summary and quiz in each of its languages, each marked when machine-translated and not yet reviewed; and whether machine translation is configured (admins)", params: idParams, response: { 200: ownModuleTextsSchema, ...errors } } },
    async (request) => getOwnModuleTexts(services, request.tenant, request.params.id),
  );

  app.put(
    '/training-modules/:id/texts/:language/',
    {
      schema: {
        tags,
        summary: "Saves one language's title, summary and quiz of an own module (a new language is added); built-in lessons cannot be edited (409) (admins)",
        params: ownModuleTextParamsSchema,
        body: ownModuleTextBodySchema,
        response: { 200: ownModuleTextsSchema, ...errors },
      },
    },
    async (request) => saveOwnModuleText(services, request.tenant, request.params.id, request.params.language, request.body, request.ip),
  );

  app.post(
    '/training-modules/:id/texts/:language/review/',
    { schema: { tags, summary: "Marks a language's machine translation as reviewed: learners no longer see the machine-translated note (admins)", params: ownModuleTextParamsSchema, response: { 200: ownModuleTextsSchema, ...errors } } },
    async (request) => reviewOwnModuleText(services, request.tenant, request.params.id, request.params.language, request.ip),
  );

  app.post(
    '/training-modules/:id/translate/',
    {
      schema: {
        tags,
        summary: "Machine-translates an own module's title, summary and quiz from one language into others with the configured service; each is saved marked machine-translated (admins). 502 with the service's answer when it fails; 503 when none is configured",
        params: idParams,
        body: translateModuleBodySchema,
        response: { 200: translateModuleResultSchema, ...errors, 502: apiErrorBodySchema, 503: apiErrorBodySchema },
      },
    },
    async (request) => translateOwnModule(services, request.tenant, request.params.id, request.body, request.ip),
  );
};
