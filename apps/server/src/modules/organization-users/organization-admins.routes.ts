import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  changeOrganizationAdminRoleBodySchema,
  inviteOrganizationAdminBodySchema,
  inviteOrganizationAdminResultSchema,
  organizationAdminSchema,
  organizationAdminsSchema,
  organizationUserIdParamsSchema,
  organizationUserSchema,
} from '@vigil/contracts';
import { requestOrigin } from '../../lib/request-origin.ts';
import {
  changeOrganizationAdminRole,
  inviteOrganizationAdmin,
  listOrganizationAdmins,
  removeOrganizationAdmin,
} from './organization-admins.service.ts';
import type { PeopleRoutesOptions } from './people-mail.ts';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema };

/** Organisation settings → Admins: who administers the organisation (admins). */
export const organizationAdminsRoutes: FastifyPluginAsyncZod<PeopleRoutesOptions> = async (app, { db, mailer, appUrl }) => {
  app.get(
    '/organization/admins/',
    {
      schema: {
        tags: ['organisation users'],
        summary: "The organisation's admins and superadmins (admins)",
        response: { 200: organizationAdminsSchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema },
      },
    },
    async (request) => listOrganizationAdmins(db, request.tenant),
  );

  app.post(
    '/organization/admins/',
    {
      schema: {
        tags: ['organisation users'],
        summary: 'Make someone an admin by email (adding them if they are not a user yet) and email them how to sign in',
        body: inviteOrganizationAdminBodySchema,
        response: { 201: inviteOrganizationAdminResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await inviteOrganizationAdmin(
        db,
        request.tenant,
        request.body,
        { mailer, appUrl, log: request.log },
        requestOrigin(request),
      );
      return reply.code(201).send(result);
    },
  );

  app.patch(
    '/organization/admins/:id/',
    {
      schema: {
        tags: ['organisation users'],
        summary: "Change an admin's role between Admin and Superadmin",
        params: organizationUserIdParamsSchema,
        body: changeOrganizationAdminRoleBodySchema,
        response: { 200: organizationAdminSchema, ...errors },
      },
    },
    async (request) =>
      changeOrganizationAdminRole(db, request.tenant, request.params.id, request.body.role, requestOrigin(request)),
  );

  app.delete(
    '/organization/admins/:id/',
    {
      schema: {
        tags: ['organisation users'],
        summary: 'Take admin rights away; the person stays, as a User',
        params: organizationUserIdParamsSchema,
        response: { 200: organizationUserSchema, ...errors },
      },
    },
    async (request) => removeOrganizationAdmin(db, request.tenant, request.params.id, requestOrigin(request)),
  );
};
