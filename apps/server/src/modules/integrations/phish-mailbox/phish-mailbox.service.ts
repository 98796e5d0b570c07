import type { ImapFlow } from 'imapflow';
import { z } from 'zod';
import type {
  PhishMailboxState,
  PhishMailboxTestResult,
  ReportedMessage,
  ReportedMessages,
  ReportedMessagesQuery,
  SavePhishMailboxBody,
  SetReportedMessageVerdictBody,
} from '@vigil/contracts';
import type { Db, PhishMailboxRow } from '@vigil/db';
import type { Config } from '../../../config.ts';
import { AppError, fieldError, notFound } from '../../../lib/app-error.ts';
import { now } from '../../../lib/clock.ts';
import { decodeCursor, readKeysetPage, timestampKeySchema } from '../../../lib/keyset.ts';
import type { RequestOrigin } from '../../../lib/request-origin.ts';
import { scopeOf } from '../../../lib/scope.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import { type Tenant, requireAdminRole } from '../../../lib/tenant.ts';
import { recordAudit } from '../../audit-log/audit-log.service.ts';
import { hostProblem, isAllowListed } from '../../phishing/delivery/outbound-guard.ts';
import { MailboxError, describeMailboxFailure, openMailbox } from './imap-connection.ts';
import { parseServiceAccountKey } from './oauth-tokens.ts';
import { mailboxAbilities, mayJudge } from './phish-mailbox.policy.ts';
import { presentMailboxSettings, presentReportedMessage } from './phish-mailbox.presenter.ts';
import { type MailboxValues, phishMailboxRepository } from './phish-mailbox.repository.ts';

export type PhishMailboxServices = { db: Db; secrets: SecretBox; config: Pick<Config, 'outboundAllowedHosts' | 'phishMailbox'> };

/** @throws AppError FORBIDDEN for anyone but an admin. */
const requireMailboxManager = (tenant: Tenant) => requireAdminRole(tenant, 'Only an admin may manage the reported-phish mailbox');

/**
 * The mailbox's settings (null before any are saved) and how much waits for triage.
 * @throws AppError FORBIDDEN for anyone but an admin.
 */
export const getPhishMailbox = async (db: Db, tenant: Tenant): Promise<PhishMailboxState> => {
  requireMailboxManager(tenant);
  const repository = phishMailboxRepository(db, scopeOf(tenant));
  const [row, pendingCount] = await Promise.all([repository.find(), repository.countPending()]);
  return { settings: row ? presentMailboxSettings(row) : null, pendingCount, can: mailboxAbilities(tenant.role, row !== undefined) };
};

/**
 * What differs between the saved settings and the new ones that decides where a saved secret would
 * go: the server, the account (for Google, the mailbox the key acts as) and, for Microsoft, the app.
 */
const destinationChanges = (saved: PhishMailboxRow, body: SavePhishMailboxBody) => {
  const { auth } = body;
  return [
    saved.host.toLowerCase() !== body.host.toLowerCase() && 'host',
    saved.port !== body.port && 'port',
    saved.tlsMode !== body.tlsMode && 'TLS mode',
    saved.username !== body.username && 'mailbox address',
    auth.method === 'microsoft' && saved.microsoftTenantId !== auth.tenantId && 'tenant',
    auth.method === 'microsoft' && saved.microsoftClientId !== auth.clientId && 'client ID',
  ].filter((change): change is string => change !== false);
};

const listed = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/**
 * The credential columns for the chosen method; the other methods' secrets are dropped. A saved
 * secret is kept only for the same method, server, account and app: otherwise a changed host (or
 * account) would receive the saved password, a fresh token, or the mail of whoever the Google key may act as.
 * @throws AppError VALIDATION_FAILED naming the secret's field when it must be entered (again)
 */
