import { applyAuthMigrations } from '@vigil/auth-provider';
import { type DatabaseConnection, type DatabaseOptions, applyMigrations, openDatabase } from '@vigil/db';

/**
 * PGlite in memory by default; the PostgreSQL server named by TEST_DATABASE_URL when the test
 * command runs the suite a second time against a real server. Tests never truncate: each builds
 * its own organisations, so files can share one PostgreSQL database. `options` opens another one
 * (isolated-database.ts).
 */
export const openTestDatabase = async (options?: DatabaseOptions): Promise<DatabaseConnection> => {
  const url = process.env.TEST_DATABASE_URL;
  const connection = await openDatabase(options ?? (url ? { kind: 'postgres', url, poolSize: 4 } : { kind: 'pglite' }));
  await applyMigrations(connection);
  await applyAuthMigrations(connection);
  return connection;
};
