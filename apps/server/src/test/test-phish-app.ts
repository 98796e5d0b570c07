import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseConnection, Db } from '@vigil/db';
import { type Config, loadConfig } from '../config.ts';
import { type SecretBox, createSecretBox } from '../lib/secrets.ts';
import { buildPhishApp, phishLoggerOptions } from '../phish-app.ts';
import { openTestDatabase } from './test-database.ts';

export type PhishTestContext = {
  app: FastifyInstance;
  config: Config;
  db: Db;
  connection: DatabaseConnection;
  secrets: SecretBox;
  /** Every log line the listener wrote, at trace level, through its production logger settings. */
  logLines: string[];
};

/** The phishing listener on a real database for one test file, its log captured. Call at the top level. */
export const useTestPhishApp = (env: Record<string, string> = {}): PhishTestContext => {
  const context = { logLines: [] as string[] } as PhishTestContext;
  beforeAll(async () => {
    context.connection = await openTestDatabase();
    context.db = context.connection.db;
    context.config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace', PUBLIC_URL: 'http://vigil.test', PHISH_PUBLIC_URL: 'http://phish.test', DATA_DIR: '/nonexistent-test-data', ...env });
    context.secrets = createSecretBox(Buffer.from('test-secret-for-the-phishing-listener-0123456789'));
    const stream = { write: (line: string) => void context.logLines.push(line) };
    context.app = await buildPhishApp({ config: context.config, connection: context.connection, secrets: context.secrets, logger: { ...phishLoggerOptions(context.config), stream } });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.connection?.close();
  });
  return context;
};
