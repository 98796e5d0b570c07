import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { type ZodTypeProvider, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { JWTVerifyGetKey } from 'jose';
import { type AuthMethod, authProviderPlugin, createAuthManagement } from '@vigil/auth-provider';
import { apiErrorBodySchema } from '@vigil/contracts';
import type { DatabaseConnection } from '@vigil/db';
import type { Config } from './config.ts';
import { jobDefinitions } from './job-registry.ts';
import { loadAuthSecret } from './lib/auth-secret.ts';
import { type SecretBox, createSecretBox } from './lib/secrets.ts';
import type { MailDelivery } from './modules/phishing/delivery/mail-delivery.ts';
import { createMailDeliveryFor } from './modules/phishing/delivery/smtp-delivery.ts';
import { baseServerOptions } from './lib/server-options.ts';
import { cacheVerifiedSessions, createSessionVerifier, remoteSessionKeys } from './lib/session-verifier.ts';
import { auditTenantSelection } from './modules/audit-log/audit-log.service.ts';
import { clientConfigRoutes } from './modules/client-config/client-config.routes.ts';
import { companyLogosRoutes } from './modules/company-logos/company-logos.routes.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { riskRoutes } from './modules/risk/risk.routes.ts';
import { peopleInsightsRoutes } from './modules/insights/people-insights.routes.ts';
import { reportingRoutes } from './modules/reporting/reporting.routes.ts';
import { adaptiveControlsRoutes } from './modules/adaptive-controls/adaptive-controls.routes.ts';
import { recordSecondFactorChange, recordSignInFact } from './modules/risk/sign-in-facts.ts';
import { provisionFromSingleSignOn } from './modules/sso-settings/just-in-time.ts';
import { chooseLoginDirectory } from './modules/identity/login-directory.ts';
import { ssoSettingsRoutes } from './modules/sso-settings/sso-settings.routes.ts';
import { txtResolver } from './lib/dns.ts';
import { consumeEventsSoon } from './modules/events/events.jobs.ts';
import { scimRoutes } from './modules/scim/scim.routes.ts';
import { guardedFetch } from './modules/phishing/delivery/guarded-post.ts';
import { countryOfAddress } from './lib/ip-country.ts';
import { reportPhishRoutes } from './modules/phishing/reporting/report-phish.routes.ts';
import { headsUpRoutes } from './modules/phishing/heads-up/heads-up.routes.ts';
import { initialTestingRoutes } from './modules/phishing/initial-testing/initial-testing.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { msspCompaniesRoutes } from './modules/organizations/mssp-companies.routes.ts';
import { onboardingRoutes } from './modules/organizations/onboarding.routes.ts';
import { onboardingWizardRoutes } from './modules/onboarding/onboarding-wizard.routes.ts';
import { loginLogsRoutes } from './modules/login-logs/login-logs.routes.ts';
import { organizationInsightsRoutes } from './modules/insights/organization-insights.routes.ts';
import { organizationUsersModule } from './modules/organization-users/index.ts';
import { organizationSettingsRoutes } from './modules/organizations/organization-settings.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { outboxRoutes } from './modules/outbox/outbox.routes.ts';
import { personalUserDataRoutes } from './modules/people/personal-user-data.routes.ts';
import { campaignsRoutes } from './modules/phishing/campaigns/campaigns.routes.ts';
import { programmesRoutes } from './modules/phishing/programmes/programmes.routes.ts';
import { testRequestsRoutes } from './modules/phishing/test-requests/test-requests.routes.ts';
import { phishingLibraryModule } from './modules/phishing/templates/index.ts';
import { sendingProfilesModule } from './modules/phishing/sending-profiles/index.ts';
import { ownModulesRoutes } from './modules/training/own-content/own-modules.routes.ts';
import { moduleRequestsRoutes, trainingMediaRoutes, trainingModule } from './modules/training/index.ts';
import { complianceRoutes } from './modules/compliance/index.ts';
import { googleDirectoryRoutes } from './modules/integrations/google-directory/google-directory.routes.ts';
import { webhooksRoutes } from './modules/integrations/webhooks/webhooks.routes.ts';
import { phishMailboxRoutes } from './modules/integrations/phish-mailbox/index.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { publicApiModule } from './modules/public-api/index.ts';
import { moduleTextsRoutes } from './modules/training/texts/module-texts.routes.ts';
import { policiesRoutes, policyDocumentsRoutes } from './modules/policies/policies.routes.ts';
import { errorsPlugin, respondToError, sendError } from './plugins/errors.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { requestIdPlugin } from './plugins/request-id.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { sessionPlugin } from './plugins/session.ts';
import { webAppPlugin } from './plugins/web-app.ts';

export type BuildAppOptions = {
  config: Config;
  connection: DatabaseConnection;
  /** Where session-token keys come from; the provider's JWKS unless a test serves its own. */
  sessionKeys?: JWTVerifyGetKey;
  /** Logger override (tests pass false). */
  logger?: FastifyServerOptions['logger'];
};

export type RegisteredRoute = { method: string; url: string; hidden: boolean; isPublic: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly RegisteredRoute[];
    /** Seals secrets at rest and derives tracking tokens, from the application secret. */
    secrets: SecretBox;
    /** How simulated mail leaves (SMTP through each organisation's sending profiles), pooled per process. */
    delivery: MailDelivery;
  }
}

