import type { CreateTrainingAssignmentsBody, TrainingAssignment, TrainingAssignmentsQuery } from '@vigil/contracts';
import { now } from '../../../lib/clock.ts';
import type { Db, Tx } from '@vigil/db';
import { z } from 'zod';
import { AppError, fieldError, notFound } from '../../../lib/app-error.ts';
import { csvStream } from '../../../lib/csv-stream.ts';
import { decodeCursor, readAllByKey, readKeysetPage, timestampKeySchema } from '../../../lib/keyset.ts';
import type { RequestOrigin } from '../../../lib/request-origin.ts';
import { type Actor, type OrgScope, personActor, scopeOf } from '../../../lib/scope.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { recordAudit, recordAuditAs } from '../../audit-log/audit-log.service.ts';
import { appendEvents } from '../../events/events.repository.ts';
import { resolveAudienceMembers } from '../../phishing/campaigns/campaigns.service.ts';
import { findUsableModule, requireTrainingAdmin } from '../modules/training-modules.service.ts';
import { refuseCancel } from './training-assignments.policy.ts';
import { assignmentCsvColumns, assignmentCsvRow, presentAssignment } from './training-assignments.presenter.ts';
import { type AdminAssignmentRow, type AdminAssignmentsFilter, trainingAssignmentsRepository } from './training-assignments.repository.ts';

export type AssignModuleInput = Readonly<{
  moduleId: string;
  personIds: readonly string[];
  dueAt: Date;
  reason?: 'assigned' | 'remedial' | 'cadence';
  assignedByPersonId?: string | null;
  /** For a remedial lesson: the failure that called for it. */
  sourceEventId?: number | null;
  sourceCampaignId?: string | null;
  /** When the round happens (the demo seed backdates); now by default. */
  assignedAt?: Date;
  /** For a cadence round: the rule and its period (one assignment per rule, person and period). */
  cadenceRuleId?: string | null;
  cadencePeriod?: string | null;
}>;

/**
 * Assigns a module to people inside the caller's transaction: one assignment each, except people who
 * already have it open (assigned or in progress), who keep the one they have. Writes
 * training_assigned for each new assignment in the same transaction. The seam remedial
 * assignment (after a simulated failure) and scheduled rounds use too.
 * @returns the new assignments (people who already had the module open are not among them)
 */
export const assignTrainingModule = async (tx: Tx, scope: OrgScope, input: AssignModuleInput) => {
  const repository = trainingAssignmentsRepository(tx, scope);
  const people = [...new Set(input.personIds)];
  const holders = await repository.openHolders(input.moduleId, people);
  const assignedAt = input.assignedAt ?? now();
  const created = await repository.insertNew(
    people
      .filter((personId) => !holders.has(personId))
      .map((personId) => ({
        personId,
        moduleId: input.moduleId,
        reason: input.reason ?? 'assigned',
        dueAt: input.dueAt,
        assignedAt,
        assignedByPersonId: input.assignedByPersonId ?? null,
        sourceEventId: input.sourceEventId ?? null,
        sourceCampaignId: input.sourceCampaignId ?? null,
        cadenceRuleId: input.cadenceRuleId ?? null,
        cadencePeriod: input.cadencePeriod ?? null,
      })),
  );
  await appendEvents(
    tx,
    created.map((assignment) => ({
      organizationId: scope.organizationId,
      personId: assignment.personId,
      campaignId: assignment.sourceCampaignId,
      type: 'training_assigned',
      occurredAt: assignedAt,
      data: { assignmentId: assignment.id, moduleId: assignment.moduleId, reason: assignment.reason, dueAt: assignment.dueAt.toISOString() },
    })),
  );
  return created;
};

/**
 * Assigns a module to every active person of an audience, due on a date (audited).
 * @throws AppError FORBIDDEN for anyone but an admin; VALIDATION_FAILED naming body.moduleId (not a
 * module the organisation may use), body.dueAt (not in the future) or body.audience.ids.
 */
export const createTrainingAssignments = async (db: Db, tenant: Tenant, body: CreateTrainingAssignmentsBody, origin?: RequestOrigin) => {
  requireTrainingAdmin(tenant);
  return assignToAudienceAs(db, scopeOf(tenant), personActor(tenant), body, origin);
};

/**
 * `createTrainingAssignments` for an actor already allowed to assign (the public API, by its key's
 * scope), audited as that actor.
 * @throws AppError VALIDATION_FAILED naming body.moduleId, body.dueAt or body.audience.ids.
 */
