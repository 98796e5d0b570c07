import { type CadenceRule, type CadenceRuleInput, type UpdateCadenceRuleBody, cadenceRuleInputSchema, isAdminRole } from '@vigil/contracts';
import type { Db, Tx } from '@vigil/db';
import { AppError, fieldError, notFound } from '../../../lib/app-error.ts';
import type { RequestOrigin } from '../../../lib/request-origin.ts';
import { type Actor, type OrgScope, jobActor, personActor, scopeOf } from '../../../lib/scope.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { recordAuditAs } from '../../audit-log/audit-log.service.ts';
import { resolveAudienceMembers } from '../../phishing/campaigns/campaigns.service.ts';
import { assignTrainingModule } from '../assignments/training-assignments.service.ts';
import { findUsableModule, requireTrainingAdmin } from '../modules/training-modules.service.ts';
import { dueAtFor, inNewHireWindow, localDateOf, periodOn } from './cadence-periods.ts';
import { presentCadenceRule } from './cadence.presenter.ts';
import { type CadenceRepository, cadenceRepository, claimRule, selectActiveRules } from './cadence.repository.ts';

/** Where a rule's problems are named: `body.` for the API's one rule, `rules.{i}.` for a list. */
type FieldPrefix = (index: number) => string;

const requireAdminActor = (actor: Actor) => {
  if (actor.kind === 'person' && !isAdminRole(actor.role)) throw new AppError('FORBIDDEN', 'Only an admin may manage training');
};

const presentAll = async (repository: CadenceRepository, ids?: readonly string[]) => {
  const [rows, timeZone] = await Promise.all([repository.list(ids), repository.organizationTimeZone()]);
  const now = new Date();
  return rows.map((row) => presentCadenceRule(row, timeZone, now));
};

/**
 * Creates cadence rules in the organisation (audited as the actor): each assigns its module to its
 * audience on hire, every year from its anchor date (today in the organisation's time zone when
 * absent) or every quarter; the hourly `training.cadence` job does the assigning. A rule a
 * compliance framework asks for (`frameworkId`) that the organisation already has live (same
 * framework, module and cadence) is not made twice: the existing one is returned.
 * Runs in its own transaction, or a savepoint of the caller's.
 * @returns the rules, in the order given
 * @throws AppError FORBIDDEN for a person who is not an admin; VALIDATION_FAILED naming
 * `rules.{i}.{field}` (or the prefix given): a module the organisation may not use, audience ids not
 * of the organisation, or a field out of its bounds.
 */
export const createCadenceRules = async (
  db: Db | Tx,
  scope: OrgScope,
  actor: Actor,
  rules: readonly CadenceRuleInput[],
  options: { fieldPrefix?: FieldPrefix; origin?: RequestOrigin } = {},
): Promise<CadenceRule[]> => {
  requireAdminActor(actor);
  const prefix = options.fieldPrefix ?? ((index: number) => `rules.${index}.`);
  const parsed = rules.map((rule, index) => {
    const result = cadenceRuleInputSchema.safeParse(rule);
    if (result.success) return result.data;
    const issue = result.error.issues[0]!;
    throw fieldError('VALIDATION_FAILED', `${prefix(index)}${issue.path.join('.')}`, issue.message);
  });
  return db.transaction(async (tx) => {
    const repository = cadenceRepository(tx, scope);
    const today = localDateOf(new Date(), await repository.organizationTimeZone());
    const ids: string[] = [];
    for (const [index, rule] of parsed.entries()) {
      const module = await findUsableModule(tx, scope, rule.moduleId);
      if (!module) throw fieldError('VALIDATION_FAILED', `${prefix(index)}moduleId`, 'must be a training module this organization may use');
      await resolveAudienceMembers(tx, scope, rule.audience, `${prefix(index)}audience.ids`);
      const existing = rule.frameworkId ? await repository.findForFramework(rule.frameworkId, module.id, rule.cadence) : undefined;
      if (existing) {
        ids.push(existing.id);
        continue;
      }
      const created = await repository.insert({
        moduleId: module.id,
        audience: rule.audience,
        cadence: rule.cadence,
        dueInDays: rule.dueInDays,
        newHireWindowDays: rule.newHireWindowDays,
        anchorDate: rule.anchorDate ?? today,
        frameworkId: rule.frameworkId ?? null,
        pausedAt: rule.state === 'paused' ? new Date() : null,
        createdByPersonId: actor.kind === 'person' ? actor.id : null,
      });
      ids.push(created.id);
      await recordAuditAs(tx, scope, actor, {
        action: 'training-cadence-rule.create',
        targetType: 'training-cadence-rule',
        targetId: created.id,
        details: { moduleId: module.id, cadence: rule.cadence, audience: rule.audience, dueInDays: rule.dueInDays, frameworkId: rule.frameworkId ?? null },
        ...options.origin,
      });
    }
    const presented = await presentAll(repository, ids);
    return ids.map((id) => presented.find((rule) => rule.id === id)!);
  });
};

