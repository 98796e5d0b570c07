import closeWithGrace from 'close-with-grace';
import Fastify from 'fastify';
import { applyAuthMigrations } from '@vigil/auth-provider';
import { applyMigrations, openDatabase } from '@vigil/db';
import { loadConfigOrExit } from './config.ts';
import { jobDefinitions } from './job-registry.ts';
import { loadAuthSecret } from './lib/auth-secret.ts';
import { loggerOptions } from './lib/logger.ts';
import { createSecretBox } from './lib/secrets.ts';
import { createMailDeliveryFor } from './modules/phishing/delivery/smtp-delivery.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { chooseLoginDirectory } from './modules/identity/login-directory.ts';

/**
 * `npm run worker`: a process that only runs background jobs, beside any number of servers and other
 * workers on the same PostgreSQL (pg-boss hands each job to one of them). Servers started with
 * JOBS_IN_PROCESS=false then only enqueue.
 */
const start = async () => {
  const config = loadConfigOrExit();
  if (config.database.kind !== 'postgres') {
    console.error('npm run worker needs DATABASE_URL: the embedded database belongs to one process, and `npm start` runs the jobs itself.');
    process.exit(1);
  }

  // Jobs that provision people write their logins where the servers do.
  chooseLoginDirectory(config.auth);
  const connection = await openDatabase({ kind: 'postgres', url: config.database.url });
  // A worker may start before any server: the same migrations, under the same advisory lock.
  await applyMigrations(connection);
  await applyAuthMigrations(connection);
  const worker = Fastify({ logger: loggerOptions(config) });
  worker.addHook('onClose', async () => connection.close());
  const secrets = createSecretBox(loadAuthSecret(config.auth.secret, config.dataDir));
  const delivery = createMailDeliveryFor(connection.db, secrets, config);
  await worker.register(jobsPlugin, { connection, definitions: jobDefinitions(config), services: { config, secrets, delivery } });
  await worker.ready();
  await worker.jobs.startWorkers();

  // SIGTERM/SIGINT: let running jobs finish (pg-boss waits for them), then close the database.
  closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
    if (err) worker.log.error({ err }, 'worker shutting down after an error');
    else worker.log.info({ signal }, 'worker shutting down');
    await worker.close();
  });
  worker.log.info({ queues: jobDefinitions(config).map((definition) => definition.name) }, 'Vigil worker is running jobs');
};

await start();
