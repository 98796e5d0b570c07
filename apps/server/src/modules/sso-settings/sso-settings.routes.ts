import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  checkSsoDomainBodySchema,
  ssoDomainCheckSchema,
  ssoDomainParamsSchema,
  createSsoConnectionBodySchema,
  signInPolicySchema,
  ssoConnectionParamsSchema,
  ssoConnectionSchema,
  ssoSettingsSchema,
  ssoTestParamsSchema,
  ssoTestResultSchema,
  ssoTestStartBodySchema,
  ssoTestStartSchema,
  updateSsoConnectionBodySchema,
} from '@vigil/contracts';
import { z } from 'zod';
import { requestOrigin } from '../../lib/request-origin.ts';
import {
  type SsoSettingsDeps,
  checkSsoDomain,
  removeSsoDomainProof,
  createSsoConnection,
  deleteSsoConnection,
  getSsoSettings,
  readSsoConnectionTest,
  setSignInPolicy,
  startSsoConnectionTest,
  updateSsoConnection,
} from './sso-settings.service.ts';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema };
const dnsErrors = { ...errors, 502: apiErrorBodySchema };
const tags = ['sso-settings'];
const testReturnPaths = { 'sso-settings': '/sso-settings/', onboarding: '/onboarding/setup-sso-and-scim/post-setup-verification/' } as const;

/** /sso-settings/: an organisation's single sign-on connections and sign-in policy, for its admins. */
export const ssoSettingsRoutes: FastifyPluginAsyncZod<SsoSettingsDeps> = async (app, deps) => {
  app.get('/sso/', { schema: { tags, summary: 'The organization’s single sign-on connections and sign-in policy', response: { 200: ssoSettingsSchema, ...errors } } }, (request) =>
    getSsoSettings(deps, request.tenant),
  );
  app.post(
    '/sso/connections/',
    { schema: { tags, summary: 'Add a SAML or OpenID Connect connection (audited)', body: createSsoConnectionBodySchema, response: { 200: ssoConnectionSchema, ...errors } } },
    (request) => createSsoConnection(deps, request.tenant, request.body, requestOrigin(request)),
  );
  app.patch(
    '/sso/connections/:connectionId/',
    {
      schema: { tags, summary: 'Change a connection; changed IdP details need a new test sign-in (audited)', params: ssoConnectionParamsSchema, body: updateSsoConnectionBodySchema, response: { 200: ssoConnectionSchema, ...errors } },
    },
    (request) => updateSsoConnection(deps, request.tenant, request.params.connectionId, request.body, requestOrigin(request)),
  );
  app.delete(
    '/sso/connections/:connectionId/',
    { schema: { tags, summary: 'Remove a connection (audited)', params: ssoConnectionParamsSchema, response: { 200: z.object({}), ...errors } } },
    async (request) => {
      await deleteSsoConnection(deps, request.tenant, request.params.connectionId, requestOrigin(request));
      return {};
    },
  );
  app.post(
    '/sso/connections/:connectionId/test/',
    {
      schema: {
        tags,
        summary: 'Start a test sign-in at the identity provider; it comes back to /sso-settings/ or the onboarding wizard’s verification',
        params: ssoConnectionParamsSchema,
        body: ssoTestStartBodySchema.nullish(),
        response: { 200: ssoTestStartSchema, ...errors },
      },
    },
    (request) => startSsoConnectionTest(deps, request.tenant, request.params.connectionId, testReturnPaths[request.body?.returnTo ?? 'sso-settings']),
  );
  app.get(
    '/sso/tests/:code/',
    { schema: { tags, summary: 'What the identity provider said in a test sign-in (read once, audited)', params: ssoTestParamsSchema, response: { 200: ssoTestResultSchema, ...errors } } },
    (request) => readSsoConnectionTest(deps, request.tenant, request.params.code, requestOrigin(request)),
  );
  app.put(
    '/sso/policy/',
    { schema: { tags, summary: 'Set the organization’s sign-in policy, which the provider enforces (audited)', body: signInPolicySchema, response: { 200: ssoSettingsSchema, ...errors } } },
    (request) => setSignInPolicy(deps, request.tenant, request.body, requestOrigin(request)),
  );
  app.post(
    '/sso/domains/check/',
    {
      schema: {
        tags,
        summary: 'Look an email domain’s TXT records up now: the organization’s record there proves it holds the domain (audited)',
        body: checkSsoDomainBodySchema,
        response: { 200: ssoDomainCheckSchema, ...dnsErrors },
      },
    },
    (request) => checkSsoDomain(deps, request.tenant, request.body.domain, requestOrigin(request)),
  );
  app.delete(
    '/sso/domains/:domain/',
    { schema: { tags, summary: 'Give up the organization’s proof of a domain (audited)', params: ssoDomainParamsSchema, response: { 200: z.object({}), ...errors } } },
    async (request) => {
      await removeSsoDomainProof(deps, request.tenant, request.params.domain, requestOrigin(request));
      return {};
    },
  );
};
