import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  campaignResultsSchema,
  createTrainingAssignmentsBodySchema,
  createTrainingAssignmentsResultSchema,
  publicCampaignParamsSchema,
  publicCampaignsPageSchema,
  publicCampaignsQuerySchema,
  publicEventFeedSchema,
  publicEventTypes,
  publicEventsQuerySchema,
  publicPeoplePageSchema,
  publicPeopleQuerySchema,
  publicTrainingAssignmentsQuerySchema,
  trainingAssignmentListSchema,
} from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { fieldError } from '../../lib/app-error.ts';
import { requestOrigin } from '../../lib/request-origin.ts';
import { readEventFeed } from '../events/event-feed.ts';
import { readPeoplePage } from '../people/people-page.ts';
import { readCampaignResults } from '../phishing/campaigns/campaign-results.ts';
import { readCampaignPage } from '../phishing/campaigns/campaigns.service.ts';
import { assignToAudienceAs, readTrainingAssignmentPage } from '../training/assignments/training-assignments.service.ts';
import { presentPublicCampaign, presentPublicEvent, presentPublicPerson } from './public-api.presenter.ts';

const security = [{ apiKey: [] }];
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 429: apiErrorBodySchema };
const read = { apiKeyScope: 'read' } as const;
const write = { apiKeyScope: 'write' } as const;
const needsRead = 'Needs an API key with the `read` scope.';
const needsWrite = 'Needs an API key with the `write` scope.';

/** `types=clicked,reported`: each must be a type the feed carries. */
const parseEventTypes = (types: string | undefined): readonly string[] => {
  if (types === undefined || !types.trim()) return publicEventTypes;
  const asked = [...new Set(types.split(',').map((type) => type.trim()).filter(Boolean))];
  const unknown = asked.filter((type) => !(publicEventTypes as readonly string[]).includes(type));
  if (unknown.length) throw fieldError('VALIDATION_FAILED', 'querystring.types', `${unknown.slice(0, 5).join(', ')} ${unknown.length === 1 ? 'is not an event type' : 'are not event types'} of the feed; it carries ${publicEventTypes.join(', ')}`);
  return asked;
};

/**
 * The public REST API, version 1: the organisation's people, campaigns, event log and training
 * assignments for integrations, in the organisation of the key that calls. Mounted under /api/v1
 * behind `apiKeyAuthPlugin`.
 */
export const publicApiRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/people',
    {
      config: read,
      schema: {
        tags: ['public API v1'],
        summary: "The organisation's people, oldest first, a page at a time; filter by email, department or active",
        description: needsRead,
        security,
        querystring: publicPeopleQuerySchema,
        response: { 200: publicPeoplePageSchema, ...errors },
      },
    },
    async (request) => {
      const { active, ...query } = request.query;
      const page = await readPeoplePage(db, request.apiCaller.scope, { ...query, ...(active ? { active: active === 'true' } : {}) });
      return { items: page.items.map(presentPublicPerson), nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/campaigns',
    {
      config: read,
      schema: {
        tags: ['public API v1'],
        summary: "The organisation's phishing campaigns with their counts, newest first, a page at a time",
        description: needsRead,
        security,
        querystring: publicCampaignsQuerySchema,
        response: { 200: publicCampaignsPageSchema, ...errors },
      },
    },
    async (request) => {
      const page = await readCampaignPage(db, request.apiCaller.scope, request.query);
      return { items: page.items.map(presentPublicCampaign), nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/campaigns/:id/results',
    {
      config: read,
      schema: {
        tags: ['public API v1'],
        summary: "A campaign's results: the funnel, by department and hour by hour",
        description: needsRead,
        security,
        params: publicCampaignParamsSchema,
        response: { 200: campaignResultsSchema, ...errors, 404: apiErrorBodySchema },
      },
    },
    async (request) => readCampaignResults(db, request.apiCaller.scope, request.params.id),
  );

  app.get(
    '/events',
    {
      config: read,
      schema: {
        tags: ['public API v1'],
        summary: "The organisation's event log as a feed for SIEMs: simulation, training and provisioning events after an id, oldest first",
        description: `${needsRead} Poll with the \`nextAfter\` of the previous answer as \`after\`; when \`hasMore\` is true, ask again at once.`,
        security,
        querystring: publicEventsQuerySchema,
        response: { 200: publicEventFeedSchema, ...errors, 503: apiErrorBodySchema },
      },
    },
    async (request) => {
      const { after, limit } = request.query;
      const types = parseEventTypes(request.query.types);
      const feed = await readEventFeed(db, request.apiCaller.scope, { after, types, limit });
      return { items: feed.items.map(presentPublicEvent), nextAfter: feed.nextAfter, hasMore: feed.hasMore };
    },
  );

  app.get(
    '/training-assignments',
    {
      config: read,
      schema: {
        tags: ['public API v1'],
        summary: "The organisation's training assignments, newest first, a page at a time; filter by person, module, status or overdue",
        description: needsRead,
        security,
        querystring: publicTrainingAssignmentsQuerySchema,
        response: { 200: trainingAssignmentListSchema, ...errors },
      },
    },
    async (request) => readTrainingAssignmentPage(db, request.apiCaller.scope, request.query),
  );

  app.post(
    '/training-assignments',
    {
      config: write,
      schema: {
        tags: ['public API v1'],
        summary: 'Assign a training module to an audience (the organisation, departments, a manager’s reports or people), due on a date',
        description: `${needsWrite} People who already have the module open keep the assignment they have. Audited with the key.`,
        security,
        body: createTrainingAssignmentsBodySchema,
        response: { 201: createTrainingAssignmentsResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { scope, actor } = request.apiCaller;
      return reply.code(201).send(await assignToAudienceAs(db, scope, actor, request.body, requestOrigin(request)));
    },
  );
};