export const assignToAudienceAs = async (db: Db, scope: OrgScope, actor: Actor, body: CreateTrainingAssignmentsBody, origin?: RequestOrigin) => {
  const dueAt = new Date(body.dueAt);
  if (dueAt.getTime() <= Date.now()) throw fieldError('VALIDATION_FAILED', 'body.dueAt', 'must be in the future');
  return db.transaction(async (tx) => {
    const module = await findUsableModule(tx, scope, body.moduleId);
    if (!module) throw fieldError('VALIDATION_FAILED', 'body.moduleId', 'must be a training module this organization may use');
    const members = await resolveAudienceMembers(tx, scope, body.audience);
    const assignedByPersonId = actor.kind === 'person' ? actor.id : null;
    const created = await assignTrainingModule(tx, scope, { moduleId: module.id, personIds: members.map((member) => member.id), dueAt, assignedByPersonId });
    const result = { assigned: created.length, alreadyAssigned: members.length - created.length };
    await recordAuditAs(tx, scope, actor, { action: 'training-assignment.create', targetType: 'training-module', targetId: module.id, details: { audience: body.audience, dueAt: body.dueAt, ...result }, ...origin });
    return result;
  });
};

const listKey = z.tuple([timestampKeySchema, z.uuid()]);
const keyOf = (row: AdminAssignmentRow) => [row.sortKey, row.assignment.id] as const;

/**
 * The organisation's assignments, newest first, a page at a time by key.
 * @throws AppError FORBIDDEN for anyone but an admin; VALIDATION_FAILED for a cursor this list did not give.
 */
export const listTrainingAssignments = async (db: Db, tenant: Tenant, query: TrainingAssignmentsQuery) => {
  requireTrainingAdmin(tenant);
  return readTrainingAssignmentPage(db, tenant, query);
};

/**
 * `listTrainingAssignments` for a caller already allowed to read them (the public API, by its key's scope).
 * @throws AppError VALIDATION_FAILED for a cursor this list did not give.
 */
export const readTrainingAssignmentPage = async (db: Db, scope: OrgScope, query: AdminAssignmentsFilter & { cursor?: string; limit: number }) => {
  const repository = trainingAssignmentsRepository(db, scope);
  const now = new Date();
  const page = await readKeysetPage(
    (after: readonly [string, string] | undefined, limit) => repository.listForAdmin(query, after, limit),
    keyOf,
    query.cursor ? decodeCursor(query.cursor, listKey) : undefined,
    query.limit,
  );
  return { items: page.items.map((row) => presentAssignment(row, now)), nextCursor: page.nextCursor };
};

/**
 * Every assignment matching the filters as a streamed CSV (formula cells neutralised).
 * @throws AppError FORBIDDEN for anyone but an admin.
 */
export const streamTrainingAssignmentsCsv = async (db: Db, tenant: Tenant, query: TrainingAssignmentsQuery) => {
  requireTrainingAdmin(tenant);
  const repository = trainingAssignmentsRepository(db, tenant);
  const now = new Date();
  const rows = readAllByKey((after: readonly [string, string] | undefined, limit) => repository.listForAdmin(query, after, limit), keyOf);
  return csvStream(
    assignmentCsvColumns,
    (async function* () {
      for await (const row of rows) yield assignmentCsvRow(presentAssignment(row, now));
    })(),
  );
};

/**
 * Cancels an open assignment (audited); what was watched and scored stays.
 * @throws AppError FORBIDDEN for anyone but an admin; NOT_FOUND for an assignment not of the
 * organisation; CONFLICT when it is already finished.
 */
export const cancelTrainingAssignment = async (db: Db, tenant: Tenant, id: string, origin?: RequestOrigin): Promise<TrainingAssignment> => {
  requireTrainingAdmin(tenant);
  return db.transaction(async (tx) => {
    const repository = trainingAssignmentsRepository(tx, tenant);
    const assignment = await repository.find(id, { lock: true });
    if (!assignment) throw notFound('The training assignment');
    const refusal = refuseCancel(assignment.status);
    if (refusal) throw new AppError('CONFLICT', refusal);
    await repository.update(id, { status: 'cancelled', cancelledAt: new Date() });
    await recordAudit(tx, tenant, { action: 'training-assignment.cancel', targetType: 'training-assignment', targetId: id, details: { personId: assignment.personId, moduleId: assignment.moduleId }, ...origin });
    return presentAssignment((await repository.findForAdmin(id))!);
  });
};

/**
 * One person's assignments, newest first (people insights, for a caller who has already decided the
 * person may be seen: no role check here).
 */
export const personTrainingHistory = async (db: Db, scope: OrgScope, personId: string, limit = 50): Promise<TrainingAssignment[]> => {
  const now = new Date();
  return (await trainingAssignmentsRepository(db, scope).listForAdmin({ personId }, undefined, limit)).map((row) => presentAssignment(row, now));
};
