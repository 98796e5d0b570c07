/**
 * The provider on its own: `npm run start -w @vigil/auth-provider`. Configured like the product:
 * AUTH_PROJECT_ID, AUTH_SECRET (required here), PUBLIC_URL (the application its links lead to),
 * PORT (default 4000), DATABASE_URL (or the embedded PGlite in DATA_DIR), SMTP_URL, MAIL_FROM, and
 * AUTH_MANAGEMENT_KEY (the key the application's management calls carry; without it none is served).
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import cors from '@fastify/cors';
import Fastify from 'fastify';
import pg from 'pg';
import { type AuthDatabase, applyAuthMigrations } from './database.ts';
import { authProviderPlugin } from './plugin.ts';

const required = (name: string) => {
  const value = process.env[name]?.trim();
  if (!value) {
    console.error(`${name} is required to run the provider on its own`);
    process.exit(1);
  }
  return value;
};

const projectId = required('AUTH_PROJECT_ID');
const secret = required('AUTH_SECRET');
const publicUrl = required('PUBLIC_URL');
if (secret.length < 32) {
  console.error('AUTH_SECRET must be at least 32 characters');
  process.exit(1);
}

const url = process.env.DATABASE_URL?.trim();
let database: AuthDatabase;
let closeDatabase: () => Promise<void>;
if (url) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  database = { kind: 'postgres', db: drizzleNodePg({ client: pool, casing: 'snake_case' }), connectionString: url };
  closeDatabase = () => pool.end();
} else {
  const dataDir = `${process.env.DATA_DIR ?? './data'}/auth-pglite`;
  mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir);
  database = { kind: 'pglite', db: drizzlePglite({ client: pglite, casing: 'snake_case' }) };
  closeDatabase = () => pglite.close();
}
await applyAuthMigrations(database);

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' }, trustProxy: process.env.TRUST_PROXY === 'true' });
// On its own origin the SDK calls it cross-origin with credentials (contract §1.6): only the app may.
await app.register(cors, {
  origin: new URL(publicUrl).origin,
  credentials: true,
  allowedHeaders: ['authorization', 'content-type', 'x-descope-sdk-name', 'x-descope-sdk-version', 'x-descope-sdk-session-id', 'x-descope-project-id', 'x-descope-refresh-cookie-name', 'x-descope-trusted-device-token', 'x-descope-known-device-token', 'x-external-rid'],
  exposedHeaders: ['retry-after', 'x-descope-flow-nonce'],
});
await app.register(authProviderPlugin, {
  db: database.db,
  projectId,
  publicUrl,
  secret: Buffer.from(secret, 'utf8'),
  smtpUrl: process.env.SMTP_URL,
  mailFrom: process.env.MAIL_FROM,
  methods: ['password', 'otp-email', 'magiclink', 'enchantedlink'],
  managementKey: process.env.AUTH_MANAGEMENT_KEY?.trim() || undefined,
});
app.addHook('onClose', closeDatabase);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close());
await app.listen({ port: Number(process.env.PORT ?? 4000), host: process.env.HOST ?? '0.0.0.0' });