const credentialColumns = (secrets: SecretBox, body: SavePhishMailboxBody, saved: PhishMailboxRow | undefined) => {
  const none = { passwordSealed: null, microsoftTenantId: null, microsoftClientId: null, microsoftClientSecretSealed: null, googleClientEmail: null, googleKeySealed: null };
  const sameMethod = saved?.authMethod === body.auth.method ? saved : undefined;
  const changes = sameMethod ? destinationChanges(sameMethod, body) : [];
  const usable = changes.length === 0 ? sameMethod : undefined;
  /** The new secret sealed, the saved one kept, or a 400 naming the field. */
  const secretToStore = (given: string | undefined, savedSecret: string | null | undefined, field: string, what: string, enter: string) => {
    if (given !== undefined) return secrets.seal(given);
    if (usable && savedSecret) return savedSecret;
    if (savedSecret) throw fieldError('VALIDATION_FAILED', field, `is required again: the ${listed(changes)} changed, and the saved ${what} is only ever used for the server and account it was saved for`);
    throw fieldError('VALIDATION_FAILED', field, `is required: ${enter}`);
  };
  const auth = body.auth;
  if (auth.method === 'password') {
    return { ...none, passwordSealed: secretToStore(auth.password, sameMethod?.passwordSealed, 'body.auth.password', 'password', 'enter the password') };
  }
  if (auth.method === 'microsoft') {
    return {
      ...none,
      microsoftTenantId: auth.tenantId,
      microsoftClientId: auth.clientId,
      microsoftClientSecretSealed: secretToStore(auth.clientSecret, sameMethod?.microsoftClientSecretSealed, 'body.auth.clientSecret', 'client secret', 'enter the client secret'),
    };
  }
  if (auth.serviceAccountKey === undefined) {
    const kept = secretToStore(undefined, sameMethod?.googleKeySealed, 'body.auth.serviceAccountKey', 'service account key', 'paste the service account’s JSON key');
    return { ...none, googleClientEmail: sameMethod!.googleClientEmail, googleKeySealed: kept };
  }
  const parsed = parseServiceAccountKey(auth.serviceAccountKey);
  if ('problem' in parsed) throw fieldError('VALIDATION_FAILED', 'body.auth.serviceAccountKey', parsed.problem);
  return { ...none, googleClientEmail: parsed.key.client_email, googleKeySealed: secrets.seal(auth.serviceAccountKey) };
};

/**
 * Saves the settings (one mailbox per organisation). Secrets left out keep the saved ones, unless
 * the server, account or app changed; a different server, account or folder is read afresh.
 * Audited, without any secret.
 * @throws AppError FORBIDDEN for anyone but an admin; VALIDATION_FAILED naming the field (a host
 *   the outbound guard refuses, clear text to a host the operator has not allowed, a missing secret,
 *   a saved secret left out while the server, account or app changed).
 */
export const savePhishMailbox = async ({ db, secrets, config }: PhishMailboxServices, tenant: Tenant, body: SavePhishMailboxBody, origin: RequestOrigin): Promise<PhishMailboxState> => {
  requireMailboxManager(tenant);
  const problem = hostProblem({ host: body.host, port: body.port, allowedHosts: config.outboundAllowedHosts });
  if (problem) throw fieldError('VALIDATION_FAILED', 'body.host', problem);
  // A password in clear text crosses only a network the operator vouches for.
  if (body.tlsMode === 'none' && !isAllowListed(config.outboundAllowedHosts, body.host, body.port)) {
    throw fieldError('VALIDATION_FAILED', 'body.tlsMode', 'none (no TLS) is allowed only for hosts listed in OUTBOUND_ALLOWED_HOSTS; use tls or starttls');
  }
  if (body.processedAction === 'move' && body.processedFolder === body.folder) {
    throw fieldError('VALIDATION_FAILED', 'body.processedFolder', 'must differ from the folder that is read');
  }
  const scope = scopeOf(tenant);
  const row = await db.transaction(async (tx) => {
    const repository = phishMailboxRepository(tx, scope);
    const saved = await repository.find();
    const elsewhere = !saved || saved.host !== body.host || saved.port !== body.port || saved.username !== body.username || saved.folder !== body.folder;
    const values: MailboxValues = {
      host: body.host,
      port: body.port,
      tlsMode: body.tlsMode,
      username: body.username,
      folder: body.folder,
      authMethod: body.auth.method,
      ...credentialColumns(secrets, body, saved),
      processedAction: body.processedAction,
      processedFolder: body.processedFolder,
      thankReporters: body.thankReporters,
      enabled: body.enabled,
      lastError: null,
      ...(elsewhere ? { uidValidity: null, lastUid: 0 } : {}),
    };
    const written = await repository.upsert(values);
    const changedSecrets = Object.entries(body.auth).filter(([key]) => ['password', 'clientSecret', 'serviceAccountKey'].includes(key)).map(([key]) => key);
    await recordAudit(tx, tenant, {
      action: saved ? 'phish-mailbox.update' : 'phish-mailbox.create',
      targetType: 'phish-mailbox',
      targetId: written.id,
      details: { host: body.host, port: body.port, tlsMode: body.tlsMode, username: body.username, folder: body.folder, authMethod: body.auth.method, enabled: body.enabled, secretsChanged: changedSecrets },
      ...origin,
    });
    return written;
  });
  return { settings: presentMailboxSettings(row), pendingCount: await phishMailboxRepository(db, scope).countPending(), can: mailboxAbilities(tenant.role, true) };
};

