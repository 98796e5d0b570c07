import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ClientConfig, clientConfigSchema } from '@vigil/contracts';
import type { OAuthProviderName } from '@vigil/auth-provider';
import type { Config } from '../../config.ts';

/** What the web app needs before anyone signs in: where the authentication provider is, and its methods. */
export const clientConfigRoutes: FastifyPluginAsyncZod<{ config: Config; authMethods: ClientConfig['authMethods'] }> = async (app, { config, authMethods }) => {
  app.get(
    '/api/client-config/',
    {
      config: { public: true },
      schema: { tags: ['client'], summary: 'Public settings the web app starts with', response: { 200: clientConfigSchema } },
    },
    async () => ({
      authProjectId: config.auth.projectId,
      authBaseUrl: config.auth.baseUrl,
      authMethods,
      oauthProviders: authMethods.includes('oauth') ? (Object.keys(config.auth.oauthProviders) as OAuthProviderName[]) : [],
    }),
  );
};
