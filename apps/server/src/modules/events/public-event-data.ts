import { provisioningEventTypes, simulationEventTypes, trainingEventTypes } from '@vigil/contracts';
import type { EventRow } from '@vigil/db';

/**
 * What of an event log row's `data` may leave Vigil — in a webhook's body and in the public API's
 * event feed — by event type. Anything not listed stays inside: a reported message's subject and
 * message id, a phone call's id, an IP address or browser string, a mail server's answer (it often
 * names the recipient). One list for both ways out, so they cannot disagree.
 */

/** Why a simulated message did not go, as a code (the SMTP error text stays in Vigil's own log). */
export const deliveryFailureCodes = ['refused-address', 'connection', 'timeout', 'tls', 'auth', 'rejected', 'invalid-message', 'profile-unavailable', 'other'] as const;
type DeliveryFailureCode = (typeof deliveryFailureCodes)[number];

const isFailureCode = (value: unknown): value is DeliveryFailureCode => (deliveryFailureCodes as readonly unknown[]).includes(value);

/** The delivery_failed event keeps the classified failure (`data.failure.reason`) beside the error's text; a lure that could not be written names the field at fault. */
const failureCodeOf = (data: Record<string, unknown>): DeliveryFailureCode => {
  const classified = (data.failure as { reason?: unknown } | undefined)?.reason;
  if (isFailureCode(classified)) return classified;
  if (typeof data.field === 'string') return 'invalid-message';
  return 'other';
};

type FactsOf = (data: Record<string, unknown>) => Record<string, unknown>;

const keys =
  (...names: string[]): FactsOf =>
  (data) =>
    Object.fromEntries(names.filter((name) => data[name] !== undefined).map((name) => [name, data[name]]));

const hit = keys('link', 'rule');
const training = keys('assignmentId', 'moduleId', 'reason', 'dueAt', 'score', 'attempts', 'attemptsLeft', 'language');
const provisioning = keys('source', 'fields');

const factsByType: Record<string, FactsOf> = {
  ...Object.fromEntries(simulationEventTypes.map((type) => [type, hit])),
  sent: keys('language'),
  delivered: keys(),
  delivery_failed: (data) => ({ reason: failureCodeOf(data) }),
  // Written only when a send was cut short after it began: the mail server may have taken it.
  delivery_uncertain: () => ({ reason: 'interrupted' }),
  submitted: keys('link', 'rule', 'fields'),
  reported: keys('simulation'),
  replied: keys(),
  called: keys(),
  no_action: keys('afterDays'),
  ...Object.fromEntries(trainingEventTypes.map((type) => [type, training])),
  ...Object.fromEntries(provisioningEventTypes.map((type) => [type, provisioning])),
};

/** The facts of `event` that may leave Vigil; none for a type that is not listed. */
export const publicEventData = (event: Pick<EventRow, 'type' | 'data'>): Record<string, unknown> => factsByType[event.type]?.(event.data ?? {}) ?? {};