/**
 * Removes the settings and their secrets; the mail already found stays for triage. Audited.
 * @throws AppError FORBIDDEN for anyone but an admin; NOT_FOUND when none are saved.
 */
export const deletePhishMailbox = async (db: Db, tenant: Tenant, origin: RequestOrigin) => {
  requireMailboxManager(tenant);
  await db.transaction(async (tx) => {
    const repository = phishMailboxRepository(tx, scopeOf(tenant));
    const saved = await repository.find();
    if (!saved || !(await repository.remove())) throw notFound('The reported-phish mailbox');
    await recordAudit(tx, tenant, { action: 'phish-mailbox.delete', targetType: 'phish-mailbox', targetId: saved.id, details: { host: saved.host, username: saved.username }, ...origin });
  });
};

/**
 * Tries the saved settings: a token (OAuth), the connection, the sign-in and the folder, and says
 * what the server answered. Reads nothing and changes nothing in the mailbox.
 * @throws AppError FORBIDDEN for anyone but an admin; NOT_FOUND when none are saved.
 */
export const testPhishMailbox = async ({ db, secrets, config }: PhishMailboxServices, tenant: Tenant): Promise<PhishMailboxTestResult> => {
  requireMailboxManager(tenant);
  const saved = await phishMailboxRepository(db, scopeOf(tenant)).find();
  if (!saved) throw notFound('The reported-phish mailbox');
  let client: ImapFlow | undefined;
  try {
    client = await openMailbox(saved, { secrets, config });
    const server = client.serverInfo ? [client.serverInfo.name, client.serverInfo.version].filter(Boolean).join(' ') || null : null;
    let status;
    try {
      status = await client.status(saved.folder, { messages: true });
    } catch (error) {
      throw new MailboxError('folder', `The folder “${saved.folder}” cannot be opened`, (error as { responseText?: string }).responseText ?? null);
    }
    return { ok: true, server, folder: saved.folder, messages: (status && status.messages) || 0 };
  } catch (error) {
    const described = error instanceof MailboxError ? error : describeMailboxFailure(error, saved);
    return { ok: false, stage: described.stage, message: described.message, serverResponse: described.serverResponse };
  } finally {
    await client?.logout().catch(() => client?.close());
  }
};

const listKeySchema = z.tuple([timestampKeySchema, z.uuid()]);

/**
 * What arrived in the mailbox, newest first, keyset paged, by kind and verdict.
 * @throws AppError FORBIDDEN for anyone but an admin; VALIDATION_FAILED for a cursor this list did not give.
 */
export const listReportedMessages = async (db: Db, tenant: Tenant, query: ReportedMessagesQuery): Promise<ReportedMessages> => {
  requireMailboxManager(tenant);
  const repository = phishMailboxRepository(db, scopeOf(tenant));
  const after = query.cursor ? decodeCursor(query.cursor, listKeySchema) : undefined;
  const page = await readKeysetPage(
    (key, limit) => repository.listMessages({ kind: query.kind, verdict: query.verdict }, key, limit),
    (row): [string, string] => [row.sortKey, row.message.id],
    after,
    query.limit,
  );
  return { items: page.items.map((row) => presentReportedMessage(row, tenant.role)), nextCursor: page.nextCursor };
};

/**
 * The admin's verdict on a reported message, with who gave it and when. Audited.
 * @throws AppError FORBIDDEN for anyone but an admin; NOT_FOUND for a message of another
 *   organisation or none; CONFLICT for a simulation (it needs no verdict).
 */
export const setReportedMessageVerdict = async (db: Db, tenant: Tenant, id: string, body: SetReportedMessageVerdictBody, origin: RequestOrigin): Promise<ReportedMessage> => {
  requireMailboxManager(tenant);
  const scope = scopeOf(tenant);
  await db.transaction(async (tx) => {
    const repository = phishMailboxRepository(tx, scope);
    const found = await repository.findMessage(id);
    if (!found) throw notFound('Reported message');
    if (!mayJudge(tenant.role, found.message)) throw new AppError('CONFLICT', 'This message is one of your simulations: it needs no verdict');
    await repository.setVerdict(id, body.verdict, tenant.personId, now());
    await recordAudit(tx, tenant, {
      action: 'reported-message.verdict',
      targetType: 'reported-message',
      targetId: id,
      details: { verdict: body.verdict, previous: found.message.verdict, subject: found.message.subject.slice(0, 200) },
      ...origin,
    });
  });
  const updated = await phishMailboxRepository(db, scope).findMessage(id);
  return presentReportedMessage(updated!, tenant.role);
};
