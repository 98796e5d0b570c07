import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { landingPagesRoutes } from '../landing-pages/landing-pages.routes.ts';
import { type PhishingTemplatesRoutesOptions, phishingTemplatesRoutes } from './phishing-templates.routes.ts';

/** Configure → Testing → Templates and Landing pages. */
export const phishingLibraryModule: FastifyPluginAsyncZod<PhishingTemplatesRoutesOptions> = async (app, options) => {
  await app.register(phishingTemplatesRoutes, options);
  await app.register(landingPagesRoutes, { db: options.db });
};
