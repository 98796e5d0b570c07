import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organizationAdminsRoutes } from './organization-admins.routes.ts';
import { organizationUsersRoutes } from './organization-users.routes.ts';
import type { PeopleRoutesOptions } from './people-mail.ts';

/** Organisation settings → Users and Admins. */
export const organizationUsersModule: FastifyPluginAsyncZod<PeopleRoutesOptions> = async (app, options) => {
  await app.register(organizationUsersRoutes, options);
  await app.register(organizationAdminsRoutes, options);
};
