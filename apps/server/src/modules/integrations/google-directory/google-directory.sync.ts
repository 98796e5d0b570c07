import type { FastifyBaseLogger } from 'fastify';
import type { ProvisioningEventType } from '@vigil/contracts';
import type { Db, Tx } from '@vigil/db';
import { AppError } from '../../../lib/app-error.ts';
import { type OrgScope, jobActor } from '../../../lib/scope.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import { recordAuditAs } from '../../audit-log/audit-log.service.ts';
import { createScopedLoginSync } from '../../organization-users/organization-logins.ts';
import { appendProvisioningEvents } from '../../events/provisioning-events.ts';
import { ManagementApiError, ProviderUnreachable } from '../../identity/remote-login-directory.ts';
import { type DirectoryPlan, type PlannedChange, deactivationSafetyLimit, planDirectorySync } from './directory-plan.ts';
import { type DirectoryUser, orgUnitNamesOf, readDirectoryUser } from './directory-user.ts';
import { type DirectoryReadSettings, type GoogleEndpoints, GoogleDirectoryError, createDirectoryClient } from './google-directory.client.ts';
import { type NewChangeRow, googleDirectoryRepository } from './google-directory.repository.ts';
import { readServiceAccountKey } from './service-account-key.ts';

export type SyncDeps = { db: Db; secrets: SecretBox; endpoints: GoogleEndpoints; log: FastifyBaseLogger; stopping?: AbortSignal };

/** People written per transaction: each batch commits with its events and change log, and the progress bar moves between batches. */
const batchSize = 250;
export const syncJobName = 'google-directory.sync';

/** Thrown at a safe point when the process shuts down: the job is retried and the run resumes from what is left. */
export class SyncStopped extends Error {
  constructor() {
    super('The sync stopped because the process is shutting down; it resumes on another worker.');
  }
}

/** What the stored connection says, its key unsealed. */
export const readSettingsOf = (connection: { serviceAccountKeySealed: string; subject: string; customer: string; domain: string | null; orgUnitPath: string | null }, secrets: SecretBox): DirectoryReadSettings => ({
  key: readServiceAccountKey(secrets.open(connection.serviceAccountKeySealed)),
  subject: connection.subject,
  customer: connection.customer,
  domain: connection.domain,
  orgUnitPath: connection.orgUnitPath,
});

const eventTypeOf: Record<PlannedChange['kind'], ProvisioningEventType> = {
  created: 'person_provisioned',
  updated: 'person_updated',
  deactivated: 'person_deprovisioned',
  reactivated: 'person_reactivated',
};

/** Why a sync that would deactivate too many people changed nobody, and what the admin can do. */
const heldBackProblem = (deactivations: number, limit: number) =>
  `This sync would deactivate ${deactivations} people, more than the ${limit} one sync may deactivate without your confirmation (a tenth of the people Google manages in Vigil). Nobody was changed. ` +
  'If Google listed only part of your directory (an admin whose role covers only some org units, or a narrower domain or org unit), correct the settings; if these people have left, check the list of changes and confirm.';

/** What stopped a sync part-way, in words an admin can act on (the server log has the rest). */
const applyProblem = (error: unknown, done: number, total: number) => {
  const cause =
    error instanceof AppError
      ? error.message
      : error instanceof ManagementApiError || error instanceof ProviderUnreachable
        ? `Vigil could not update people's logins at the authentication provider. ${error.message}.`
        : 'The sync failed unexpectedly while updating people; the server log has the details.';
  return `${cause.replace(/\.*$/, '.')} ${done} of ${total} changes were made before it stopped; the next sync makes the rest.`;
};

/** Users in the connection's org unit scope (the search clause narrows already; this keeps the rule exact). */
const inScope = (orgUnitPath: string | null) => (user: { orgUnitPath?: string | null }) =>
  !orgUnitPath || orgUnitPath === '/' || user.orgUnitPath === orgUnitPath || Boolean(user.orgUnitPath?.startsWith(`${orgUnitPath}/`));

/**
 * Runs one sync of an organisation (the job's work): reads every user and org unit from Google,
 * plans the changes against the people as they are now, and, unless it is a dry run, applies them
 * in batches, each in one transaction with its provisioning events and change log. Safe to run
 * again after a crash or a shutdown: the plan is made afresh, so what was applied is unchanged.
 *
 * A plan that would deactivate more people than the safety limit (`deactivationSafetyLimit`), or
 * than the admin confirmed when that is more, is held back: the run changes nobody, records its plan
 * as a preview does, and fails saying why. A failure while applying ends the run as failed, with
 * what it managed, so the next run can start at once.
 * @throws SyncStopped when `stopping` aborts between batches (the run stays running, the job retries)
 */
