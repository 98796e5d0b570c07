import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  createOrganizationUserBodySchema,
  organizationDepartmentsSchema,
  organizationUserIdParamsSchema,
  organizationUserSchema,
  organizationUsersQuerySchema,
  organizationUsersSchema,
  updateOrganizationUserBodySchema,
  usersImportBodySchema,
  usersImportCommitBodySchema,
  usersImportLimits,
  usersImportPreviewSchema,
  usersImportResultSchema,
} from '@vigil/contracts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { jsonOrCsvResponse, replyWithCsv } from '../../lib/csv-reply.ts';
import { requestOrigin } from '../../lib/request-origin.ts';
import {
  createOrganizationUser,
  exportOrganizationUsersCsv,
  listOrganizationDepartments,
  listOrganizationUsers,
  requirePeopleManager,
  setOrganizationUserActive,
  updateOrganizationUser,
} from './organization-users.service.ts';
import type { PeopleRoutesOptions } from './people-mail.ts';
import { importUsers, previewUsersImport } from './users-import.service.ts';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };
const errorsWithTarget = { ...errors, 404: apiErrorBodySchema, 409: apiErrorBodySchema };
// The CSV travels as JSON text: leave room for escaping on top of the file's own limit.
const importBodyLimit = usersImportLimits.maxBytes * 2;
// Enough for an admin fixing a file again and again; counted per organisation on every server.
const previewLimit = { max: 30, windowSeconds: 600 };

/** Organisation settings → Users: the organisation's people, for its admins. */
export const organizationUsersRoutes: FastifyPluginAsyncZod<PeopleRoutesOptions> = async (app, { db, mailer, appUrl }) => {
  const mailSettings = (request: FastifyRequest) => ({ mailer, appUrl, log: request.log });

  app.get(
    '/organization/users/',
    {
      schema: {
        tags: ['organisation users'],
        summary: "The organisation's people, filtered, sorted and paged (admins); format=csv downloads every match",
        querystring: organizationUsersQuerySchema,
        response: { 200: jsonOrCsvResponse(organizationUsersSchema), ...errors },
      },
    },
    async (request, reply) => {
      if (request.query.format !== 'csv') return listOrganizationUsers(db, request.tenant, request.query);
      return replyWithCsv(reply, 'users', await exportOrganizationUsersCsv(db, request.tenant, request.query));
    },
  );

  app.post(
    '/organization/users/',
    {
      schema: {
        tags: ['organisation users'],
        summary: 'Add a person, with a login that signs in by emailed code or link (admins)',
        body: createOrganizationUserBodySchema,
        response: { 201: organizationUserSchema, ...errorsWithTarget },
      },
    },
    async (request, reply) => {
      const user = await createOrganizationUser(db, request.tenant, request.body, mailSettings(request), requestOrigin(request));
      return reply.code(201).send(user);
    },
  );

  app.patch(
    '/organization/users/:id/',
    {
      schema: {
        tags: ['organisation users'],
        summary: "Change a person's details; their login follows (admins)",
        params: organizationUserIdParamsSchema,
        body: updateOrganizationUserBodySchema,
        response: { 200: organizationUserSchema, ...errorsWithTarget },
      },
    },
    async (request) =>
      updateOrganizationUser(db, request.tenant, request.params.id, request.body, mailSettings(request), requestOrigin(request)),
  );

  app.post(
    '/organization/users/:id/deactivate/',
    {
      schema: {
        tags: ['organisation users'],
        summary: 'Deactivate a person: their sessions end and they can no longer sign in (admins)',
        params: organizationUserIdParamsSchema,
        response: { 200: organizationUserSchema, ...errorsWithTarget },
      },
    },
    async (request) => setOrganizationUserActive(db, request.tenant, request.params.id, false, requestOrigin(request)),
  );

  app.post(
    '/organization/users/:id/reactivate/',
    {
      schema: {
        tags: ['organisation users'],
        summary: 'Reactivate a deactivated person (admins)',
        params: organizationUserIdParamsSchema,
        response: { 200: organizationUserSchema, ...errorsWithTarget },
      },
    },
    async (request) => setOrganizationUserActive(db, request.tenant, request.params.id, true, requestOrigin(request)),
  );

  app.get(
    '/organization/departments/',
    {
      schema: {
        tags: ['organisation users'],
        summary: "The organisation's departments, with how many active people each has (admins)",
        response: { 200: organizationDepartmentsSchema, ...errors },
      },
    },
    async (request) => listOrganizationDepartments(db, request.tenant),
  );

  app.post(
    '/organization/users/import/preview/',
    {
      bodyLimit: importBodyLimit,
      schema: {
        tags: ['organisation users'],
        summary: 'What importing a users CSV would do, row by row, with every problem; writes nothing (admins)',
        body: usersImportBodySchema,
        response: { 200: usersImportPreviewSchema, ...errors, 429: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      // Only an admin's preview counts, so nobody else can use up the organisation's allowance.
      requirePeopleManager(request.tenant);
      const key = `organization-users.import-preview:${request.tenant.organizationId}`;
      await enforceRateLimit(db, reply, key, previewLimit, `This organization has checked too many import files in the last ${previewLimit.windowSeconds / 60} minutes`);
      return previewUsersImport(db, request.tenant, request.body.csv);
    },
  );

  app.post(
    '/organization/users/import/',
    {
      bodyLimit: importBodyLimit,
      schema: {
        tags: ['organisation users'],
        summary: 'Import a users CSV in one transaction; refused whole (400, by line) if a row has errors, unless skipInvalidRows',
        body: usersImportCommitBodySchema,
        response: { 200: usersImportResultSchema, ...errors, 409: apiErrorBodySchema },
      },
    },
    async (request) => importUsers(db, request.tenant, request.body, mailSettings(request), requestOrigin(request)),
  );
};
