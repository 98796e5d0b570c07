import { resolve } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

// The provider only uses its own tables, so any Drizzle PostgreSQL database will do.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AuthDb = PgDatabase<PgQueryResultHKT, any>;

/** What the provider needs of a database connection (Vigil's DatabaseConnection fits). */
export type AuthDatabase = { kind: 'pglite' | 'postgres'; db: AuthDb; connectionString?: string };

const migrationsFolder = resolve(import.meta.dirname, '../migrations');
// Drizzle's own journal schema, under a table name of our own, beside the application's journal.
const journal = { migrationsSchema: 'drizzle', migrationsTable: '__auth_provider_migrations' };
const migrationLockKey = 727_002;

/** Applies the provider's own migrations (schema `auth`, journal `drizzle.__auth_provider_migrations`). */
export const applyAuthMigrations = async (database: AuthDatabase) => {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder, ...journal });
    return;
  }
  const client = new pg.Client({ connectionString: database.connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder, ...journal });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
    await client.end();
  }
};

/**
 * The unique index a database error broke, when it is one (PostgreSQL 23505): two requests racing
 * to make the same row. Drizzle wraps the driver's error (node-postgres or PGlite, both with `code`
 * and `constraint`) as its `cause`.
 */
export const uniqueViolationOf = (error: unknown): { constraint: string } | undefined => {
  for (let at = error, depth = 0; typeof at === 'object' && at !== null && depth < 5; at = (at as { cause?: unknown }).cause, depth += 1) {
    const { code, constraint } = at as { code?: unknown; constraint?: unknown };
    if (code === '23505') return { constraint: typeof constraint === 'string' ? constraint : '' };
  }
  return undefined;
};

export const isUniqueViolation = (error: unknown) => uniqueViolationOf(error) !== undefined;
