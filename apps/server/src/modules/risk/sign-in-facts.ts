import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { type AuthEvent, type ClientInfo, deviceKindOf } from '@vigil/auth-provider';
import { type Db, type Tx, events, people } from '@vigil/db';
import { now } from '../../lib/clock.ts';
// The event log has no service of its own: appending is its one write, which policies call the same way.
// eslint-disable-next-line no-restricted-imports
import { appendEvents } from '../events/events.repository.ts';
import { type SignInAttempt, anomaliesOf, burstMinutes, patternDays } from './sign-in-anomalies.ts';

export { deviceKindOf };

/** The event types a sign-in attempt of a person writes to the log. */
export const signInEventTypes = ['sign_in', 'sign_in_failed', 'sign_in_blocked'] as const;

const outcomeOf = { sign_in: 'success', sign_in_failed: 'failed', sign_in_blocked: 'blocked' } as const;
const minuteMs = 60 * 1000;
const dayMs = 24 * 60 * minuteMs;

type Reader = Db | Tx;
const textOf = (data: unknown, key: string) => (data && typeof data === 'object' && typeof (data as Record<string, unknown>)[key] === 'string' ? ((data as Record<string, unknown>)[key] as string) : undefined);

const attemptsOf = (rows: { type: string; occurredAt: Date; data: unknown }[]): SignInAttempt[] =>
  rows.map((row) => ({
    at: row.occurredAt,
    outcome: outcomeOf[row.type as keyof typeof outcomeOf],
    country: textOf(row.data, 'country'),
    os: textOf(row.data, 'os'),
    browser: textOf(row.data, 'browser'),
    deviceId: textOf(row.data, 'deviceId'),
  }));

/**
 * What the rules compare a new attempt with: the person's successful sign-ins of the last 90 days
 * (the latest 200), and their failed or blocked attempts of the burst window. Read apart, so a flood
 * of failures cannot push the successes out of view.
 */
const recentAttempts = async (db: Reader, organizationId: string, personId: string, at: Date): Promise<SignInAttempt[]> => {
  const select = (types: string[], since: Date, limit: number) =>
    db
      .select({ type: events.type, occurredAt: events.occurredAt, data: events.data })
      .from(events)
      .where(and(eq(events.organizationId, organizationId), eq(events.personId, personId), inArray(events.type, types), gte(events.occurredAt, since)))
      .orderBy(desc(events.occurredAt))
      .limit(limit);
  const successes = await select(['sign_in'], new Date(at.getTime() - patternDays * dayMs), 200);
  const failures = await select(['sign_in_failed', 'sign_in_blocked'], new Date(at.getTime() - 2 * burstMinutes * minuteMs), 100);
  return attemptsOf([...successes, ...failures]);
};

/** Whether a login holds a second factor now (a confirmed phone, an authenticator app or a passkey), as the provider knows. */
export type SecondFactorLookup = (authUserId: string) => Promise<boolean>;

const personOfLogin = async (db: Db, authUserId: string) =>
  (await db.select({ id: people.id, organizationId: people.organizationId }).from(people).where(eq(people.authUserId, authUserId)))[0];

/**
 * Writes a person's sign-in attempt to the event log (the provider's own record keeps the details):
 * a success, a failure, or an attempt on a locked or disabled account, with the method, the kind of
 * device, the device id as the provider keeps it (a keyed hash, when the sign-in page sent one) and
 * the address's country, never the address or the raw user agent. What the anomaly rules find
 * unusual about it follows as `sign_in_anomaly` events, which the risk score counts. Attempts on
 * unknown login ids name no person and are not written here.
 */
export const recordSignInFact = async (db: Db, event: AuthEvent, client: ClientInfo, holdsSecondFactor: SecondFactorLookup) => {
  if (event.event !== 'signin' || !event.userId) return;
  const person = await personOfLogin(db, event.userId);
  if (!person) return;
  const type = event.success ? 'sign_in' : event.reason === 'account locked or disabled' ? 'sign_in_blocked' : 'sign_in_failed';
  // A success says whether the person had a second factor then: the risk model counts signing in
  // without one. Single sign-on leaves factors to the organisation's identity provider.
  const protection = type === 'sign_in' ? { secondFactor: event.method === 'sso' || (await holdsSecondFactor(event.userId)) } : {};
  const at = now();
  const device = deviceKindOf(client.userAgent);
  const deviceId = client.deviceId ? { deviceId: client.deviceId } : {};
  const attempt: SignInAttempt = { at, outcome: outcomeOf[type], country: client.country, ...device, ...deviceId };
  const fact = { organizationId: person.organizationId, personId: person.id, occurredAt: at };
  await db.transaction(async (tx) => {
    // One person's attempts are judged one at a time: two at once would each miss the other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${person.id}`}))`);
    const anomalies = anomaliesOf(await recentAttempts(tx, person.organizationId, person.id, at), attempt);
    await appendEvents(tx, [
      { ...fact, type, data: { method: event.method, ...device, ...deviceId, ...(client.country ? { country: client.country } : {}), ...protection } },
      ...anomalies.map((anomaly) => ({ ...fact, type: 'sign_in_anomaly', data: { rule: anomaly.rule, method: event.method, ...anomaly.detail } })),
    ]);
  });
};

/**
 * Writes to the event log that a person set up or removed a second factor (an authenticator app, a
 * passkey, a confirmed phone), with whether they hold one afterwards: the score's "no second
 * factor" line follows it at once, without waiting for the next sign-in.
 */
export const recordSecondFactorChange = async (db: Db, event: AuthEvent, holdsSecondFactor: SecondFactorLookup) => {
  const changes = event.event === 'factor.added' || event.event === 'factor.removed' || event.event === 'update.phone';
  if (!changes || !event.success || !event.userId || event.method === 'recovery_code') return;
  const person = await personOfLogin(db, event.userId);
  if (!person) return;
  await appendEvents(db, [
    {
      organizationId: person.organizationId,
      personId: person.id,
      occurredAt: now(),
      type: 'second_factor_changed',
      data: { method: event.method, change: event.event === 'factor.removed' ? 'removed' : 'added', enrolled: await holdsSecondFactor(event.userId) },
    },
  ]);
};
