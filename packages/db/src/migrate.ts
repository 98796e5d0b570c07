import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DatabaseConnection } from './client.ts';

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** An arbitrary constant: servers starting together take turns applying migrations. */
const migrationLockKey = 727_001;

/** How many migrations this build ships (drizzle-kit's journal). */
export const countExpectedMigrations = (): number => {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
};

/** Applies every committed migration not yet applied. Safe to call from several servers at once. */
export const applyMigrations = async (connection: DatabaseConnection): Promise<void> => {
  if (connection.kind === 'pglite') {
    await migratePglite(connection.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  // One dedicated connection, so the session lock is taken and released on the same backend.
  const client = new pg.Client({ connectionString: connection.connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
    await client.end();
  }
};

/** Migrations recorded as applied in the database (0 when none ever ran). */
export const countAppliedMigrations = async (connection: DatabaseConnection): Promise<number> => {
  const result = await connection.db.execute<{ count: number }>(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { count: number }[] }).rows) as { count: number }[];
  return rows[0]?.count ?? 0;
};
