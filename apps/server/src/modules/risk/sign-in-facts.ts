import { eq } from 'drizzle-orm';
import type { AuthEvent } from '@vigil/auth-provider';
import { type Db, people } from '@vigil/db';
// The event log has no service of its own: appending is its one write, which policies call the same way.
// eslint-disable-next-line no-restricted-imports
import { appendEvents } from '../events/events.repository.ts';

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

/**
 * Writes a person's sign-in attempt to the event log (the provider's own record keeps the details):
 * a success, a failure, or an attempt on a locked or disabled account. Attempts on unknown login ids
 * name no person and are not written here.
 */
export const recordSignInFact = async (db: Db, event: AuthEvent, client: { userAgent?: string }) => {
  if (event.event !== 'signin' || !event.userId) return;
  const [person] = await db.select({ id: people.id, organizationId: people.organizationId }).from(people).where(eq(people.authUserId, event.userId));
  if (!person) return;
  const type = event.success ? 'sign_in' : event.reason === 'account locked or disabled' ? 'sign_in_blocked' : 'sign_in_failed';
  await appendEvents(db, [{ organizationId: person.organizationId, personId: person.id, type, occurredAt: new Date(), data: { method: event.method, ...deviceKindOf(client.userAgent) } }]);
};
