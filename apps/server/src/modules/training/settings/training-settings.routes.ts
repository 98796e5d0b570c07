import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema, trainingSettingsBodySchema, trainingSettingsSchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { requestOrigin } from '../../../lib/request-origin.ts';
import { getTrainingSettings, updateTrainingSettings } from './training-settings.service.ts';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };
const tags = ['training'];

/** /api/training-settings/: the organisation's training rules. */
export const trainingSettingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/training-settings/',
    { schema: { tags, summary: "The organisation's training rules: skipping ahead, testing out, quiz attempts, remedial lessons, reminders (admins)", response: { 200: trainingSettingsSchema, ...errors } } },
    async (request) => getTrainingSettings(db, request.tenant),
  );

  app.put(
    '/training-settings/',
    { schema: { tags, summary: "Replace the organisation's training rules (admins)", body: trainingSettingsBodySchema, response: { 200: trainingSettingsSchema, ...errors } } },
    async (request) => updateTrainingSettings(db, request.tenant, request.body, requestOrigin(request)),
  );
};
