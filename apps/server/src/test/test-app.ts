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
  authAs: (person: { authUserId: string | null }, session?: { dct?: string; tenants?: Record<string, { roles: string[] }>; sid?: string; mfaRequired?: boolean; amr?: string[]; authTime?: number }) => Promise<{ authorization: string }>;
};

type TestAppOptions = { embeddedAuth?: boolean; /** Logger options from the config (a test that reads the logs). */ logger?: (config: Config) => FastifyServerOptions['logger'] };

/**
 * The real app on a database the caller opened (and closes), with session keys served over HTTP by
 * a loopback JWKS server. For tests that open their own database; most use `useTestApp`.
 */
export const startTestApp = async (connection: DatabaseConnection, env: Record<string, string> = {}, { embeddedAuth = false, logger }: TestAppOptions = {}): Promise<TestContext & { close: () => Promise<void> }> => {
  const jwks = await startTestJwksServer(testProjectId);
  // Embedded: the provider runs inside the app, as with `npm start`; otherwise the loopback JWKS stands in for it.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_PROJECT_ID: testProjectId,
    ...(embeddedAuth ? { PUBLIC_URL: 'http://vigil.test' } : { AUTH_BASE_URL: jwks.baseUrl }),
    AUTH_SECRET: 'test-secret-for-the-embedded-provider-0123456789',
    // Attempts are counted in the database; on PostgreSQL every test file shares one, all from 127.0.0.1.
    AUTH_ATTEMPTS_PER_IP_PER_MINUTE: '10000',
    DATA_DIR: '/nonexistent-test-data',
    ...env,
  });
  const app = await buildApp({ config, connection, ...(logger ? { logger: logger(config) } : {}) });
  try {
    await app.ready();
  } catch (error) {
    await jwks.close();
    throw error;
  }
  return {
    app,
    config,
    db: connection.db,
    connection,
    jwks,
    jobContext: { db: connection.db, log: app.log, config, secrets: app.secrets, jobs: app.jobs, delivery: app.delivery, stopping: new AbortController().signal },
    authAs: async (person, session = {}) => ({ authorization: `Bearer ${await jwks.mintSessionToken({ sub: person.authUserId!, ...session })}` }),
    close: async () => {
      await app.close();
      await jwks.close();
    },
  };
};

/**
 * Builds the real app on a real database for one test file, with session keys served over HTTP
 * by a loopback JWKS server. Call at the top level of a test file; `env` may be a function, read
 * after the hooks registered before this call.
 */
export const useTestApp = (env: Record<string, string> | (() => Record<string, string>) = {}, options: TestAppOptions = {}): TestContext => {
  const context = {} as TestContext;
  let closeApp: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    context.connection = await openTestDatabase();
    // A function is read when the app starts: after the file's earlier beforeAll hooks (a test server's port).
    const { close, ...started } = await startTestApp(context.connection, typeof env === 'function' ? env() : env, options);
    closeApp = close;
    Object.assign(context, started);
  });
  afterAll(async () => {
    await closeApp?.();
    await context.connection?.close();
  });
  return context;
};

/** A call to the embedded provider's /v1/auth API as the published SDK makes it (project id, then the token it was given). */
export const providerCall = (app: FastifyInstance) => (path: string, body: unknown, token?: string) =>
  app.inject({
    method: 'POST',
    url: `/v1/auth${path}`,
    headers: { authorization: `Bearer ${testProjectId}${token ? `:${token}` : ''}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
