import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import argon2 from 'argon2';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type AuthDatabase, applyAuthMigrations } from '../database.ts';
import { createAuthManagement } from '../management/management.ts';
import { type AuthProviderOptions, authProviderPlugin } from '../plugin.ts';
import { startFakeTwilio } from './fake-twilio.ts';
import { startSmtpInbox } from './smtp-inbox.ts';

export const projectId = 'P2conformance0000000000000000';
/** The provider's secret in these tests (it encrypts keys and OIDC client secrets). */
export const providerSecret = Buffer.from('conformance-test-secret-of-32-bytes!!');

const openDatabase = async (): Promise<AuthDatabase & { close: () => Promise<void> }> => {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    return { kind: 'postgres', db: drizzleNodePg({ client: pool, casing: 'snake_case' }), connectionString: url, close: () => pool.end() };
  }
  const pglite = new PGlite();
  return { kind: 'pglite', db: drizzlePglite({ client: pglite, casing: 'snake_case' }), close: () => pglite.close() };
};

export type Harness = {
  app: FastifyInstance;
  baseUrl: string;
  database: AuthDatabase;
  inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
  management: ReturnType<typeof createAuthManagement>;
  /** A user with a password in a fresh tenant; every test makes its own. */
  buildUser: (options?: { password?: string; tenants?: number }) => Promise<{ userId: string; email: string; phone: string; password: string; tenantIds: string[] }>;
};

/** The provider alone on a loopback port, with a real SMTP server for what it sends. */
export const useProvider = (options: Partial<AuthProviderOptions> = {}): Harness => {
  const harness = {} as Harness;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await openDatabase();
    await applyAuthMigrations(database);
    harness.inbox = await startSmtpInbox();
    harness.twilio = await startFakeTwilio('ACtest0000000000000000000000000000', 'twilio-test-token');
    harness.database = database;
    harness.app = Fastify({ logger: false });
    await harness.app.register(authProviderPlugin, {
      db: database.db,
      projectId,
      publicUrl: 'http://app.vigil.test',
      secret: providerSecret,
      smtpUrl: harness.inbox.url,
      mailFrom: 'Vigil <no-reply@vigil.test>',
      twilio: { baseUrl: harness.twilio.baseUrl, accountSid: 'ACtest0000000000000000000000000000', authToken: 'twilio-test-token', from: '+15550001111' },
      // Attempts are counted in the database, and on PostgreSQL every test file shares one, all from
      // 127.0.0.1: per IP, allow what the files together do in a minute (per login id stays as shipped).
      limits: { perIp: { max: 10_000, windowSeconds: 60 }, perLoginId: { max: 10, windowSeconds: 600 } },
      ...options,
    });
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    harness.baseUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
    harness.management = createAuthManagement(database.db);
    const sharedHash = await argon2.hash('correct horse battery staple', { type: argon2.argon2id });
    harness.buildUser = async ({ password = 'correct horse battery staple', tenants = 1 } = {}) => {
      const tag = randomUUID().slice(0, 8);
      const tenantIds = Array.from({ length: tenants }, (_, i) => `T${tag}${i}`);
      await harness.management.upsertTenants(tenantIds.map((id, i) => ({ id, name: `Tenant ${i} ${tag}` })));
      const userId = `U${tag}`;
      const email = `user.${tag}@vigil.test`;
      const phone = `+1555${String(parseInt(tag.slice(0, 6), 16) % 10_000_000).padStart(7, '0')}`;
      const passwordHash = password === 'correct horse battery staple' ? sharedHash : await argon2.hash(password, { type: argon2.argon2id });
      await harness.management.upsertUsers([
        { userId, email, phone, givenName: 'Test', familyName: tag, tenants: Object.fromEntries(tenantIds.map((id) => [id, ['Admin']])), passwordHash },
      ]);
      return { userId, email, phone, password, tenantIds };
    };
    close = async () => {
      await harness.app.close();
      await harness.inbox.close();
      await harness.twilio.close();
      await database.close();
    };
  });
  afterAll(async () => close?.());
  return harness;
};
