import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthManagement } from '@vigil/auth-provider';
import {
  apiErrorBodySchema,
  deviceProtectionSchema,
  insightsWindowQuerySchema,
  mfaProtectionSchema,
  signInActivitySchema,
  signInAnomaliesSchema,
  trainingStatusSchema,
} from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { getDeviceProtection, getMfaProtection, getSignInActivity, getSignInAnomalies, getTrainingStatus } from './organization-insights.service.ts';

const tags = ['insights'];
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };

/** The subpages of /insights/organization/ (admins): sign-ins, anomalies, second factors, devices, training. */
export const organizationInsightsRoutes: FastifyPluginAsyncZod<{ db: Db; management: AuthManagement }> = async (app, { db, management }) => {
  app.get(
    '/insights/organization/sign-ins/',
    {
      schema: { tags, summary: 'Sign-in attempts over the last 7, 30 or 90 days: by day and outcome, by method, and who failed most', querystring: insightsWindowQuerySchema, response: { 200: signInActivitySchema, ...errors } },
    },
    async (request) => getSignInActivity(db, request.tenant, request.query.days),
  );
  app.get(
    '/insights/organization/anomalies/',
    {
      schema: { tags, summary: 'Unusual sign-ins the anomaly rules found (new device or country, impossible travel, bursts of failures), newest first', querystring: insightsWindowQuerySchema, response: { 200: signInAnomaliesSchema, ...errors } },
    },
    async (request) => getSignInAnomalies(db, request.tenant, request.query.days),
  );
  app.get(
    '/insights/organization/mfa/',
    { schema: { tags, summary: 'Who holds which sign-in factors, overall and by department', response: { 200: mfaProtectionSchema, ...errors } } },
    async (request) => getMfaProtection(db, management, request.tenant),
  );
  app.get(
    '/insights/organization/devices/',
    {
      schema: { tags, summary: 'The kinds of device people sign in from, and whether device protection data is connected', querystring: insightsWindowQuerySchema, response: { 200: deviceProtectionSchema, ...errors } },
    },
    async (request) => getDeviceProtection(db, request.tenant, request.query.days),
  );
  app.get(
    '/insights/organization/training/',
    { schema: { tags, summary: 'Assigned, completed, overdue and failed lessons, overall and by department, and completions by month', response: { 200: trainingStatusSchema, ...errors } } },
    async (request) => getTrainingStatus(db, request.tenant),
  );
};
