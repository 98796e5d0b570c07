import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startOpenIdPeer } from '../packages/auth-provider/src/test/openid-peer.ts';
import { startSmtpInbox } from '../packages/auth-provider/src/test/smtp-inbox.ts';
import { startDnsServer } from '../apps/server/src/test/dns-server.ts';

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
    probe.on('error', fail);
  });

/**
 * `npm test` runs a PGlite and a PostgreSQL pass side by side (E2E_BARRIER_DIR, E2E_BARRIER_PARTIES):
 * each product says it is ready and its specs start only when every product is, so the heavy part of
 * one pass (migrating and seeding the demo) never runs under the other's browser journeys, whose
 * waits it would stretch. Alone (no barrier set), a pass starts at once.
 */
const waitForTheOtherPasses = async () => {
  const folder = process.env.E2E_BARRIER_DIR;
  const parties = Number(process.env.E2E_BARRIER_PARTIES ?? 1);
  if (!folder || parties <= 1) return;
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, `${process.pid}.ready`), '');
  // A pass that never gets ready (it failed to start) fails on its own: the others go on after 10 minutes.
  const deadline = Date.now() + 600_000;
  while (readdirSync(folder).filter((name) => name.endsWith('.ready')).length < parties && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
  }
};

/**
 * Starts the product as `npm start` does (built web app, embedded database, demo data) in a fresh
 * data folder, and waits for /readyz.
 */
export default async function startProduct(project: TestProject) {
  const port = await freePort();
  let phishPort = await freePort();
  while (phishPort === port) phishPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-e2e-'));
  // localhost rather than 127.0.0.1: passkeys belong to a domain name, and browsers refuse them on an IP address.
  const baseUrl = `http://localhost:${port}`;
  const phishUrl = `http://127.0.0.1:${phishPort}`;
  const repoRoot = resolve(import.meta.dirname, '..');
  // A real SMTP server receives what the product sends; each mail is written where tests read it.
  const mailDir = join(dataDir, 'received-mail');
  mkdirSync(mailDir);
  // A DNS server answers the product's TXT lookups (domain proofs) from files the specs write here.
  const dnsDir = join(dataDir, 'dns-records');
  mkdirSync(dnsDir);
  const dns = await startDnsServer({ recordsDir: dnsDir });
  const inbox = await startSmtpInbox((mail) => {
    const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
    writeFileSync(join(mailDir, `${Date.now()}-${Math.random().toString(36).slice(2)}.json`), JSON.stringify({ to, subject: mail.subject, text: mail.text }));
  });
  // A certified OpenID provider stands in for Google: the sign-in page offers "Continue with Google".
  const google = { clientId: 'vigil-e2e-google', clientSecret: 'a-long-client-secret-of-the-e2e-google-stand-in' };
  const openIdPeer = await startOpenIdPeer([
    { client_id: google.clientId, client_secret: google.clientSecret, redirect_uris: [`${baseUrl}/v1/oauth/callback/google`], token_endpoint_auth_method: 'client_secret_post' },
  ]);
  let output = '';
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    // E2E_DATABASE_URL runs the product on that (empty) PostgreSQL database instead of PGlite, demo on.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      // The phishing listener is a server of its own, linked from lures at this address.
      PHISH_PORT: String(phishPort),
      PHISH_PUBLIC_URL: phishUrl,
      // Sending profiles may reach SMTP test servers the specs start on loopback (campaigns.spec.ts).
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1,localhost',
      DNS_SERVERS: dns.server,
      LOG_LEVEL: 'warn',
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      DEMO: 'true',
      SMTP_URL: inbox.url,
      OAUTH_GOOGLE_CLIENT_ID: google.clientId,
      OAUTH_GOOGLE_CLIENT_SECRET: google.clientSecret,
      OAUTH_GOOGLE_ISSUER: openIdPeer.issuer,
      // Lets a developer run the suite against a web build of their own (vite build --outDir ...).
      ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));

  const deadline = Date.now() + 300_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The product exited (${server.exitCode}):\n${output}`);
    const ready = await fetch(`${baseUrl}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`The product was not ready within 300 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  await waitForTheOtherPasses();
  project.provide('baseUrl', baseUrl);
  project.provide('mailDir', mailDir);
  project.provide('dnsDir', dnsDir);
  project.provide('phishUrl', phishUrl);
  project.provide('databaseKind', process.env.E2E_DATABASE_URL ? 'postgres' : 'pglite');

  // Graceful shutdown is part of what is tested: SIGTERM must drain, stop jobs, close the database, exit 0.
  return async () => {
    const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    server.kill('SIGTERM');
    const code = await exited;
    await inbox.close();
    await openIdPeer.close();
    await dns.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (code !== 0 || /"level":(50|60)/.test(output)) {
      throw new Error(`The product did not shut down cleanly on SIGTERM (exit ${code}):\n${output}`);
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseKind: 'pglite' | 'postgres';
    mailDir: string;
    /** Where a spec publishes a TXT record for the product's DNS server: a file named after the domain, a value a line. */
    dnsDir: string;
    /** The phishing listener's origin, where lures' tracked links lead. */
    phishUrl: string;
  }
}
