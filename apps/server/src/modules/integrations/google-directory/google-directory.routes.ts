import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  googleDirectoryChangesQuerySchema,
  googleDirectoryChangesSchema,
  googleDirectoryRunParamsSchema,
  googleDirectoryRunSchema,
  googleDirectoryRunsQuerySchema,
  googleDirectoryRunsSchema,
  googleDirectorySettingsSchema,
  googleDirectoryTestResultSchema,
  saveGoogleDirectoryBodySchema,
  startGoogleDirectoryRunBodySchema,
} from '@vigil/contracts';
import { enforceRateLimit } from '../../../lib/rate-limit.ts';
import { requestOrigin } from '../../../lib/request-origin.ts';
import { requireAdminRole } from '../../../lib/tenant.ts';
import {
  type GoogleDirectoryDeps,
  disconnectGoogleDirectory,
  getGoogleDirectoryRun,
  getGoogleDirectorySettings,
  listGoogleDirectoryChanges,
  listGoogleDirectoryRuns,
  saveGoogleDirectorySettings,
  startGoogleDirectoryRun,
  testGoogleDirectoryConnection,
} from './google-directory.service.ts';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema };
const tags = ['google-workspace'];
const base = '/integrations/google-workspace';
// Each test signs in at Google: enough for an admin trying fixes one after another, counted per organisation.
const testLimit = { max: 20, windowSeconds: 600 };

/** /configure/integrations/google-workspace/: the Google Workspace directory sync, for the organisation's admins. */
export const googleDirectoryRoutes: FastifyPluginAsyncZod<GoogleDirectoryDeps> = async (app, deps) => {
  app.get(`${base}/`, { schema: { tags, summary: 'The Google Workspace connection (never its key), the scopes to grant and the last syncs', response: { 200: googleDirectorySettingsSchema, ...errors } } }, (request) =>
    getGoogleDirectorySettings(deps, request.tenant),
  );
  app.put(
    `${base}/`,
    {
      bodyLimit: 64 * 1024,
      schema: { tags, summary: 'Save the connection: service account key (write-only), admin to act as, scope, schedule (audited)', body: saveGoogleDirectoryBodySchema, response: { 200: googleDirectorySettingsSchema, ...errors } },
    },
    (request) => saveGoogleDirectorySettings(deps, request.tenant, request.body, requestOrigin(request)),
  );
  app.delete(`${base}/`, { schema: { tags, summary: 'Disconnect: the stored key is deleted; past syncs stay (audited)', response: { 200: z.object({}), ...errors } } }, async (request) => {
    await disconnectGoogleDirectory(deps, request.tenant, requestOrigin(request));
    return {};
  });
  app.post(
    `${base}/test/`,
    { schema: { tags, summary: 'Sign in at Google and list one page of users: the count, or what to fix (audited)', response: { 200: googleDirectoryTestResultSchema, ...errors, 429: apiErrorBodySchema } } },
    async (request, reply) => {
      requireAdminRole(request.tenant, 'Only an admin can test the Google Workspace connection');
      await enforceRateLimit(deps.db, reply, `google-directory.test:${request.tenant.organizationId}`, testLimit, 'This organization has tested the Google Workspace connection too often');
      return testGoogleDirectoryConnection(deps, request.tenant, requestOrigin(request));
    },
  );
  app.post(
    `${base}/runs/`,
    {
      schema: { tags, summary: 'Start a sync now, or a dry run that previews what it would change; confirm deactivations beyond the safety limit (audited)', body: startGoogleDirectoryRunBodySchema.nullish(), response: { 202: googleDirectoryRunSchema, ...errors } },
    },
    async (request, reply) =>
      reply.code(202).send(await startGoogleDirectoryRun(deps, request.tenant, { dryRun: request.body?.dryRun ?? false, confirmDeactivations: request.body?.confirmDeactivations }, requestOrigin(request))),
  );
  app.get(`${base}/runs/`, { schema: { tags, summary: 'Past syncs and previews, newest first', querystring: googleDirectoryRunsQuerySchema, response: { 200: googleDirectoryRunsSchema, ...errors } } }, (request) =>
    listGoogleDirectoryRuns(deps, request.tenant, request.query),
  );
  app.get(
    `${base}/runs/:runId/`,
    { schema: { tags, summary: 'One sync, with its progress while it runs', params: googleDirectoryRunParamsSchema, response: { 200: googleDirectoryRunSchema, ...errors } } },
    (request) => getGoogleDirectoryRun(deps, request.tenant, request.params.runId),
  );
  app.get(
    `${base}/runs/:runId/changes/`,
    {
      schema: { tags, summary: 'What a sync changed (or a preview would change), person by person', params: googleDirectoryRunParamsSchema, querystring: googleDirectoryChangesQuerySchema, response: { 200: googleDirectoryChangesSchema, ...errors } },
    },
    (request) => listGoogleDirectoryChanges(deps, request.tenant, request.params.runId, request.query),
  );
};
