import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  exchangeDmiSettingsSchema,
  googleDmiSettingsSchema,
  googleWatchtowerSettingsSchema,
  issuedScimTokenSchema,
  launchInitialTestingBodySchema,
  microsoftWatchtowerSettingsSchema,
  onboardingWizardSchema,
  saveSsoSettingsBodySchema,
  scimTokenParamsSchema,
  verifySsoBodySchema,
} from '@vigil/contracts';
import type { Db } from '@vigil/db';
import type { SecretBox } from '../../lib/secrets.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { requestOrigin } from '../../lib/request-origin.ts';
import {
  getOnboardingWizard,
  issueScimToken,
  launchInitialTesting,
  revokeScimToken,
  saveIntegrationSetup,
  saveSsoSettings,
  verifySsoAndScim,
} from './onboarding-wizard.service.ts';

const tags = ['onboarding'];
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };
const wizardResponse = { 200: onboardingWizardSchema, ...errors };

/** The onboarding wizard (admins of the current organisation): what they enter, and the steps it completes. */
export const onboardingWizardRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string; jobs: JobQueue; secrets: SecretBox }> = async (app, deps) => {
  app.get(
    '/onboarding/',
    {
      schema: {
        tags,
        summary: 'The onboarding wizard: steps done, settings entered, values to paste into the identity provider',
        response: wizardResponse,
      },
    },
    async (request) => getOnboardingWizard(deps, request.tenant),
  );

  app.put(
    '/onboarding/sso/',
    {
      schema: {
        tags,
        summary: "Save the identity provider's SAML settings (replaces earlier ones; verify again afterwards)",
        body: saveSsoSettingsBodySchema,
        response: wizardResponse,
      },
    },
    async (request) => saveSsoSettings(deps, request.tenant, request.body, requestOrigin(request)),
  );

  app.post(
    '/onboarding/sso/verification/',
    {
      schema: {
        tags,
        summary: 'Confirm the post-setup checks; completes the SSO and SCIM steps',
        body: verifySsoBodySchema,
        response: { ...wizardResponse, 409: apiErrorBodySchema },
      },
    },
    async (request) => verifySsoAndScim(deps, request.tenant, requestOrigin(request)),
  );

  app.post(
    '/onboarding/scim-tokens/',
    {
      schema: {
        tags,
        summary: 'Issue a SCIM bearer token, shown only in this answer; the previous token stops working',
        // 409 when another token was issued at the same moment.
        response: { 201: issuedScimTokenSchema, ...errors, 409: apiErrorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await issueScimToken(deps, request.tenant, requestOrigin(request))),
  );

  app.delete(
    '/onboarding/scim-tokens/:tokenId/',
    {
      schema: {
        tags,
        summary: 'Revoke the active SCIM token',
        params: scimTokenParamsSchema,
        response: { 204: z.null().describe('Revoked'), ...errors, 404: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      await revokeScimToken(deps, request.tenant, request.params.tokenId, requestOrigin(request));
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/onboarding/dmi/exchange/',
    {
      schema: {
        tags,
        summary: 'Save direct mail injection for Exchange Online (Entra app registration); completes the DMI step',
        body: exchangeDmiSettingsSchema,
        response: wizardResponse,
      },
    },
    async (request) =>
      saveIntegrationSetup(deps, request.tenant, { kind: 'dmi', provider: 'exchange', settings: request.body }, requestOrigin(request)),
  );

  app.put(
    '/onboarding/dmi/google-workspace/',
    {
      schema: {
        tags,
        summary: 'Save direct mail injection for Google Workspace (service account); completes the DMI step',
        body: googleDmiSettingsSchema,
        response: wizardResponse,
      },
    },
    async (request) =>
      saveIntegrationSetup(deps, request.tenant, { kind: 'dmi', provider: 'google-workspace', settings: request.body }, requestOrigin(request)),
  );

  app.put(
    '/onboarding/watchtower/google/',
    {
      schema: {
        tags,
        summary: 'Save Watchtower for Google Workspace (Admin SDK Reports API); completes the Watchtower step',
        body: googleWatchtowerSettingsSchema,
        response: wizardResponse,
      },
    },
    async (request) =>
      saveIntegrationSetup(deps, request.tenant, { kind: 'watchtower', provider: 'google', settings: request.body }, requestOrigin(request)),
  );

  app.put(
    '/onboarding/watchtower/microsoft/',
    {
      schema: {
        tags,
        summary: 'Save Watchtower for Microsoft 365 (Entra sign-in logs through Microsoft Graph); completes the Watchtower step',
        body: microsoftWatchtowerSettingsSchema,
        response: wizardResponse,
      },
    },
    async (request) =>
      saveIntegrationSetup(deps, request.tenant, { kind: 'watchtower', provider: 'microsoft', settings: request.body }, requestOrigin(request)),
  );

  app.post(
    '/onboarding/initial-testing/launch/',
    {
      schema: {
        tags,
        summary: 'Launch the baseline phishing test: creates and launches the initial-testing campaign through the sending profile, and completes onboarding once the other steps are done',
        body: launchInitialTestingBodySchema,
        response: { ...wizardResponse, 409: apiErrorBodySchema },
      },
    },
    async (request) => launchInitialTesting(deps, request.tenant, request.body, requestOrigin(request)),
  );
};