/** The organisation's time zone, whose midnights start cadence periods and schedule days. */
export const readOrganizationTimeZone = (db: Db | Tx, scope: OrgScope) => cadenceRepository(db, scope).organizationTimeZone();

/** The organisation's cadence rules, oldest first. @throws AppError FORBIDDEN for anyone but an admin. */
export const listCadenceRules = async (db: Db, tenant: Tenant) => {
  requireTrainingAdmin(tenant);
  return { items: await presentAll(cadenceRepository(db, scopeOf(tenant))) };
};

/**
 * Changes a rule's audience, due days, new-hire window, anchor date or state (pause, resume), audited.
 * @throws AppError FORBIDDEN for anyone but an admin; NOT_FOUND for a rule not of the organisation;
 * VALIDATION_FAILED naming body.audience.ids.
 */
export const updateCadenceRule = async (db: Db, tenant: Tenant, id: string, body: UpdateCadenceRuleBody, origin?: RequestOrigin) => {
  requireTrainingAdmin(tenant);
  const scope = scopeOf(tenant);
  return db.transaction(async (tx) => {
    const repository = cadenceRepository(tx, scope);
    const rule = await repository.find(id, { lock: true });
    if (!rule) throw notFound('The cadence rule');
    if (body.audience) await resolveAudienceMembers(tx, scope, body.audience);
    const pausedAt = body.state === undefined ? undefined : body.state === 'paused' ? (rule.pausedAt ?? new Date()) : null;
    await repository.update(id, { audience: body.audience, dueInDays: body.dueInDays, newHireWindowDays: body.newHireWindowDays, anchorDate: body.anchorDate, pausedAt });
    await recordAuditAs(tx, scope, personActor(tenant), { action: 'training-cadence-rule.update', targetType: 'training-cadence-rule', targetId: id, details: { ...body }, ...origin });
    return (await presentAll(repository, [id]))[0]!;
  });
};

/**
 * Deletes a rule (audited): it assigns nothing more; the assignments it made stay, and name it.
 * @throws AppError FORBIDDEN for anyone but an admin; NOT_FOUND for a rule not of the organisation.
 */
export const deleteCadenceRule = async (db: Db, tenant: Tenant, id: string, origin?: RequestOrigin) => {
  requireTrainingAdmin(tenant);
  const scope = scopeOf(tenant);
  await db.transaction(async (tx) => {
    const repository = cadenceRepository(tx, scope);
    const rule = await repository.find(id, { lock: true });
    if (!rule) throw notFound('The cadence rule');
    await repository.update(id, { deletedAt: new Date() });
    await recordAuditAs(tx, scope, personActor(tenant), { action: 'training-cadence-rule.delete', targetType: 'training-cadence-rule', targetId: id, details: { moduleId: rule.moduleId, cadence: rule.cadence }, ...origin });
  });
};

export const runCadenceJobName = 'training.cadence';

/** What one rule's run did: its period (none: nothing was due), the people assigned and those who had the module open. */
export type CadenceRunResult = { period: string | null; assigned: number; alreadyAssigned: number };

const nothing: CadenceRunResult = { period: null, assigned: 0, alreadyAssigned: 0 };

/**
 * Runs one rule at `now`, in one transaction with the rule locked (a rule another worker is
 * running is skipped): an annual or quarterly rule assigns its module to the audience's active
 * people once per period, at the period's start; an on-hire rule to each person whose start date
 * has come and is at most the window's days past, once. People with the module open already are
 * counted, not assigned; the unique index on (rule, person, period) makes a repeated run assign
 * nobody twice.
 */
