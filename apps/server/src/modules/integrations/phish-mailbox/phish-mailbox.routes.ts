import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  phishMailboxStateSchema,
  phishMailboxTestResultSchema,
  reportedMessageIdParamsSchema,
  reportedMessageSchema,
  reportedMessagesQuerySchema,
  reportedMessagesSchema,
  savePhishMailboxBodySchema,
  setReportedMessageVerdictBodySchema,
} from '@vigil/contracts';
import { enforceRateLimit } from '../../../lib/rate-limit.ts';
import { requestOrigin } from '../../../lib/request-origin.ts';
import { requireAdminRole } from '../../../lib/tenant.ts';
import {
  type PhishMailboxServices,
  deletePhishMailbox,
  getPhishMailbox,
  listReportedMessages,
  savePhishMailbox,
  setReportedMessageVerdict,
  testPhishMailbox,
} from './phish-mailbox.service.ts';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };
const errorsWithTarget = { ...errors, 404: apiErrorBodySchema };
// Each test opens a connection to the host the admin typed: enough to fix settings, too few to scan with.
const testLimit = { max: 20, windowSeconds: 600 };

/** Configure → Integrations → Reported-phish mailbox, for the organisation's admins. */
export const phishMailboxRoutes: FastifyPluginAsyncZod<PhishMailboxServices> = async (app, services) => {
  const { db } = services;
  const tags = ['reported-phish mailbox'];

  app.get(
    '/integrations/phish-mailbox/',
    { schema: { tags, summary: 'The reported-phish mailbox settings (null before any are saved) and what waits for triage (admins)', response: { 200: phishMailboxStateSchema, ...errors } } },
    async (request) => getPhishMailbox(db, request.tenant),
  );

  app.put(
    '/integrations/phish-mailbox/',
    {
      schema: {
        tags,
        summary: 'Save the mailbox settings; secrets (password, client secret, service account key) are write-only and kept when left out (admins)',
        body: savePhishMailboxBodySchema,
        response: { 200: phishMailboxStateSchema, ...errors },
      },
    },
    async (request) => savePhishMailbox(services, request.tenant, request.body, requestOrigin(request)),
  );

  app.delete(
    '/integrations/phish-mailbox/',
    { schema: { tags, summary: 'Remove the mailbox settings and their secrets; reported mail stays (admins)', response: { 204: z.null(), ...errorsWithTarget } } },
    async (request, reply) => {
      await deletePhishMailbox(db, request.tenant, requestOrigin(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/integrations/phish-mailbox/test/',
    {
      schema: {
        tags,
        summary: 'Try the saved settings: token, connection, sign-in and folder, with what the server answered (admins)',
        response: { 200: phishMailboxTestResultSchema, ...errorsWithTarget, 429: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      requireAdminRole(request.tenant, 'Only an admin may manage the reported-phish mailbox');
      await enforceRateLimit(db, reply, `phish-mailbox.test:${request.tenant.organizationId}`, testLimit, `This organization has tested its mailbox too often in the last ${testLimit.windowSeconds / 60} minutes`);
      return testPhishMailbox(services, request.tenant);
    },
  );

  app.get(
    '/integrations/phish-mailbox/messages/',
    {
      schema: {
        tags,
        summary: 'Mail found in the reported-phish mailbox, newest first, by kind and verdict, keyset paged (admins)',
        querystring: reportedMessagesQuerySchema,
        response: { 200: reportedMessagesSchema, ...errors },
      },
    },
    async (request) => listReportedMessages(db, request.tenant, request.query),
  );

  app.patch(
    '/integrations/phish-mailbox/messages/:id/',
    {
      schema: {
        tags,
        summary: 'Give a reported message a verdict: pending, safe, spam or phishing (admins; not for simulations)',
        params: reportedMessageIdParamsSchema,
        body: setReportedMessageVerdictBodySchema,
        response: { 200: reportedMessageSchema, ...errorsWithTarget, 409: apiErrorBodySchema },
      },
    },
    async (request) => setReportedMessageVerdict(db, request.tenant, request.params.id, request.body, requestOrigin(request)),
  );
};
