import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@vigil/db';

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * Makes the embedded provider fail to write one login, as if it broke half-way through a change:
 * a trigger on its users table refuses rows with this email or user id until `restore` is called.
 * Only those rows are refused, so other tests sharing the database carry on.
 */
export const breakProviderWritesFor = async (db: Db, match: { email?: string; userId?: string }) => {
  const name = `refuse_login_${randomUUID().replaceAll('-', '')}`;
  const conditions = [
    ...(match.email ? [`lower(new.email) = lower(${literal(match.email)})`] : []),
    ...(match.userId ? [`new.id = ${literal(match.userId)}`] : []),
  ];
  if (!conditions.length) throw new Error('say which login to refuse');
  await db.execute(
    sql.raw(
      `create function auth.${name}() returns trigger language plpgsql as $$ begin ` +
        `if ${conditions.join(' or ')} then raise exception 'the provider is unavailable'; end if; return new; end $$`,
    ),
  );
  await db.execute(sql.raw(`create trigger ${name} before insert or update on auth.users for each row execute function auth.${name}()`));
  return {
    restore: async () => {
      await db.execute(sql.raw(`drop trigger ${name} on auth.users`));
      await db.execute(sql.raw(`drop function auth.${name}()`));
    },
  };
};
