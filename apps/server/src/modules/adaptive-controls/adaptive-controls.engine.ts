import type { AdaptiveControlFiringRow, AdaptiveControlRuleRow, AdaptiveTrigger, Db, Tx } from '@vigil/db';
import { type Actor, type OrgScope, jobActor } from '../../lib/scope.ts';
import { recordAuditAs } from '../audit-log/audit-log.service.ts';
import { type SignInPolicy, loginDirectoryFor } from '../identity/login-directory.ts';
import { assignTrainingModule } from '../training/assignments/training-assignments.service.ts';
import { adaptiveControlsRepository } from './adaptive-controls.repository.ts';

const dayMs = 24 * 60 * 60 * 1000;
/** A lesson a rule assigns is due in two weeks. */
export const assignedLessonDueDays = 14;

export type PersonFacts = { score: number; failuresWithin: (days: number) => Promise<number> };

/** Whether a rule's trigger holds for a person now (pure but for the failure count it asks for). */
export const triggerHolds = async (trigger: AdaptiveTrigger, facts: PersonFacts) =>
  trigger.kind === 'score_at_least' ? facts.score >= trigger.threshold : (await facts.failuresWithin(trigger.days)) >= trigger.count;

/**
 * The identity actions of a person's open firings, merged: MFA when any asks for it, the shortest
 * session any asks for; null when nothing asks for anything.
 */
const signInPolicyOf = (open: readonly Pick<AdaptiveControlFiringRow, 'applied'>[]): SignInPolicy | null => {
  const requireMfa = open.some((firing) => firing.applied.requireMfa === true);
  const minutes = open.map((firing) => firing.applied.sessionMaxMinutes).filter((value): value is number => typeof value === 'number');
  if (!requireMfa && minutes.length === 0) return null;
  return { requireMfa, sessionMaxSeconds: minutes.length ? Math.min(...minutes) * 60 : null, reason: `adaptive controls: ${open.length} rule${open.length === 1 ? '' : 's'} in force` };
};

/** The policy a person's open firings make now. */
const currentPolicy = async (tx: Db | Tx, scope: OrgScope, personId: string) => signInPolicyOf(await adaptiveControlsRepository(tx, scope).openFiringsOf([personId]));

/**
 * Writes the policy of the person's open firings as the provider's sign-in policy (read at every
 * sign-in and refresh), or removes it. `previous` is the policy before this change: a provider
 * without such policies ends the person's sessions only when the new one is stricter (see
 * LoginDirectory.setSignInPolicy), so lifting one of two firings signs nobody out.
 */
const syncSignInPolicy = async (tx: Db | Tx, scope: OrgScope, person: { id: string; authUserId: string | null }, previous: SignInPolicy | null) => {
  if (!person.authUserId) return;
  await loginDirectoryFor(tx).setSignInPolicy(person.authUserId, await currentPolicy(tx, scope, person.id), previous);
};

const fire = async (tx: Tx, scope: OrgScope, rule: AdaptiveControlRuleRow, person: { id: string; managerId: string | null }, facts: { score: number; failures: number }, now: Date, actor: Actor) => {
  let assignmentId: string | null = null;
  if (rule.actions.assignModuleId) {
    const [assignment] = await assignTrainingModule(tx, scope, { moduleId: rule.actions.assignModuleId, personIds: [person.id], reason: 'remedial', dueAt: new Date(now.getTime() + assignedLessonDueDays * dayMs), assignedAt: now });
    assignmentId = assignment?.id ?? null;
  }
  const applied = {
    assignmentId,
    // The manager's mail goes out from the notification job (it holds the mail settings).
    managerNotified: false,
    notifyPending: rule.actions.notifyManager && person.managerId !== null,
    requireMfa: rule.actions.requireMfa,
    sessionMaxMinutes: rule.actions.sessionMaxMinutes,
    score: Math.round(facts.score * 100) / 100,
    failures: facts.failures,
  };
  const firing = await adaptiveControlsRepository(tx, scope).insertFiring({ ruleId: rule.id, personId: person.id, firedAt: now, applied });
  if (!firing) return undefined;
  await recordAuditAs(tx, scope, actor, { action: 'adaptive-control.fire', targetType: 'person', targetId: person.id, details: { ruleId: rule.id, rule: rule.name, ...applied } });
  return firing;
};

/**
 * Lifts an open firing (audited) and withdraws its identity actions; a lesson it assigned stays
 * assigned (it is still worth taking).
 */
export const liftFiring = async (tx: Tx, scope: OrgScope, firing: AdaptiveControlFiringRow, reason: 'recovered' | 'admin' | 'rule', actor: Actor, now = new Date(), byPersonId: string | null = null) => {
  const repository = adaptiveControlsRepository(tx, scope);
  const previous = await currentPolicy(tx, scope, firing.personId);
  const lifted = await repository.liftFiring(firing.id, reason, now, byPersonId);
  if (!lifted) return undefined;
  await recordAuditAs(tx, scope, actor, { action: 'adaptive-control.lift', targetType: 'person', targetId: firing.personId, details: { ruleId: firing.ruleId, firingId: firing.id, reason } });
  const [person] = await repository.personFacts([firing.personId]);
  if (person) await syncSignInPolicy(tx, scope, person, previous);
  return lifted;
};

/**
 * Applies the organisation's enabled rules to these people now: a rule whose trigger holds and that
 * has not fired for the person fires; an open firing whose trigger no longer holds lifts
 * (`recovered`). Called for the people each batch of risk events touches, and daily for everyone
 * with an open firing (scores decay without events).
 */
export const evaluateAdaptiveControls = async (tx: Tx, scope: OrgScope, personIds: readonly string[], now = new Date(), actor: Actor = jobActor('adaptive-controls', scope.organizationId)) => {
  const repository = adaptiveControlsRepository(tx, scope);
  const rules = await repository.enabledRules();
  const open = await repository.openFiringsOf(personIds);
  if (rules.length === 0 && open.length === 0) return { fired: 0, lifted: 0 };
  let fired = 0;
  let lifted = 0;
  for (const person of await repository.personFacts(personIds)) {
    const counts = new Map<number, number>();
    const failuresWithin = async (days: number) => {
      if (!counts.has(days)) counts.set(days, await repository.failuresSince(person.id, new Date(now.getTime() - days * dayMs)));
      return counts.get(days)!;
    };
    const facts = { score: Number(person.score), failuresWithin };
    // The policy in force before this person's first new firing (after any lift before it).
    let beforeFiring: SignInPolicy | null | undefined;
    for (const rule of rules) {
      const holds = person.isActive && (await triggerHolds(rule.trigger, facts));
      const current = open.find((firing) => firing.ruleId === rule.id && firing.personId === person.id);
      if (holds && !current) {
        const failures = rule.trigger.kind === 'failures_within' ? await failuresWithin(rule.trigger.days) : await failuresWithin(90);
        const previous = beforeFiring === undefined ? await currentPolicy(tx, scope, person.id) : beforeFiring;
        if (await fire(tx, scope, rule, person, { score: facts.score, failures }, now, actor)) {
          fired++;
          beforeFiring = previous;
        }
      } else if (!holds && current && (await liftFiring(tx, scope, current, 'recovered', actor, now))) {
        lifted++;
      }
    }
    if (beforeFiring !== undefined) await syncSignInPolicy(tx, scope, person, beforeFiring);
  }
  return { fired, lifted };
};
