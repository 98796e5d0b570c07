import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { type Readiness, livenessSchema, readinessSchema } from '@vigil/contracts';
import { type DatabaseConnection, countAppliedMigrations, countExpectedMigrations } from '@vigil/db';

/** Liveness says the process answers; readiness that the database answers and is fully migrated. */
export const healthRoutes: FastifyPluginAsyncZod<{ connection: DatabaseConnection }> = async (app, { connection }) => {
  const expected = countExpectedMigrations();

  app.get(
    '/livez',
    { config: { public: true }, logLevel: 'warn', schema: { tags: ['health'], response: { 200: livenessSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  const readiness = async (): Promise<Readiness> => {
    const base = { database: connection.kind, migrations: { applied: 0, expected } };
    try {
      await connection.db.execute(sql`select 1`);
      const applied = await countAppliedMigrations(connection);
      const ready = applied >= expected;
      return {
        ...base,
        status: ready ? 'ready' : 'not_ready',
        migrations: { applied, expected },
        ...(ready ? {} : { problem: 'migrations are not all applied' }),
      };
    } catch {
      return { ...base, status: 'not_ready', problem: 'the database does not answer' };
    }
  };

  for (const url of ['/readyz', '/healthz']) {
    app.get(
      url,
      {
        config: { public: true },
        logLevel: 'warn',
        schema: { tags: ['health'], response: { 200: readinessSchema, 503: readinessSchema } },
      },
      async (_request, reply) => {
        const result = await readiness();
        return reply.code(result.status === 'ready' ? 200 : 503).send(result);
      },
    );
  }
};
