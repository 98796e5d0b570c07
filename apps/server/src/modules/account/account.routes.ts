import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthManagement } from '@vigil/auth-provider';
import {
  accountFactorsSchema,
  accountProfileSchema,
  accountSessionParamsSchema,
  accountSessionsSchema,
  apiErrorBodySchema,
  loginHistoryQuerySchema,
  loginHistorySchema,
  revokedSessionsSchema,
  updateAccountProfileBodySchema,
} from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { requestOrigin } from '../../lib/request-origin.ts';
import {
  getAccountProfile,
  listAccountFactors,
  listAccountSessions,
  listLoginHistory,
  revokeAccountSession,
  revokeOtherAccountSessions,
  updateAccountProfile,
} from './account.service.ts';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema };
// Sessions, factors and sign-in history live with the embedded provider; with an outside one they answer 409 saying so.
const providerViewErrors = { ...errors, 409: apiErrorBodySchema };

/**
 * The signed-in person's own account: names, sessions, sign-in history. Every route acts on the
 * session's own user (request.tenant) and takes no one else's id, so nobody reaches another account.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ db: Db; management: AuthManagement }> = async (app, { db, management }) => {
  app.get(
    '/account/profile/',
    {
      schema: { tags: ['account'], summary: 'Your own names and email', response: { 200: accountProfileSchema, ...errors } },
    },
    async (request) => getAccountProfile(db, request.tenant),
  );

  app.patch(
    '/account/profile/',
    {
      schema: {
        tags: ['account'],
        summary: 'Change your own first and last name (audited)',
        body: updateAccountProfileBodySchema,
        response: { 200: accountProfileSchema, ...errors },
      },
    },
    async (request) => updateAccountProfile(db, request.tenant, request.body, requestOrigin(request)),
  );

  app.get(
    '/account/factors/',
    {
      schema: {
        tags: ['account'],
        summary: 'Your own authenticator app, passkeys and how many recovery codes are left (set up and changed through /v1/auth)',
        response: { 200: accountFactorsSchema, ...providerViewErrors },
      },
    },
    async (request) => listAccountFactors(management, request.tenant),
  );

  app.get(
    '/account/sessions/',
    {
      schema: {
        tags: ['account'],
        summary: 'Your own signed-in browsers and devices, the current one marked',
        response: { 200: accountSessionsSchema, ...providerViewErrors },
      },
    },
    async (request) => listAccountSessions(management, request.tenant),
  );

  app.delete(
    '/account/sessions/:sessionId/',
    {
      schema: {
        tags: ['account'],
        summary: 'End one of your other sessions: it is signed out at once (audited)',
        params: accountSessionParamsSchema,
        response: { 200: revokedSessionsSchema, ...providerViewErrors },
      },
    },
    async (request) => revokeAccountSession(db, management, request.tenant, request.params.sessionId, requestOrigin(request)),
  );

  app.post(
    '/account/sessions/revoke-others/',
    {
      schema: {
        tags: ['account'],
        summary: 'End all your sessions but this one (audited)',
        response: { 200: revokedSessionsSchema, ...providerViewErrors },
      },
    },
    async (request) => revokeOtherAccountSessions(db, management, request.tenant, requestOrigin(request)),
  );

  app.get(
    '/account/login-history/',
    {
      schema: {
        tags: ['account'],
        summary: 'Your own sign-in attempts, newest first',
        querystring: loginHistoryQuerySchema,
        response: { 200: loginHistorySchema, ...providerViewErrors },
      },
    },
    async (request) => listLoginHistory(management, request.tenant, request.query),
  );
};
