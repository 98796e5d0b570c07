// Vitest setup file of the provider and server projects: on the PostgreSQL pass, each worker gets a
// database of its own on the throwaway server, so two test files running at once never meet in
// global rows (the demo's people, the provider's signing keys). Files in one worker share it, as
// all files did when they ran one at a time: tests never truncate, each builds its own organisations.
import pg from 'pg';

const base = process.env.TEST_DATABASE_URL;
const worker = process.env.VITEST_POOL_ID;
const project = process.env.TEST_DATABASE_PROJECT ?? 'tests';

if (base && worker && !process.env.TEST_DATABASE_OF_WORKER) {
  const url = new URL(base);
  const name = `${url.pathname.slice(1)}_${project.replace(/\W/g, '_')}_${worker}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } catch (error) {
    // 42P04: made by an earlier file of this worker.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
  url.pathname = `/${name}`;
  process.env.TEST_DATABASE_URL = url.toString();
  process.env.TEST_DATABASE_OF_WORKER = worker;
}