export const runDirectorySync = async (deps: SyncDeps, scope: OrgScope, runId: string) => {
  const repository = googleDirectoryRepository(deps.db, scope);
  const run = await repository.findRun(runId);
  if (!run || run.state === 'succeeded' || run.state === 'failed') return;
  const fail = async (error: string) => {
    await repository.updateRun(runId, { state: 'failed', error, finishedAt: new Date() });
    await repository.setProgress(runId, { done: 0, total: 0, state: 'failed', message: error });
  };
  const connection = await repository.findConnection();
  if (!connection) return fail('The Google Workspace connection was removed before the sync ran.');
  await repository.updateRun(runId, { state: 'running', startedAt: run.startedAt ?? new Date() });
  await repository.setProgress(runId, { done: 0, total: 0, state: 'running', message: 'Reading the Google Workspace directory' });

  let plan: DirectoryPlan;
  let deactivationLimit: number;
  try {
    const settings = readSettingsOf(connection, deps.secrets);
    const client = createDirectoryClient(settings, deps.endpoints);
    const orgUnitNames = orgUnitNamesOf(await client.listOrgUnits());
    const users = (await client.listUsers(deps.stopping)).filter(inScope(connection.orgUnitPath));
    const directoryUsers = users.map((user) => readDirectoryUser(user, orgUnitNames)).filter((user): user is DirectoryUser => user !== undefined);
    const everyone = await repository.peopleSnapshot();
    plan = planDirectorySync(directoryUsers, everyone, await repository.departmentsSnapshot(), { deactivateMissing: connection.deactivateMissing });
    deactivationLimit = deactivationSafetyLimit(everyone);
  } catch (error) {
    if (deps.stopping?.aborted) throw new SyncStopped();
    if (!(error instanceof GoogleDirectoryError)) deps.log.error({ err: error, runId }, 'the Google Workspace sync failed');
    return fail(error instanceof GoogleDirectoryError ? error.problem : 'The sync failed unexpectedly; the server log has the details.');
  }

  const count = (kind: PlannedChange['kind']) => plan.changes.filter((change) => change.kind === kind).length;
  const deactivations = count('deactivated');
  const heldBack = deactivations > Math.max(deactivationLimit, run.confirmedDeactivations ?? 0);
  // What a preview writes: the plan alone, no person.
  const previewOnly = run.dryRun || heldBack;

  // A resumed run goes on numbering its change log where the last attempt stopped.
  let seq = await repository.nextChangeSeq(runId);
  const changeRow = (change: PlannedChange): NewChangeRow => ({
    seq: seq++,
    personId: previewOnly && change.kind === 'created' ? null : change.personId,
    googleUserId: change.googleUserId,
    email: change.email,
    kind: change.kind,
    fields: change.fields,
    reason: null,
  });
  const total = plan.changes.length;
  await repository.setProgress(runId, { done: 0, total, message: previewOnly ? 'Working out what would change' : 'Updating people' });

  let done = 0;
  try {
    if (previewOnly) {
      await repository.insertChanges(runId, plan.changes.map(changeRow));
    } else {
      const departmentIds = await deps.db.transaction((tx) => googleDirectoryRepository(tx, scope).ensureDepartments(plan.newDepartments));
      for (let start = 0; start < total; start += batchSize) {
        if (deps.stopping?.aborted) throw new SyncStopped();
        const batch = plan.changes.slice(start, start + batchSize);
        await deps.db.transaction(async (tx) => {
          await applyBatch(tx, scope, batch, departmentIds);
          await googleDirectoryRepository(tx, scope).insertChanges(runId, batch.map(changeRow));
          await googleDirectoryRepository(tx, scope).addToCounts(runId, {
            created: batch.filter((change) => change.kind === 'created').length,
            updated: batch.filter((change) => change.kind === 'updated').length,
            deactivated: batch.filter((change) => change.kind === 'deactivated').length,
            reactivated: batch.filter((change) => change.kind === 'reactivated').length,
          });
        });
        done = Math.min(start + batchSize, total);
        await repository.setProgress(runId, { done, total });
      }
    }

    const refused = heldBack && !run.dryRun;
    await deps.db.transaction(async (tx) => {
      const inTx = googleDirectoryRepository(tx, scope);
      await inTx.insertChanges(
        runId,
        plan.skipped.map((skip) => ({ seq: seq++, personId: skip.personId, googleUserId: skip.googleUserId, email: skip.email, kind: 'skipped' as const, fields: [], reason: skip.reason })),
      );
      await inTx.updateRun(runId, {
        state: refused ? 'failed' : 'succeeded',
        error: refused ? heldBackProblem(deactivations, deactivationLimit) : null,
        finishedAt: new Date(),
        usersSeen: plan.usersSeen,
        unchanged: plan.unchanged,
        skipped: plan.skipped.length,
        enrolledIn2Sv: plan.enrolledIn2Sv,
        deactivationLimit,
        deactivationsHeld: heldBack ? deactivations : null,
        // A dry run counts what it would do; a real run has added its batches already (a held-back one, none).
        ...(run.dryRun ? { created: count('created'), updated: count('updated'), deactivated: deactivations, reactivated: count('reactivated') } : {}),
      });
      await inTx.setProgress(runId, { done: total, total, state: refused ? 'failed' : 'succeeded', message: refused ? heldBackProblem(deactivations, deactivationLimit) : null });
      if (!run.dryRun) {
        await recordAuditAs(tx, scope, jobActor(syncJobName, scope.organizationId), {
          action: refused ? 'google_directory.sync.held' : 'google_directory.sync',
          targetType: 'google_directory_run',
          targetId: runId,
          details: refused
            ? { wouldDeactivate: deactivations, limit: deactivationLimit, confirmed: run.confirmedDeactivations }
            : { created: count('created'), updated: count('updated'), deactivated: deactivations, reactivated: count('reactivated'), skipped: plan.skipped.length, unchanged: plan.unchanged, confirmedDeactivations: run.confirmedDeactivations },
        });
      }
    });
  } catch (error) {
    if (error instanceof SyncStopped) throw error;
    if (deps.stopping?.aborted) throw new SyncStopped();
    deps.log.error({ err: error, runId }, 'the Google Workspace sync failed while applying its changes');
    // Failed, not left running: the one-active-run index lets the next run start at once, and it plans afresh.
    return fail(applyProblem(error, done, total));
  }
};

