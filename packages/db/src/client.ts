import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the app codes against, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseConnection = {
  kind: DatabaseKind;
  db: Db;
  /** Set for the embedded engine: pg-boss needs the instance itself. */
  pglite?: PGlite;
  /** Set for a server: pg-boss opens its own small pool with it. */
  connectionString?: string;
  close: () => Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /**
   * dataDir undefined keeps the database in memory (tests). `template`: a data directory dumped by
   * PGlite's dumpDataDir to start from (tests load a migrated one in a third of a second instead of
   * migrating for two and a half).
   */
  | { kind: 'pglite'; dataDir?: string; template?: Blob };

/** Opens the embedded PGlite database or a PostgreSQL pool; both speak the same schema. */
export const openDatabase = async (options: DatabaseOptions): Promise<DatabaseConnection> => {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client can lose its server; without this handler the error would crash the process.
    pool.on('error', () => undefined);
    const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    return { kind: 'postgres', db, connectionString: options.url, close: () => pool.end() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({ ...(options.dataDir ? { dataDir: options.dataDir } : {}), ...(options.template ? { loadDataDir: options.template } : {}) });
  const db = drizzlePglite({ client: pglite, schema, casing: 'snake_case' }) as unknown as Db;
  return { kind: 'pglite', db, pglite, close: () => pglite.close() };
};
