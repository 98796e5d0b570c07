import { z } from 'zod';
import type { AdaptiveFiring, AdaptiveRule, AdaptiveRuleBody } from '@vigil/contracts';
import type { AdaptiveControlRuleRow, Db } from '@vigil/db';
import { fieldError, notFound } from '../../lib/app-error.ts';
import { decodeCursor, readKeysetPage, timestampKeySchema } from '../../lib/keyset.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { personActor, scopeOf } from '../../lib/scope.ts';
import { type Tenant, requireAdminRole } from '../../lib/tenant.ts';
import { recordAudit } from '../audit-log/audit-log.service.ts';
import { findUsableModule } from '../training/modules/training-modules.service.ts';
import { liftFiring } from './adaptive-controls.engine.ts';
import { adaptiveControlsRepository } from './adaptive-controls.repository.ts';

const requireControlsAdmin = (tenant: Tenant) => requireAdminRole(tenant, 'Only an admin may manage adaptive controls');
const firingKey = z.tuple([timestampKeySchema, z.uuid()]);

const presentRule = (row: AdaptiveControlRuleRow, active: number): AdaptiveRule => ({
  id: row.id,
  name: row.name,
  trigger: row.trigger,
  actions: row.actions,
  enabled: row.enabled,
  active,
  createdAt: row.createdAt.toISOString(),
});

export const listAdaptiveRules = async (db: Db, tenant: Tenant) => {
  requireControlsAdmin(tenant);
  const repository = adaptiveControlsRepository(db, scopeOf(tenant));
  const active = await repository.activeCounts();
  return { items: (await repository.listRules()).map((row) => presentRule(row, active.get(row.id) ?? 0)) };
};

const checkModule = async (db: Db, tenant: Tenant, moduleId: string | null) => {
  if (moduleId && !(await findUsableModule(db, scopeOf(tenant), moduleId))) throw fieldError('VALIDATION_FAILED', 'body.actions.assignModuleId', 'must be a training module this organization may use');
};

/**
 * A new rule (audited). It applies from the next batch of events; people already over its line are
 * caught by their next event or the daily review.
 * @throws AppError FORBIDDEN (not an admin), VALIDATION_FAILED naming body.actions.assignModuleId.
 */
export const createAdaptiveRule = async (db: Db, tenant: Tenant, body: AdaptiveRuleBody, origin: RequestOrigin) => {
  requireControlsAdmin(tenant);
  await checkModule(db, tenant, body.actions.assignModuleId);
  const row = await db.transaction(async (tx) => {
    const inserted = await adaptiveControlsRepository(tx, scopeOf(tenant)).insertRule({ ...body, createdByPersonId: tenant.viaManagedService ? null : tenant.personId });
    await recordAudit(tx, tenant, { action: 'adaptive-control.rule.create', targetType: 'adaptive-control-rule', targetId: inserted.id, details: { name: body.name, trigger: body.trigger, actions: body.actions, enabled: body.enabled }, ...origin });
    return inserted;
  });
  return presentRule(row, 0);
};

/** Lifts every open firing of a rule (turned off or deleted): its identity actions end with it. */
const liftAllOf = async (tx: Parameters<Parameters<Db['transaction']>[0]>[0], tenant: Tenant, ruleId: string) => {
  const scope = scopeOf(tenant);
  for (const firing of await adaptiveControlsRepository(tx, scope).openFiringsOfRule(ruleId)) {
    await liftFiring(tx, scope, firing, 'rule', personActor(tenant), new Date(), tenant.viaManagedService ? null : tenant.personId);
  }
};

/**
 * Changes a rule (audited). Turning it off lifts what it holds. @throws AppError FORBIDDEN, NOT_FOUND,
 * VALIDATION_FAILED as for create.
 */
export const updateAdaptiveRule = async (db: Db, tenant: Tenant, id: string, body: AdaptiveRuleBody, origin: RequestOrigin) => {
  requireControlsAdmin(tenant);
  await checkModule(db, tenant, body.actions.assignModuleId);
  const row = await db.transaction(async (tx) => {
    const repository = adaptiveControlsRepository(tx, scopeOf(tenant));
    const updated = await repository.updateRule(id, body);
    if (!updated) throw notFound('Adaptive-control rule');
    if (!updated.enabled) await liftAllOf(tx, tenant, id);
    await recordAudit(tx, tenant, { action: 'adaptive-control.rule.update', targetType: 'adaptive-control-rule', targetId: id, details: { name: body.name, trigger: body.trigger, actions: body.actions, enabled: body.enabled }, ...origin });
    return updated;
  });
  const active = await adaptiveControlsRepository(db, scopeOf(tenant)).activeCounts();
  return presentRule(row, active.get(id) ?? 0);
};

