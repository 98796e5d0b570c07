import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  createSendingProfileBodySchema,
  phishingSettingsSchema,
  sendTestEmailBodySchema,
  sendingProfileIdParamsSchema,
  sendingProfileSchema,
  sendingProfilesSchema,
  testEmailResultSchema,
  updateSendingProfileBodySchema,
} from '@vigil/contracts';
import type { Db } from '@vigil/db';
import type { Config } from '../../../config.ts';
import { enforceRateLimit } from '../../../lib/rate-limit.ts';
import { requestOrigin } from '../../../lib/request-origin.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import { getPhishingSettings, rotateFilterHeaderSecret } from './phishing-settings.service.ts';
import { requireSendingProfileManager } from './sending-profiles.policy.ts';
import { archiveSendingProfile, createSendingProfile, getSendingProfile, listSendingProfiles, updateSendingProfile } from './sending-profiles.service.ts';
import { sendTestEmail } from './test-email.service.ts';

export type SendingProfilesRoutesOptions = { db: Db; secrets: SecretBox; config: Pick<Config, 'outboundAllowedHosts'> };

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };
const errorsWithTarget = { ...errors, 404: apiErrorBodySchema, 409: apiErrorBodySchema };
// Test emails are real mail through the organisation's server: enough to fix a profile, too few to relay spam.
const testEmailLimit = { max: 20, windowSeconds: 600 };

/** Configure → Testing → Sending profiles, and the filter header secret (admins). */
export const sendingProfilesRoutes: FastifyPluginAsyncZod<SendingProfilesRoutesOptions> = async (app, { db, secrets, config }) => {
  const settings = { secrets, outboundAllowedHosts: config.outboundAllowedHosts };

  app.get(
    '/sending-profiles/',
    {
      schema: {
        tags: ['sending profiles'],
        summary: "The organisation's sending profiles that are not archived, by name (admins)",
        response: { 200: sendingProfilesSchema, ...errors },
      },
    },
    async (request) => listSendingProfiles(db, request.tenant),
  );

  app.post(
    '/sending-profiles/',
    {
      schema: {
        tags: ['sending profiles'],
        summary: 'Add a sending profile: an SMTP server simulated mail leaves from; the password is sealed and never answered (admins)',
        body: createSendingProfileBodySchema,
        response: { 201: sendingProfileSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createSendingProfile(db, request.tenant, request.body, settings, requestOrigin(request))),
  );

  app.get(
    '/sending-profiles/:id/',
    {
      schema: {
        tags: ['sending profiles'],
        summary: 'One sending profile, archived ones too (admins)',
        params: sendingProfileIdParamsSchema,
        response: { 200: sendingProfileSchema, ...errorsWithTarget },
      },
    },
    async (request) => getSendingProfile(db, request.tenant, request.params.id),
  );

  app.patch(
    '/sending-profiles/:id/',
    {
      schema: {
        tags: ['sending profiles'],
        summary: 'Change a sending profile; without password the one set is kept, password null clears it (admins)',
        params: sendingProfileIdParamsSchema,
        body: updateSendingProfileBodySchema,
        response: { 200: sendingProfileSchema, ...errorsWithTarget },
      },
    },
    async (request) => updateSendingProfile(db, request.tenant, request.params.id, request.body, settings, requestOrigin(request)),
  );

  app.delete(
    '/sending-profiles/:id/',
    {
      schema: {
        tags: ['sending profiles'],
        summary: 'Archive a sending profile; refused (409) while campaigns still send through it (admins)',
        params: sendingProfileIdParamsSchema,
        response: { 200: sendingProfileSchema, ...errorsWithTarget },
      },
    },
    async (request) => archiveSendingProfile(db, request.tenant, request.params.id, requestOrigin(request)),
  );

  app.post(
    '/sending-profiles/:id/test/',
    {
      schema: {
        tags: ['sending profiles'],
        summary: 'Send a real test email through the profile (to the caller unless `to` is given) and answer what the server said or why it failed (admins)',
        params: sendingProfileIdParamsSchema,
        // No body at all: to the caller.
        body: sendTestEmailBodySchema.nullish(),
        response: { 200: testEmailResultSchema, ...errorsWithTarget, 429: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      // Only an admin's test counts, so nobody else can use up the organisation's allowance.
      requireSendingProfileManager(request.tenant);
      const key = `sending-profiles.test:${request.tenant.organizationId}`;
      await enforceRateLimit(db, reply, key, testEmailLimit, 'This organization has sent too many test emails');
      return sendTestEmail(db, request.tenant, request.params.id, request.body?.to, { secrets, config }, requestOrigin(request));
    },
  );

  app.get(
    '/phishing-settings/',
    {
      schema: {
        tags: ['sending profiles'],
        summary: 'The mail-filter header every simulated message carries, with the organisation’s secret value and how to allow-list it (admins)',
        response: { 200: phishingSettingsSchema, ...errors },
      },
    },
    async (request) => getPhishingSettings(db, secrets, request.tenant),
  );

  app.post(
    '/phishing-settings/rotate-filter-secret/',
    {
      schema: {
        tags: ['sending profiles'],
        summary: 'Replace the filter header secret; mail rules must then be updated with the new value (admins)',
        response: { 200: phishingSettingsSchema, ...errors },
      },
    },
    async (request) => rotateFilterHeaderSecret(db, secrets, request.tenant, requestOrigin(request)),
  );
};
