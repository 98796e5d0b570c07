import { applyAuthMigrations, createAuthManagement } from '@vigil/auth-provider';
import { applyMigrations, openDatabase } from '@vigil/db';
import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { closeGracefully } from './lib/graceful-shutdown.ts';
import { preloadCountryTables } from './lib/ip-country.ts';
import { buildPhishApp } from './phish-app.ts';
import { consumeEventsSoon } from './modules/events/events.jobs.ts';
import { demoLoginsPresent, seedDemoLogins } from './modules/demo/demo-logins.ts';
import { seedDemo } from './modules/demo/demo-seed.ts';
import { playDemoHistory } from './modules/demo/demo-history.ts';
import { syncBuiltinContent } from './modules/phishing/builtin-content.ts';
import { syncBuiltinLessons } from './modules/training/library/builtin-lessons.ts';
import { startInboundSmtp } from './modules/phishing/replies/inbound-smtp.ts';

const start = async () => {
  const config = loadConfigOrExit();

  // Sign-ins look up their address's country: the registries' tables are read once, before the first.
  if (config.auth.embedded) preloadCountryTables();
  const connection = await openDatabase(
    config.database.kind === 'postgres'
      ? { kind: 'postgres', url: config.database.url }
      : { kind: 'pglite', dataDir: config.database.dataDir },
  );
  await applyMigrations(connection);
  // The provider's tables exist even with an outside provider: the outbox and login log read them.
  await applyAuthMigrations(connection);
  // The built-in lures and landing pages, as shared read-only rows (idempotent; servers may race).
  await syncBuiltinContent(connection.db);
  // The built-in training lessons, keyed by slug, with their videos' durations (idempotent too).
  await syncBuiltinLessons(connection.db);
  const app = await buildApp({ config, connection });

  if (config.demo.enabled) {
    const started = Date.now();
    const seeded = await seedDemo(connection.db);
    app.log.info({ ...seeded, ms: Date.now() - started }, seeded.created ? 'seeded the demo data' : 'demo data already present');
    const management = createAuthManagement(connection.db);
    if (config.auth.embedded && !(await demoLoginsPresent(management, connection.db))) {
      const logins = await seedDemoLogins(connection.db, management, config.demo.password);
      app.log.info({ logins, ms: Date.now() - started }, 'gave every demo person a login (password: DEMO_PASSWORD)');
    }
  }
  // The phishing listener shares the database and the application secret, on a port of its own.
  const phishApp = await buildPhishApp({ config, connection, secrets: app.secrets, onEventsWritten: consumeEventsSoon(app.jobs, app.log) });
  await phishApp.ready();
  if (config.demo.enabled) {
    // Before any worker starts: the history sends its own past lures (demo-history.ts).
    const started = Date.now();
    // Thousands of past clicks and opens are not news for the log: the listener logs warnings only meanwhile.
    const listenerLevel = phishApp.log.level;
    phishApp.log.level = 'warn';
    const { campaigns } = await playDemoHistory(
      { db: connection.db, secrets: app.secrets, config, jobs: app.jobs, listener: phishApp, signIns: config.auth.embedded ? app.authProvider.events : undefined },
      { onCompany: (company, played) => played > 0 && app.log.info({ company: company.name, campaigns: played, ms: Date.now() - started }, 'played the demo company’s past six months') },
    ).finally(() => (phishApp.log.level = listenerLevel));
    if (campaigns > 0) app.log.info({ campaigns, ms: Date.now() - started }, 'the demo history is in place');
  }
  // With separate `npm run worker` processes (PostgreSQL), API servers only enqueue.
  if (config.jobsInProcess) await app.jobs.startWorkers();
  // Replies to reply lures (INBOUND_SMTP_PORT, off by default); it closes with the listener, before the database.
  const inbound = config.inboundSmtp && (await startInboundSmtp({ db: connection.db, port: config.inboundSmtp.port, host: config.host, log: phishApp.log }));
  if (inbound) phishApp.addHook('onClose', async () => inbound.close());

  // SIGTERM/SIGINT: the listener first (it flushes its tracking events), then the app, which stops
  // jobs and closes the database.
  closeGracefully([phishApp, app], app.log, { finally: () => connection.close() });

  await app.listen({ port: config.port, host: config.host });
  await phishApp.listen({ port: config.phish.port, host: config.host });
  app.log.info({ url: config.phish.publicUrl }, `The phishing listener is ready at ${config.phish.publicUrl}`);
  if (inbound) app.log.info({ port: inbound.port }, `The inbound SMTP listener for reply lures is ready on port ${inbound.port}`);
  app.log.info(
    { database: connection.kind, url: config.publicUrl },
    `Vigil is ready at ${config.publicUrl} (database: ${connection.kind === 'pglite' ? config.database.kind === 'pglite' && config.database.dataDir : 'PostgreSQL'})`,
  );
};

await start();