/** Writes one batch of planned changes: the people, their logins and the provisioning events. */
const applyBatch = async (tx: Tx, scope: OrgScope, batch: readonly PlannedChange[], departmentIds: ReadonlyMap<string, string>) => {
  const repository = googleDirectoryRepository(tx, scope);
  const logins = createScopedLoginSync(tx, scope);
  const departmentIdOf = (name: string | null) => (name ? (departmentIds.get(name.toLowerCase()) ?? null) : null);
  const managed = (change: PlannedChange) => ({
    email: change.values.email,
    firstName: change.values.firstName,
    lastName: change.values.lastName,
    jobTitle: change.values.jobTitle,
    phone: change.values.phone,
    preferredLanguage: change.values.preferredLanguage,
    employeeNumber: change.values.employeeNumber,
    departmentId: departmentIdOf(change.values.departmentName),
    managerId: change.values.managerId,
    isActive: change.values.isActive,
    source: 'google' as const,
    externalId: change.googleUserId,
  });

  // New people, managers first (the plan's order), in one insert; each gets a login unless their
  // address already signs in elsewhere (they are then made without one, as an import does).
  const created = batch.filter((change) => change.kind === 'created');
  if (created.length) {
    const taken = await logins.findEmailsTakenByOthers(created.map((change) => ({ email: change.email, authUserId: null })));
    const rows = created.map((change) => ({ id: change.personId, ...managed(change), role: 'User' as const, authUserId: taken.has(change.email) ? null : change.personId }));
    await repository.insertPeople(rows);
    await logins.syncLogins(rows.filter((row) => row.authUserId).map((row) => ({ authUserId: row.authUserId!, email: row.email, firstName: row.firstName, lastName: row.lastName, role: 'User' as const })));
  }

  const renamed: { authUserId: string; email: string; firstName: string; lastName: string; role: 'User' }[] = [];
  for (const change of batch) {
    if (change.kind === 'created') continue;
    const before = change.existing!;
    await repository.updatePerson(change.personId, managed(change));
    if (!before.authUserId) continue;
    const login = { authUserId: before.authUserId, email: change.values.email, firstName: change.values.firstName, lastName: change.values.lastName, role: 'User' as const };
    if (before.email.toLowerCase() !== change.values.email) {
      if ((await logins.findEmailsTakenByOthers([login])).size > 0) {
        // The new address signs in as someone else: the old login stops, as for a person edited by hand.
        await logins.detachLogin(before.authUserId);
        await repository.updatePerson(change.personId, { authUserId: null });
        continue;
      }
      await logins.syncLogins([login], { emailChanged: true });
    } else if (before.firstName !== change.values.firstName || before.lastName !== change.values.lastName) {
      renamed.push(login);
    }
    // Deprovisioning ends every session and refresh family at once; reactivation lets the login sign in again.
    if (change.kind === 'deactivated') await logins.disableLogin(before.authUserId);
    if (change.kind === 'reactivated') await logins.enableLogin(before.authUserId);
  }
  if (renamed.length) await logins.syncLogins(renamed);

  await appendProvisioningEvents(
    tx,
    scope,
    'google',
    batch.map((change) => ({ type: eventTypeOf[change.kind], personId: change.personId, fields: change.fields.map((field) => field.field) })),
  );
};
