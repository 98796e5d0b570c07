import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseConnection } from '@vigil/db';
import { loadConfig } from '../config.ts';
import { type AnyJobDefinition, checkJobDefinitions, defineJob } from '../lib/jobs.ts';
import { createSecretBox } from '../lib/secrets.ts';
import { createMailDeliveryFor } from '../modules/phishing/delivery/smtp-delivery.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { jobsPlugin } from './jobs.ts';

// Queue names are unique per run: on PostgreSQL every test file shares one database, and its queues.
const run = randomUUID().slice(0, 8);

/** A job that holds its worker until the test lets it go, so the test can see what runs at once. */
const heldJobs = () => {
  const running = new Map<string, string>();
  const releases = new Map<string, () => void>();
  const started: string[] = [];
  const definition = defineJob({
    name: `test.held.${run}`,
    payload: z.object({ organizationId: z.string(), label: z.string() }),
    concurrency: 3,
    perOrganization: 1,
    handler: async ({ organizationId, label }) => {
      running.set(label, organizationId);
      started.push(label);
      await new Promise<void>((release) => releases.set(label, release));
      running.delete(label);
    },
  });
  const releaseAll = () => {
    for (const release of releases.values()) release();
  };
  return { definition, running, started, releases, releaseAll };
};

describe(`the job runtime on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  const connections: DatabaseConnection[] = [];
  const runtimes: FastifyInstance[] = [];
  const held = heldJobs();
  const unfair = defineJob({ name: `test.needs-organization.${run}`, payload: z.object({ label: z.string() }), perOrganization: 1, handler: async () => undefined });
  const app = () => runtimes[0]!;

  /** One job runtime, as one server or `npm run worker` process has. */
  const startRuntime = async () => {
    const connection = await openTestDatabase();
    connections.push(connection);
    const secrets = createSecretBox(Buffer.from('a-test-secret-of-enough-length-0123456789'));
    const runtime = Fastify({ logger: false });
    await runtime.register(jobsPlugin, { connection, definitions: [held.definition, unfair as AnyJobDefinition], services: { config: loadConfig({}), secrets, delivery: createMailDeliveryFor(connection.db, secrets, loadConfig({})) } });
    await runtime.ready();
    await runtime.jobs.startWorkers();
    runtimes.push(runtime);
  };

  beforeAll(async () => {
    await startRuntime();
    // On PostgreSQL a second runtime polls the same queue, as a second process would: the limit holds over both.
    if (onPostgres) await startRuntime();
  });
  afterAll(async () => {
    held.releaseAll();
    for (const runtime of runtimes) await runtime.close();
    for (const connection of connections) await connection.close();
  });

  it('shares workers fairly: a busy organisation runs one job at a time while another organisation’s job starts beside it', async () => {
    const busy = randomUUID();
    const other = randomUUID();
    for (const label of ['busy-1', 'busy-2', 'busy-3']) await app().jobs.send(held.definition, { organizationId: busy, label });
    await app().jobs.send(held.definition, { organizationId: other, label: 'other-1' });

    // Three workers (six over two runtimes) are free, but the busy organisation may hold only one of them.
    await expect.poll(() => held.running.size, { timeout: 20_000 }).toBe(2);
    expect([...held.running.values()].sort()).toEqual([busy, other].sort());
    expect(held.running.has('other-1')).toBe(true);

    // Each of its jobs gets its turn as the one before finishes; none is lost.
    for (let finished = 1; finished <= 3; finished += 1) {
      const current = [...held.running.keys()].find((label) => label.startsWith('busy'))!;
      held.releases.get(current)!();
      if (finished < 3) await expect.poll(() => held.started.filter((label) => label.startsWith('busy')).length, { timeout: 20_000 }).toBe(finished + 1);
    }
    held.releases.get('other-1')!();
    await expect.poll(() => held.running.size, { timeout: 20_000 }).toBe(0);
    expect(held.started.sort()).toEqual(['busy-1', 'busy-2', 'busy-3', 'other-1']);
  });

  it('refuses to enqueue a job that shares workers per organisation without saying which organisation it is for', async () => {
    await expect(app().jobs.send(unfair, { label: 'x' })).rejects.toThrow(/must carry organizationId/);
  });
});

describe('checkJobDefinitions', () => {
  const job = (name: string, settings: Partial<AnyJobDefinition> = {}) =>
    defineJob({ name, payload: z.object({}), handler: async () => undefined, ...settings }) as AnyJobDefinition;

  it('accepts distinct names and sensible concurrency', () => {
    expect(checkJobDefinitions([job('a'), job('b', { concurrency: 4, perOrganization: 2 })])).toHaveLength(2);
  });

  it('refuses two definitions of one queue, and concurrency below one', () => {
    expect(() => checkJobDefinitions([job('a'), job('a')])).toThrow('Two job definitions are named a');
    expect(() => checkJobDefinitions([job('a', { concurrency: 0 })])).toThrow('Job a: concurrency must be a whole number of at least 1');
    expect(() => checkJobDefinitions([job('a', { perOrganization: 1.5 })])).toThrow('Job a: perOrganization must be a whole number of at least 1');
  });
});
