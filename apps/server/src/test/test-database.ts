import { applyAuthMigrations } from '@vigil/auth-provider';
import { type DatabaseConnection, type DatabaseOptions, applyMigrations, openDatabase } from '@vigil/db';
import { migratedPgliteTemplate } from './pglite-template.ts';

/**
 * PGlite in memory by default; the PostgreSQL server named by TEST_DATABASE_URL when the test
 * command runs the suite a second time against a real server. Tests never truncate: each builds
 * its own organisations, so files can share one PostgreSQL database. `options` opens another one
 * (isolated-database.ts).
 */
export const openTestDatabase = async (options?: DatabaseOptions): Promise<DatabaseConnection> => {
  const url = process.env.TEST_DATABASE_URL;
  const chosen: DatabaseOptions = options ?? (url ? { kind: 'postgres', url, poolSize: 4 } : { kind: 'pglite' });
  // An in-memory PGlite starts from the migrated template when the run made one.
  const template = chosen.kind === 'pglite' && !chosen.dataDir ? migratedPgliteTemplate() : undefined;
  const connection = await openDatabase(chosen.kind === 'pglite' && template ? { ...chosen, template } : chosen);
  // Loaded from the template, nothing is left to apply; the check is cheap and keeps one code path.
  await applyMigrations(connection);
  await applyAuthMigrations(connection);
  return connection;
};