/** Deletes a rule after lifting what it holds (audited). @throws AppError FORBIDDEN, NOT_FOUND. */
export const deleteAdaptiveRule = async (db: Db, tenant: Tenant, id: string, origin: RequestOrigin) => {
  requireControlsAdmin(tenant);
  await db.transaction(async (tx) => {
    const repository = adaptiveControlsRepository(tx, scopeOf(tenant));
    const rule = await repository.findRule(id);
    if (!rule) throw notFound('Adaptive-control rule');
    await liftAllOf(tx, tenant, id);
    await repository.deleteRule(id);
    await recordAudit(tx, tenant, { action: 'adaptive-control.rule.delete', targetType: 'adaptive-control-rule', targetId: id, details: { name: rule.name }, ...origin });
  });
};

type FiringRow = Awaited<ReturnType<ReturnType<typeof adaptiveControlsRepository>['listFirings']>>[number];
const presentFiring = ({ firing, ruleName, firstName, lastName, email }: FiringRow): AdaptiveFiring => ({
  id: firing.id,
  ruleId: firing.ruleId,
  ruleName,
  person: { id: firing.personId, name: `${firstName} ${lastName}`.trim(), email },
  firedAt: firing.firedAt.toISOString(),
  applied: {
    assignmentId: typeof firing.applied.assignmentId === 'string' ? firing.applied.assignmentId : null,
    managerNotified: firing.applied.managerNotified === true,
    requireMfa: firing.applied.requireMfa === true,
    sessionMaxMinutes: typeof firing.applied.sessionMaxMinutes === 'number' ? firing.applied.sessionMaxMinutes : null,
    score: Number(firing.applied.score ?? 0),
    failures: Number(firing.applied.failures ?? 0),
  },
  liftedAt: firing.liftedAt?.toISOString() ?? null,
  liftedReason: (firing.liftedReason as AdaptiveFiring['liftedReason']) ?? null,
});

/** Who the rules hold (or held), newest first, paged by key. */
export const listAdaptiveFirings = async (db: Db, tenant: Tenant, query: { status: 'active' | 'all'; cursor?: string; limit: number }) => {
  requireControlsAdmin(tenant);
  const repository = adaptiveControlsRepository(db, scopeOf(tenant));
  const page = await readKeysetPage(
    (after: readonly [string, string] | undefined, limit) => repository.listFirings(query.status, after, limit),
    (row) => [row.sortKey, row.firing.id] as const,
    query.cursor ? decodeCursor(query.cursor, firingKey) : undefined,
    query.limit,
  );
  return { items: page.items.map(presentFiring), nextCursor: page.nextCursor };
};

/**
 * Lifts a firing by hand (audited): its MFA requirement and session limit end at once. The rule may
 * fire again for the person at their next risk event if its trigger still holds.
 * @throws AppError FORBIDDEN, NOT_FOUND, CONFLICT when it was lifted already.
 */
export const liftAdaptiveFiring = async (db: Db, tenant: Tenant, id: string, origin: RequestOrigin) => {
  requireControlsAdmin(tenant);
  await db.transaction(async (tx) => {
    const scope = scopeOf(tenant);
    const firing = await adaptiveControlsRepository(tx, scope).findFiring(id);
    if (!firing) throw notFound('Adaptive-control firing');
    if (firing.liftedAt) throw fieldError('CONFLICT', 'id', 'was lifted already');
    await liftFiring(tx, scope, firing, 'admin', personActor(tenant), new Date(), tenant.viaManagedService ? null : tenant.personId);
    await recordAudit(tx, tenant, { action: 'adaptive-control.lift-by-hand', targetType: 'person', targetId: firing.personId, details: { firingId: id }, ...origin });
  });
  return presentFiring((await adaptiveControlsRepository(db, scopeOf(tenant)).findFiringView(id))!);
};
