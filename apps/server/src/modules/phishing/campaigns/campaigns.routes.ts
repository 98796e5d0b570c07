import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  audiencePreviewBodySchema,
  audiencePreviewSchema,
  campaignIdParamsSchema,
  campaignListSchema,
  campaignRecipientListSchema,
  campaignRecipientsQuerySchema,
  campaignResultsSchema,
  campaignSchema,
  campaignsQuerySchema,
  createCampaignBodySchema,
  simulationHistorySchema,
  updateCampaignBodySchema,
} from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { jsonOrCsvResponse, replyWithCsv } from '../../../lib/csv-reply.ts';
import { campaignResults, listCampaignRecipients, personSimulationHistory, streamCampaignRecipientsCsv } from './campaign-results.ts';
import {
  type CampaignServices,
  changeCampaignStatus,
  createCampaign,
  deleteCampaign,
  getCampaign,
  launchCampaign,
  listCampaigns,
  previewAudience,
  updateCampaign,
} from './campaigns.service.ts';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };
const errorsWithTarget = { ...errors, 404: apiErrorBodySchema, 409: apiErrorBodySchema };
const tags = ['phishing campaigns'];

/** /api/campaigns/: simulated attacks, from draft to results. */
export const campaignsRoutes: FastifyPluginAsyncZod<Omit<CampaignServices, 'db'> & { db: Db }> = async (app, services) => {
  const { db } = services;

  app.get('/campaigns/', { schema: { tags, summary: "The organisation's campaigns, newest first, a page at a time (admins)", querystring: campaignsQuerySchema, response: { 200: campaignListSchema, ...errors } } }, async (request) =>
    listCampaigns(db, request.tenant, request.query),
  );

  app.post(
    '/campaigns/',
    { schema: { tags, summary: 'Create a draft campaign (admins)', body: createCampaignBodySchema, response: { 201: campaignSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await createCampaign(db, request.tenant, request.body)),
  );

  app.post(
    '/campaigns/audience-preview/',
    { schema: { tags, summary: 'How many active people an audience holds now (admins)', body: audiencePreviewBodySchema, response: { 200: audiencePreviewSchema, ...errors } } },
    async (request) => previewAudience(db, request.tenant, request.body.audience),
  );

  app.get('/campaigns/:id/', { schema: { tags, summary: 'One campaign with its live counts (admins)', params: campaignIdParamsSchema, response: { 200: campaignSchema, ...errorsWithTarget } } }, async (request) =>
    getCampaign(db, request.tenant, request.params.id),
  );

  app.patch(
    '/campaigns/:id/',
    { schema: { tags, summary: 'Change a draft campaign (admins)', params: campaignIdParamsSchema, body: updateCampaignBodySchema, response: { 200: campaignSchema, ...errorsWithTarget } } },
    async (request) => updateCampaign(db, request.tenant, request.params.id, request.body),
  );

  app.delete(
    '/campaigns/:id/',
    { schema: { tags, summary: 'Delete a draft campaign (admins); a launched one keeps its results', params: campaignIdParamsSchema, response: { 204: z.null(), ...errorsWithTarget } } },
    async (request, reply) => {
      await deleteCampaign(db, request.tenant, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/campaigns/:id/launch/',
    { schema: { tags, summary: 'Launch a draft: schedule one lure per person of the audience (admins)', params: campaignIdParamsSchema, response: { 200: campaignSchema, ...errorsWithTarget } } },
    async (request) => launchCampaign(services, request.tenant, request.params.id),
  );

  for (const action of ['pause', 'resume', 'cancel'] as const) {
    const summaries = {
      pause: 'Pause a campaign: nothing more is sent until it is resumed (admins)',
      resume: 'Resume a paused campaign (admins)',
      cancel: 'Cancel a campaign: nobody else is mailed; what was sent keeps its results (admins)',
    };
    app.post(`/campaigns/:id/${action}/`, { schema: { tags, summary: summaries[action], params: campaignIdParamsSchema, response: { 200: campaignSchema, ...errorsWithTarget } } }, async (request) =>
      changeCampaignStatus(services, request.tenant, request.params.id, action),
    );
  }

  app.get(
    '/campaigns/:id/results/',
    { schema: { tags, summary: "A campaign's funnel, by department and hour by hour, computed in the database (admins)", params: campaignIdParamsSchema, response: { 200: campaignResultsSchema, ...errorsWithTarget } } },
    async (request) => campaignResults(db, request.tenant, request.params.id),
  );

  app.get(
    '/campaigns/:id/recipients/',
    {
      schema: {
        tags,
        summary: "A campaign's recipients, filtered and paged by key; format=csv streams every match (admins)",
        params: campaignIdParamsSchema,
        querystring: campaignRecipientsQuerySchema,
        response: { 200: jsonOrCsvResponse(campaignRecipientListSchema), ...errorsWithTarget },
      },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') return replyWithCsv(reply, 'campaign-recipients', await streamCampaignRecipientsCsv(db, request.tenant, request.params.id, request.query));
      return listCampaignRecipients(db, request.tenant, request.params.id, request.query);
    },
  );

  app.get(
    '/people/:id/simulation-history/',
    {
      schema: {
        tags,
        summary: "One person's simulations across campaigns, newest first, with what they did (admins)",
        params: z.object({ id: z.uuid({ error: 'must be a person id' }) }),
        querystring: z.object({ cursor: z.string().max(512).optional(), limit: z.coerce.number().int().min(1).max(100).default(25) }),
        response: { 200: simulationHistorySchema, ...errorsWithTarget },
      },
    },
    async (request) => personSimulationHistory(db, request.tenant, request.params.id, request.query),
  );
};
