import { sql } from 'drizzle-orm';
import type { Db } from '@vigil/db';

/** Every row of every table, as text: what a `pg_dump` of the database would hold. */
export const dumpDatabase = async (db: Db) => {
  const tables: unknown = await db.execute(
    sql`select table_schema as schema, table_name as name from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  const rowsOf = <Row>(result: unknown): Row[] => (result && typeof result === 'object' && 'rows' in result ? (result as { rows: Row[] }).rows : (result as Row[]));
  const rows = rowsOf<{ schema: string; name: string }>(tables);
  const parts: string[] = [];
  for (const { schema, name } of rows) {
    const dump: unknown = await db.execute(sql.raw(`select t::text as row from "${schema}"."${name}" t`));
    for (const line of rowsOf<{ row: string }>(dump)) parts.push(line.row);
  }
  return parts.join('\n');
};
