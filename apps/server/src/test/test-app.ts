import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Db, DatabaseConnection } from '@vigil/db';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { JobContext } from '../lib/jobs.ts';
import { openTestDatabase } from './test-database.ts';
import { startTestJwksServer } from './test-jwks-server.ts';

export const testProjectId = 'P2testproject0000000000000000';

export type TestContext = {
  app: FastifyInstance;
  config: Config;
  /** What a job handler gets in this app, for tests that run a handler directly. */
  jobContext: JobContext;
  db: Db;
  connection: DatabaseConnection;
  jwks: Awaited<ReturnType<typeof startTestJwksServer>>;
  /** Authorization header for a person built by the factories. */
  authAs: (person: { authUserId: string | null }, session?: { dct?: string; tenants?: Record<string, { roles: string[] }>; sid?: string }) => Promise<{ authorization: string }>;
};

/**
 * Builds the real app on a real database for one test file, with session keys served over HTTP
 * by a loopback JWKS server. Call at the top level of a test file.
 */
export const useTestApp = (
  env: Record<string, string> = {},
  { embeddedAuth = false, logger }: { embeddedAuth?: boolean; /** Logger options from the config (a test that reads the logs). */ logger?: (config: Config) => FastifyServerOptions['logger'] } = {},
): TestContext => {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.jwks = await startTestJwksServer(testProjectId);
    context.connection = await openTestDatabase();
    context.db = context.connection.db;
    // Embedded: the provider runs inside the app, as with `npm start`; otherwise the loopback JWKS stands in for it.
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      AUTH_PROJECT_ID: testProjectId,
      ...(embeddedAuth ? { PUBLIC_URL: 'http://vigil.test' } : { AUTH_BASE_URL: context.jwks.baseUrl }),
      AUTH_SECRET: 'test-secret-for-the-embedded-provider-0123456789',
      DATA_DIR: '/nonexistent-test-data',
      ...env,
    });
    context.config = config;
    context.app = await buildApp({ config, connection: context.connection, ...(logger ? { logger: logger(config) } : {}) });
    await context.app.ready();
    const { app } = context;
    context.jobContext = { db: context.db, log: app.log, config, secrets: app.secrets, jobs: app.jobs, delivery: app.delivery };
    context.authAs = async (person, session = {}) => ({
      authorization: `Bearer ${await context.jwks.mintSessionToken({ sub: person.authUserId!, ...session })}`,
    });
  });
  afterAll(async () => {
    await context.app?.close();
    await context.connection?.close();
    await context.jwks?.close();
  });
  return context;
};
