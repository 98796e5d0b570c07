import { z } from 'zod';
import { type GoogleDirectorySettings, type GoogleDirectoryTestResult, type SaveGoogleDirectoryBody, googleDirectoryScopes, saveGoogleDirectoryBodySchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { AppError, fieldError, notFound } from '../../../lib/app-error.ts';
import { decodeCursor, encodeCursor, readKeysetPage, timestampKeySchema } from '../../../lib/keyset.ts';
import type { RequestOrigin } from '../../../lib/request-origin.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import { type Tenant, requireAdminRole } from '../../../lib/tenant.ts';
import type { JobQueue } from '../../../plugins/jobs.ts';
import { recordAudit } from '../../audit-log/audit-log.service.ts';
import { type GoogleEndpoints, GoogleDirectoryError, createDirectoryClient } from './google-directory.client.ts';
import { googleDirectorySyncJob } from './google-directory.jobs.ts';
import { presentChange, presentConnection, presentRun } from './google-directory.presenter.ts';
import { googleDirectoryRepository } from './google-directory.repository.ts';
import { readSettingsOf } from './google-directory.sync.ts';
import { readServiceAccountKey } from './service-account-key.ts';

export type GoogleDirectoryDeps = { db: Db; secrets: SecretBox; jobs: JobQueue; endpoints: GoogleEndpoints };

const adminOnly = 'Only an admin can manage the Google Workspace directory sync';
const notConnected = () => new AppError('CONFLICT', 'Google Workspace is not connected: save the settings with a service account key first');

const repositoryFor = (deps: GoogleDirectoryDeps, tenant: Tenant) => {
  requireAdminRole(tenant, adminOnly);
  return googleDirectoryRepository(deps.db, tenant);
};

const withProgress = async (repository: ReturnType<typeof googleDirectoryRepository>, runs: Parameters<typeof presentRun>[0][]) => {
  const progress = new Map((await repository.progressOf(runs.filter((run) => run.state === 'queued' || run.state === 'running').map((run) => run.id))).map((row) => [row.subjectId, row]));
  return runs.map((run) => presentRun(run, progress.get(run.id)));
};

/** The connection (without its key), the scopes to grant and the last runs. @throws AppError FORBIDDEN */
export const getGoogleDirectorySettings = async (deps: GoogleDirectoryDeps, tenant: Tenant): Promise<GoogleDirectorySettings> => {
  const repository = repositoryFor(deps, tenant);
  const connection = await repository.findConnection();
  const runs = (await repository.listRuns(undefined, 5)).map((row) => row.run);
  return { connection: connection ? presentConnection(connection) : null, scopes: [...googleDirectoryScopes], lastRuns: await withProgress(repository, runs) };
};

/**
 * Saves the settings; a new key replaces the stored one (sealed at rest). The first save needs a key.
 * @throws AppError FORBIDDEN; VALIDATION_FAILED naming body.serviceAccountKey
 */
export const saveGoogleDirectorySettings = async (deps: GoogleDirectoryDeps, tenant: Tenant, input: SaveGoogleDirectoryBody, origin: RequestOrigin) => {
  const repository = repositoryFor(deps, tenant);
  const body = saveGoogleDirectoryBodySchema.parse(input);
  const current = await repository.findConnection();
  const key = body.serviceAccountKey?.trim() ? readServiceAccountKey(body.serviceAccountKey) : undefined;
  if (!key && !current) throw fieldError('VALIDATION_FAILED', 'body.serviceAccountKey', "is required: upload the service account's JSON key");
  await deps.db.transaction(async (tx) => {
    const row = await googleDirectoryRepository(tx, tenant).saveConnection({
      ...(key
        ? { serviceAccountKeySealed: deps.secrets.seal(body.serviceAccountKey!.trim()), clientEmail: key.clientEmail, clientId: key.clientId, privateKeyId: key.privateKeyId }
        : { serviceAccountKeySealed: current!.serviceAccountKeySealed, clientEmail: current!.clientEmail, clientId: current!.clientId, privateKeyId: current!.privateKeyId }),
      subject: body.subject.toLowerCase(),
      customer: body.customer,
      domain: body.domain?.toLowerCase() || null,
      orgUnitPath: body.orgUnitPath && body.orgUnitPath !== '/' ? body.orgUnitPath.replace(/\/+$/, '') : null,
      schedule: body.schedule,
      deactivateMissing: body.deactivateMissing,
    });
    await recordAudit(tx, tenant, {
      action: current ? 'google_directory.settings.update' : 'google_directory.connect',
      targetType: 'google_directory_connection',
      targetId: tenant.organizationId,
      details: { clientEmail: row.clientEmail, privateKeyId: row.privateKeyId, keyReplaced: Boolean(key), subject: row.subject, customer: row.customer, domain: row.domain, orgUnitPath: row.orgUnitPath, schedule: row.schedule, deactivateMissing: row.deactivateMissing },
      ...origin,
    });
  });
  return getGoogleDirectorySettings(deps, tenant);
};

/**
 * Signs in as the service account and lists one page of users and the org units: what Google
 * answered, or what to fix.
 * @throws AppError FORBIDDEN; CONFLICT when nothing is saved yet
 */
export const testGoogleDirectoryConnection = async (deps: GoogleDirectoryDeps, tenant: Tenant, origin: RequestOrigin): Promise<GoogleDirectoryTestResult> => {
  const repository = repositoryFor(deps, tenant);
  const connection = await repository.findConnection();
  if (!connection) throw notConnected();
  let result: GoogleDirectoryTestResult;
  try {
    const client = createDirectoryClient(readSettingsOf(connection, deps.secrets), deps.endpoints);
    const page = await client.firstUsersPage();
    const orgUnits = await client.listOrgUnits();
    result = { ok: true, userCount: page.users.length, moreUsers: page.more, orgUnits: orgUnits.map((unit) => unit.orgUnitPath ?? '').filter(Boolean).sort() };
  } catch (error) {
    if (!(error instanceof GoogleDirectoryError)) throw error;
    result = { ok: false, googleError: error.googleError, problem: error.problem };
  }
  await recordAudit(deps.db, tenant, {
    action: 'google_directory.test',
    targetType: 'google_directory_connection',
    targetId: tenant.organizationId,
    details: result.ok ? { ok: true, userCount: result.userCount } : { ok: false, googleError: result.googleError },
    ...origin,
  });
  return result;
};

/**
 * Starts a sync (or a dry run that only previews it) as a job. `confirmDeactivations` lets a sync
 * deactivate up to that many people, beyond the safety limit (see runDirectorySync): the admin
 * confirms the number a preview or a held-back sync listed.
 * @throws AppError FORBIDDEN; CONFLICT when not connected or a sync is already under way
 */
export const startGoogleDirectoryRun = async (deps: GoogleDirectoryDeps, tenant: Tenant, { dryRun, confirmDeactivations }: { dryRun: boolean; confirmDeactivations?: number | undefined }, origin: RequestOrigin) => {
  const repository = repositoryFor(deps, tenant);
  if (!(await repository.findConnection())) throw notConnected();
  const confirmed = dryRun ? null : (confirmDeactivations ?? null);
  const run = await deps.db.transaction(async (tx) => {
    const inserted = await googleDirectoryRepository(tx, tenant).insertRun({ dryRun, trigger: 'manual', requestedByPersonId: tenant.personId, confirmedDeactivations: confirmed });
    if (!inserted) return undefined;
    await deps.jobs.send(googleDirectorySyncJob, { organizationId: tenant.organizationId, runId: inserted.id }, { tx, singletonKey: tenant.organizationId });
    await recordAudit(tx, tenant, {
      action: dryRun ? 'google_directory.preview' : 'google_directory.sync.start',
      targetType: 'google_directory_run',
      targetId: inserted.id,
      details: { dryRun, ...(confirmed === null ? {} : { confirmedDeactivations: confirmed }) },
      ...origin,
    });
    return inserted;
  });
  if (!run) throw new AppError('CONFLICT', 'A Google Workspace sync is already under way; wait for it to finish');
  return presentRun(run, { done: 0, total: 0, message: null });
};

/** @throws AppError FORBIDDEN; NOT_FOUND for a run of another organisation */
export const getGoogleDirectoryRun = async (deps: GoogleDirectoryDeps, tenant: Tenant, runId: string) => {
  const repository = repositoryFor(deps, tenant);
  const run = await repository.findRun(runId);
  if (!run) throw notFound('Sync run');
  return (await withProgress(repository, [run]))[0]!;
};

const runKeySchema = z.tuple([timestampKeySchema, z.uuid()]);

/** Runs, newest first, keyset-paged. @throws AppError FORBIDDEN; VALIDATION_FAILED for a bad cursor */
export const listGoogleDirectoryRuns = async (deps: GoogleDirectoryDeps, tenant: Tenant, query: { cursor?: string; limit: number }) => {
  const repository = repositoryFor(deps, tenant);
  const after = query.cursor ? decodeCursor(query.cursor, runKeySchema) : undefined;
  const page = await readKeysetPage((key, limit) => repository.listRuns(key, limit), (row): [string, string] => [row.createdAtKey, row.run.id], after, query.limit);
  return { items: await withProgress(repository, page.items.map((row) => row.run)), nextCursor: page.nextCursor };
};

/** What a run changed, in order, keyset-paged. @throws AppError FORBIDDEN; NOT_FOUND; VALIDATION_FAILED */
export const listGoogleDirectoryChanges = async (deps: GoogleDirectoryDeps, tenant: Tenant, runId: string, query: { cursor?: string; limit: number; kind?: 'created' | 'updated' | 'deactivated' | 'reactivated' | 'skipped' }) => {
  const repository = repositoryFor(deps, tenant);
  if (!(await repository.findRun(runId))) throw notFound('Sync run');
  const after = query.cursor ? decodeCursor(query.cursor, z.tuple([z.int().min(0).max(2_147_483_647)]))[0] : undefined;
  const rows = await repository.listChanges(runId, after, query.limit + 1, query.kind);
  const items = rows.slice(0, query.limit);
  return { items: items.map(presentChange), nextCursor: rows.length > query.limit ? encodeCursor([items.at(-1)!.seq]) : null };
};

/** Removes the connection and its key; runs and their change logs stay. @throws AppError FORBIDDEN */
export const disconnectGoogleDirectory = async (deps: GoogleDirectoryDeps, tenant: Tenant, origin: RequestOrigin) => {
  repositoryFor(deps, tenant);
  await deps.db.transaction(async (tx) => {
    if (await googleDirectoryRepository(tx, tenant).deleteConnection()) {
      await recordAudit(tx, tenant, { action: 'google_directory.disconnect', targetType: 'google_directory_connection', targetId: tenant.organizationId, details: {}, ...origin });
    }
  });
};
