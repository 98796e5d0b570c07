import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type OrganizationAdminsOptions, organizationAdminsRoutes } from './organization-admins.routes.ts';
import { organizationUsersRoutes } from './organization-users.routes.ts';

/** Organisation settings → Users and Admins. */
export const organizationUsersModule: FastifyPluginAsyncZod<OrganizationAdminsOptions> = async (app, options) => {
  await app.register(organizationUsersRoutes, options);
  await app.register(organizationAdminsRoutes, options);
};