/**
 * Sign-in methods the embedded provider offers the web app (authenticator apps are second factors
 * only): social sign-in where a provider is set up, WhatsApp where Twilio is (without it, nothing
 * but a superadmin's confirmation from the outbox could answer, which is no sign-in to offer people).
 */
const embeddedAuthMethodsOf = (config: Config): AuthMethod[] => [
  'password',
  'otp-email',
  'magiclink',
  'enchantedlink',
  'passkey',
  'sso',
  ...(config.twilio ? (['whatsapp'] as const) : []),
  ...(Object.keys(config.auth.oauthProviders).length ? (['oauth'] as const) : []),
];

/** Paths the embedded authentication provider serves (/v1/auth, /v1/keys, /v2/keys). */
const providerPaths = /^\/v\d+\//;
const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const bodyErrorResponses = { 400: apiErrorBodySchema, 413: apiErrorBodySchema, 415: apiErrorBodySchema };

/** The whole product as one Fastify instance: used by main.ts and by every integration test. */
export const buildApp = async ({ config, connection, sessionKeys, logger }: BuildAppOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    ...baseServerOptions(config, logger),
    bodyLimit: 1024 * 1024,
    // A URL Fastify cannot route (bad percent-encoding, a parameter over its length limit) is a bad
    // request in the shape of whoever serves that path: the provider's (contract §3.1 badRequest) or the API's.
    frameworkErrors: (error, request, reply) => {
      if (!providerPaths.test(request.url)) return respondToError(error, request, reply);
      return (reply as FastifyReply).code(400).send({ errorCode: 'E011001', errorDescription: error.message, errorMessage: error.message });
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Every route as registered, so tests can check each one is documented and in the tenancy matrix.
  // One application secret (AUTH_SECRET, or a file in DATA_DIR): the provider's keys, sealed secrets, tracking tokens.
  const appSecret = loadAuthSecret(config.auth.secret, config.dataDir);
  app.decorate('secrets', createSecretBox(appSecret));
  app.decorate('delivery', createMailDeliveryFor(connection.db, app.secrets, config));

  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    // Public routes need no session; say so in the OpenAPI document too.
    if (route.config?.public && route.schema) route.schema = { ...route.schema, security: [] };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Fastify reads a body on these methods whatever the route expects, and refuses one too large
    // or of a type it has no parser for before the handler runs: document those answers on every such /api route.
    if (route.url.startsWith('/api/') && route.schema?.response && methods.some((method) => bodyMethods.has(method))) {
      route.schema = { ...route.schema, response: { ...bodyErrorResponses, ...(route.schema.response as object) } };
    }
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routeTable.push({ method, url: route.url, hidden: route.schema?.hide === true, isPublic: route.config?.public === true });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(requestIdPlugin);
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, { publicUrl: config.publicUrl, authBaseUrl: config.auth.baseUrl, sandboxUrl: config.phish.publicUrl });
  await app.register(openApiPlugin, { publicUrl: config.publicUrl });
  await app.register(jobsPlugin, { connection, definitions: jobDefinitions(config), services: { config, secrets: app.secrets, delivery: app.delivery } });

  // People's logins go where they are served: the embedded provider's tables, or an outside provider's management API.
  chooseLoginDirectory(config.auth);
  if (!config.auth.embedded && !config.auth.managementKey && config.env !== 'test') {
    app.log.warn('AUTH_BASE_URL names an outside provider but AUTH_MANAGEMENT_KEY is not set: provisioned people get no login there');
  }
  // The embedded provider serves /v1/auth and /v2/keys on this origin; /api verifies its tokens in process.
  let embeddedKeys: JWTVerifyGetKey | undefined;
  if (config.auth.embedded) {
    const providerRecords = createAuthManagement(connection.db);
    const holdsSecondFactor = async (authUserId: string) => (await providerRecords.describeFactors([authUserId]))[0]?.secondFactor ?? false;
    await app.register(authProviderPlugin, {
      db: connection.db,
      projectId: config.auth.projectId,
      publicUrl: config.publicUrl,
      secret: appSecret,
      smtpUrl: config.mail.smtpUrl,
      mailFrom: config.mail.from,
      twilio: config.twilio,
      limits: { perIp: { max: config.auth.attemptsPerIpPerMinute, windowSeconds: 60 } },
      selfSignUp: config.auth.selfSignUp,
      sessionTtlSeconds: config.auth.sessionTtlSeconds,
      refreshIdleSeconds: config.auth.refreshIdleSeconds,
      refreshAbsoluteSeconds: config.auth.refreshAbsoluteSeconds,
      methods: embeddedAuthMethodsOf(config),
      locateCountry: countryOfAddress,
      outboundFetch: guardedFetch(config.outboundAllowedHosts),
      oauthProviders: config.auth.oauthProviders,
      provisionSsoUser: provisionFromSingleSignOn(connection.db),
      // Serves the management API (/v1/mgmt, /v2/mgmt) to whoever holds this key; only its hash is kept.
      managementKey: config.auth.managementKey,
      onAuthEvent: async (event, client) => {
        await auditTenantSelection(connection.db, event, client);
        await recordSignInFact(connection.db, event, client, holdsSecondFactor);
        await recordSecondFactorChange(connection.db, event, holdsSecondFactor);
      },
    });
    embeddedKeys = (header) => app.authProvider.keys.resolveKey(header);
  }
  await app.register(clientConfigRoutes, { config, authMethods: config.auth.embedded ? embeddedAuthMethodsOf(config) : ['password', 'otp-email'] });
  await app.register(healthRoutes, { connection });
  await app.register(companyLogosRoutes, { db: connection.db });
  await app.register(trainingMediaRoutes, { db: connection.db, secrets: app.secrets });
  await app.register(policyDocumentsRoutes, { db: connection.db, secrets: app.secrets });
  // SCIM 2.0 for identity providers: its own token, its own JSON (described by its discovery endpoints, not the OpenAPI document).
  await app.register(scimRoutes, { prefix: '/scim/v2/:organizationId', db: connection.db, publicUrl: config.publicUrl, onChanged: consumeEventsSoon(app.jobs, app.log) });

  const verifySession = cacheVerifiedSessions(
    createSessionVerifier({
      projectId: config.auth.projectId,
      keys: sessionKeys ?? embeddedKeys ?? remoteSessionKeys(config.auth.baseUrl, config.auth.projectId),
    }),
  );
  await app.register(
    async (api) => {
      await api.register(sessionPlugin, { db: connection.db, verifySession, enforceSignInPolicy: !config.auth.embedded });
      api.setNotFoundHandler((request, reply) => sendError(reply, 'NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`));
      await api.register(personalUserDataRoutes, { db: connection.db });
      await api.register(msspCompaniesRoutes, { db: connection.db });
      await api.register(feedbackRoutes, { db: connection.db });
      await api.register(reportPhishRoutes, { db: connection.db });
      await api.register(headsUpRoutes, { db: connection.db });
      await api.register(initialTestingRoutes, { db: connection.db });
      await api.register(riskRoutes, { db: connection.db });
      await api.register(peopleInsightsRoutes, { db: connection.db });
      await api.register(reportingRoutes, { db: connection.db });
      await api.register(adaptiveControlsRoutes, { db: connection.db });
      await api.register(onboardingRoutes, { db: connection.db });
      await api.register(onboardingWizardRoutes, {
        db: connection.db,
        publicUrl: config.publicUrl,
        jobs: app.jobs,
        secrets: app.secrets,
        ...(config.auth.embedded ? { authSecret: appSecret } : {}),
      });
      const management = createAuthManagement(connection.db);
      await api.register(outboxRoutes, { db: connection.db, management });
      await api.register(loginLogsRoutes, { db: connection.db, management });
      await api.register(organizationInsightsRoutes, { db: connection.db, management });
      await api.register(organizationUsersModule, {
        db: connection.db,
        appUrl: config.publicUrl,
        // Invitations go out the way the embedded provider sends its own mail; a remote provider sends none for us.
        mailer: config.auth.embedded ? (mail) => app.authProvider.delivery.send({ channel: 'email', ...mail }) : undefined,
      });
      await api.register(organizationSettingsRoutes, { db: connection.db, management });
      await api.register(accountRoutes, { db: connection.db, management });
      // Single sign-on lives in the embedded provider; another provider of the contract has its own settings.
      if (config.auth.embedded) {
        await api.register(ssoSettingsRoutes, { db: connection.db, secret: appSecret, publicUrl: config.publicUrl, outboundAllowedHosts: config.outboundAllowedHosts, provider: app.authProvider, resolveTxt: txtResolver(config.dnsServers) });
      }
      await api.register(campaignsRoutes, { db: connection.db, jobs: app.jobs, secrets: app.secrets, callbackNumber: config.callbackNumber });
      await api.register(programmesRoutes, { db: connection.db });
      await api.register(testRequestsRoutes, { db: connection.db, config });
      await api.register(phishingLibraryModule, { db: connection.db, phishPublicUrl: config.phish.publicUrl });
      await api.register(sendingProfilesModule, { db: connection.db, secrets: app.secrets, config });
      await api.register(trainingModule, { db: connection.db, secrets: app.secrets, sandboxUrl: config.phish.publicUrl });
      await api.register(ownModulesRoutes, { db: connection.db, secrets: app.secrets, sandboxUrl: config.phish.publicUrl, limits: { maxBytes: config.training.uploadMaxBytes } });
      await api.register(moduleTextsRoutes, { db: connection.db, config });
      await api.register(moduleRequestsRoutes, { db: connection.db, mail: config.mail, appUrl: config.publicUrl });
      await api.register(policiesRoutes, { db: connection.db, secrets: app.secrets });
      await api.register(complianceRoutes, { db: connection.db });
      await api.register(googleDirectoryRoutes, { db: connection.db, secrets: app.secrets, jobs: app.jobs, endpoints: config.google });
      await api.register(webhooksRoutes, { db: connection.db, secrets: app.secrets, config });
      await api.register(apiKeysRoutes, { db: connection.db });
      await api.register(phishMailboxRoutes, { db: connection.db, secrets: app.secrets, config });
    },
    { prefix: '/api' },
  );
  // The public REST API takes organisation API keys, never sessions: a scope of its own beside /api.
  await app.register(publicApiModule, { prefix: '/api/v1', db: connection.db });

  await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
};
