import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type SendingProfilesRoutesOptions, sendingProfilesRoutes } from './sending-profiles.routes.ts';

/** Configure → Testing → Sending profiles: SMTP settings, the test email and the filter header secret. */
export const sendingProfilesModule: FastifyPluginAsyncZod<SendingProfilesRoutesOptions> = async (app, options) => {
  await app.register(sendingProfilesRoutes, options);
};
