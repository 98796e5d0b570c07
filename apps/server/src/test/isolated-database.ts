import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type DatabaseConnection, openDatabase } from '@vigil/db';
import { openTestDatabase } from './test-database.ts';

export type IsolatedDatabase = {
  kind: 'postgres' | 'pglite';
  /** What a server process started on this database needs in its environment (DATABASE_URL or DATA_DIR). */
  env: Record<string, string>;
  /** A connection with the migrations applied. On PGlite, one process at a time: close it before another opens the folder. */
  open: () => Promise<DatabaseConnection>;
  dispose: () => Promise<void>;
};

/**
 * A database of a test's own, for tests that run the job workers or a server process. The suite's
 * shared PostgreSQL database has other files' workers polling it, and the dispatcher works across
 * every organisation, so they would send (or crash in the middle of) this test's campaign.
 * PostgreSQL pass: a new database on TEST_DATABASE_URL's server, dropped at the end. PGlite pass: the
 * embedded database in a temporary DATA_DIR, which a server process opens as `npm start` would.
 */
export const createIsolatedDatabase = async ({ embedded = 'disk' }: { /** PGlite pass: `memory` when no other process opens it. */ embedded?: 'disk' | 'memory' } = {}): Promise<IsolatedDatabase> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `vigil_isolated_${randomBytes(6).toString('hex')}`;
    const admin = async (statement: string) => {
      const server = await openDatabase({ kind: 'postgres', url: serverUrl, poolSize: 1 });
      try {
        await server.db.execute(sql.raw(statement));
      } finally {
        await server.close();
      }
    };
    await admin(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      kind: 'postgres',
      env: { DATABASE_URL: url.toString() },
      open: () => openTestDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 }),
      dispose: () => admin(`drop database if exists ${name} with (force)`),
    };
  }
  if (embedded === 'memory') return { kind: 'pglite', env: {}, open: () => openTestDatabase({ kind: 'pglite' }), dispose: async () => undefined };
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-isolated-'));
  return {
    kind: 'pglite',
    // DATABASE_URL empty: a process started with this environment must not inherit another database.
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    // The same folder config.ts derives from DATA_DIR.
    open: () => openTestDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') }),
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
};
