import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { AuthEvent, ClientInfo } from '@vigil/auth-provider';
import { type Db, events, people } from '@vigil/db';
import { now } from '../../lib/clock.ts';
// The event log has no service of its own: appending is its one write, which policies call the same way.
// eslint-disable-next-line no-restricted-imports
import { appendEvents } from '../events/events.repository.ts';
import { type SignInAttempt, anomaliesOf, patternDays } from './sign-in-anomalies.ts';

/** The event types a sign-in attempt of a person writes to the log. */
export const signInEventTypes = ['sign_in', 'sign_in_failed', 'sign_in_blocked'] as const;

const operatingSystems: [RegExp, string][] = [
  [/Windows/i, 'Windows'],
  [/iPhone|iPad|iPod/i, 'iOS'],
  [/Mac OS X|Macintosh/i, 'macOS'],
  [/Android/i, 'Android'],
  [/CrOS/i, 'ChromeOS'],
  [/Linux/i, 'Linux'],
];
const browsers: [RegExp, string][] = [
  [/Edg\//i, 'Edge'],
  [/Firefox\//i, 'Firefox'],
  [/Chrome\/|Chromium\//i, 'Chrome'],
  [/Safari\//i, 'Safari'],
];

/**
 * What kind of device signed in, from its user agent: browser family and operating system only, so
 * a new kind of device can be noticed without keeping the raw user agent or the address in the log.
 */
export const deviceKindOf = (userAgent: string | undefined) => {
  const agent = userAgent ?? '';
  const os = operatingSystems.find(([pattern]) => pattern.test(agent))?.[1] ?? 'Other';
  const browser = browsers.find(([pattern]) => pattern.test(agent))?.[1] ?? 'Other';
  return { os, browser };
};

const outcomeOf = { sign_in: 'success', sign_in_failed: 'failed', sign_in_blocked: 'blocked' } as const;
const dayMs = 24 * 60 * 60 * 1000;

/** The person's sign-in attempts of the rules' look-back (at most the latest 500), as the anomaly rules read them. */
const recentAttempts = async (db: Db, organizationId: string, personId: string, at: Date): Promise<SignInAttempt[]> => {
  const rows = await db
    .select({ type: events.type, occurredAt: events.occurredAt, data: events.data })
    .from(events)
    .where(and(eq(events.organizationId, organizationId), eq(events.personId, personId), inArray(events.type, [...signInEventTypes]), gte(events.occurredAt, new Date(at.getTime() - patternDays * dayMs))))
    .orderBy(desc(events.occurredAt))
    .limit(500);
  return rows.map((row) => ({
    at: row.occurredAt,
    outcome: outcomeOf[row.type as keyof typeof outcomeOf],
    country: typeof row.data.country === 'string' ? row.data.country : undefined,
    os: typeof row.data.os === 'string' ? row.data.os : undefined,
    browser: typeof row.data.browser === 'string' ? row.data.browser : undefined,
  }));
};

/**
 * Writes a person's sign-in attempt to the event log (the provider's own record keeps the details):
 * a success, a failure, or an attempt on a locked or disabled account, with the method, the kind of
 * device and the address's country, never the address or the raw user agent. What the anomaly rules
 * find unusual about it follows as `sign_in_anomaly` events, which the risk score counts. Attempts
 * on unknown login ids name no person and are not written here.
 */
export const recordSignInFact = async (db: Db, event: AuthEvent, client: ClientInfo) => {
  if (event.event !== 'signin' || !event.userId) return;
  const [person] = await db.select({ id: people.id, organizationId: people.organizationId }).from(people).where(eq(people.authUserId, event.userId));
  if (!person) return;
  const type = event.success ? 'sign_in' : event.reason === 'account locked or disabled' ? 'sign_in_blocked' : 'sign_in_failed';
  const at = now();
  const device = deviceKindOf(client.userAgent);
  const attempt: SignInAttempt = { at, outcome: outcomeOf[type], country: client.country, ...device };
  const anomalies = anomaliesOf(await recentAttempts(db, person.organizationId, person.id, at), attempt);
  const fact = { organizationId: person.organizationId, personId: person.id, occurredAt: at };
  await appendEvents(db, [
    { ...fact, type, data: { method: event.method, ...device, ...(client.country ? { country: client.country } : {}) } },
    ...anomalies.map((anomaly) => ({ ...fact, type: 'sign_in_anomaly', data: { rule: anomaly.rule, method: event.method, ...anomaly.detail } })),
  ]);
};