export const runCadenceRule = async (db: Db, rule: { id: string; organizationId: string }, now: Date): Promise<CadenceRunResult> => {
  const scope: OrgScope = { organizationId: rule.organizationId };
  const actor = jobActor(runCadenceJobName, rule.organizationId);
  return db.transaction(async (tx) => {
    const row = await claimRule(tx, scope, rule.id);
    if (!row) return nothing;
    const repository = cadenceRepository(tx, scope);
    const timeZone = await repository.organizationTimeZone();
    const today = localDateOf(now, timeZone);
    const period = row.cadence === 'on_hire' ? { key: 'hire', start: today } : periodOn(row.cadence, row.anchorDate, today);
    if (!period || (row.cadence !== 'on_hire' && row.lastRun?.period === period.key)) return nothing;
    const module = await findUsableModule(tx, scope, row.moduleId);
    let members: { id: string }[];
    try {
      if (!module) throw new AppError('VALIDATION_FAILED', 'its module is archived or gone');
      members = await resolveAudienceMembers(tx, scope, row.audience);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // A department or person the audience named is gone, or the module is: the run is skipped, and said so.
      await recordAuditAs(tx, scope, actor, { action: 'training-cadence-rule.run-failed', targetType: 'training-cadence-rule', targetId: row.id, details: { period: period.key, problem: error.message } });
      await repository.recordRun(row.id, { period: period.key, at: now.toISOString(), assigned: 0, alreadyAssigned: 0 });
      return nothing;
    }

    // Who this run is for, grouped by the day their period started (on hire: each start date).
    const groups = new Map<string, string[]>();
    if (row.cadence === 'on_hire') {
      const startDates = await repository.startDates(members.map((member) => member.id));
      const newHires = members.filter((member) => {
        const start = startDates.get(member.id);
        return start !== undefined && inNewHireWindow(start, today, row.newHireWindowDays);
      });
      const had = await repository.periodHolders(row.id, 'hire', newHires.map((member) => member.id));
      for (const member of newHires) if (!had.has(member.id)) groups.set(startDates.get(member.id)!, [...(groups.get(startDates.get(member.id)!) ?? []), member.id]);
    } else {
      groups.set(period.start, members.map((member) => member.id));
    }

    const result: CadenceRunResult = { period: period.key, assigned: 0, alreadyAssigned: 0 };
    for (const [start, personIds] of groups) {
      const created = await assignTrainingModule(tx, scope, {
        moduleId: module!.id,
        personIds,
        dueAt: dueAtFor(start, row.dueInDays, timeZone, now),
        reason: 'cadence',
        cadenceRuleId: row.id,
        cadencePeriod: period.key,
        assignedAt: now,
      });
      result.assigned += created.length;
      result.alreadyAssigned += personIds.length - created.length;
    }
    // An on-hire rule runs every hour: only a run that found someone is worth recording.
    if (row.cadence !== 'on_hire' || result.assigned > 0) {
      await repository.recordRun(row.id, { period: period.key, at: now.toISOString(), assigned: result.assigned, alreadyAssigned: result.alreadyAssigned });
      await recordAuditAs(tx, scope, actor, { action: 'training-cadence-rule.run', targetType: 'training-cadence-rule', targetId: row.id, details: { ...result } });
    }
    return result;
  });
};

/**
 * Runs every active rule (of every organisation, or one) at `now`.
 * @returns the rules that assigned or counted someone, and the totals
 */
export const runCadenceRules = async (db: Db, now: Date, options: { organizationId?: string; onProgress?: (done: number, total: number) => void } = {}) => {
  const rules = await selectActiveRules(db, options.organizationId);
  const totals = { rules: 0, assigned: 0, alreadyAssigned: 0 };
  for (const [index, rule] of rules.entries()) {
    const result = await runCadenceRule(db, rule, now);
    if (result.assigned + result.alreadyAssigned > 0) totals.rules += 1;
    totals.assigned += result.assigned;
    totals.alreadyAssigned += result.alreadyAssigned;
    options.onProgress?.(index + 1, rules.length);
  }
  return totals;
};
