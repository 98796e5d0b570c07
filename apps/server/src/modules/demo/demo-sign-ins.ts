import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import { Faker, en } from '@faker-js/faker';
import type { AuthEvent, ClientInfo } from '@vigil/auth-provider';
import { type Db, people } from '@vigil/db';
import { atTime } from '../../lib/clock.ts';
import { demoId } from './demo-ids.ts';

/** The provider's recorder of sign-in attempts: the step every sign-in ends with, which tells the host. */
export type SignInRecorder = { record: (event: AuthEvent, client: ClientInfo, at?: Date) => Promise<void> };

const dayMs = 24 * 60 * 60 * 1000;
const minuteMs = 60 * 1000;

/** Where each demo office's people sign in from (the office's time zone names the country), and its usual offset from UTC in hours. */
const officeOfZone: Record<string, { country: string; utcOffset: number }> = {
  'America/New_York': { country: 'US', utcOffset: -5 },
  'America/Chicago': { country: 'US', utcOffset: -6 },
  'America/Phoenix': { country: 'US', utcOffset: -7 },
  'America/Los_Angeles': { country: 'US', utcOffset: -8 },
  'America/Toronto': { country: 'CA', utcOffset: -5 },
  'Europe/London': { country: 'GB', utcOffset: 0 },
  'Europe/Dublin': { country: 'IE', utcOffset: 0 },
  'Europe/Berlin': { country: 'DE', utcOffset: 1 },
  'Europe/Paris': { country: 'FR', utcOffset: 1 },
  'Europe/Madrid': { country: 'ES', utcOffset: 1 },
  'Europe/Lisbon': { country: 'PT', utcOffset: 0 },
  'Europe/Rome': { country: 'IT', utcOffset: 1 },
  'Asia/Kolkata': { country: 'IN', utcOffset: 5.5 },
  'America/Sao_Paulo': { country: 'BR', utcOffset: -3 },
};

const agents = {
  windowsEdge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
  windowsChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 15) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
};
/** Business trips to a plausible place, and the far-away countries a stolen password is tried from. */
const tripCountries = ['US', 'GB', 'DE', 'ES', 'FR', 'NL'];
const attackerCountries = ['NG', 'VN', 'ID', 'RU'];

/** An address from the documentation ranges (RFC 5737): invented, as the demo's people are. */
const documentationAddress = (faker: Faker) => `${faker.helpers.arrayElement(['192.0.2', '198.51.100', '203.0.113'])}.${faker.number.int({ min: 1, max: 254 })}`;

/**
 * Three weeks of sign-ins for a demo company's people, recorded through the provider's own recorder
 * at their past times (each a real attempt's record: the login log, the sign-in facts, the anomaly
 * rules and the risk score all follow from it as they would live). Most people sign in from their
 * office's country on their usual computer; some add a phone, a few travel, two have their password
 * tried from far away an hour after they signed in, and one is locked out by a burst of failures.
 * Not a password is checked: verifying thousands of argon2 hashes would take minutes, and only the
 * record matters here.
 */
export const playDemoSignIns = async (db: Db, recorder: SignInRecorder, companySlug: string, index: number, today: Date) => {
  const organizationId = demoId(companySlug);
  const faker = new Faker({ locale: [en] });
  faker.seed(7000 + index);
  const staff = await db
    .select({ authUserId: people.authUserId, email: people.email, timeZone: people.timeZone })
    .from(people)
    .where(and(eq(people.organizationId, organizationId), eq(people.isActive, true), isNotNull(people.authUserId), ne(people.role, 'Superadmin')))
    .orderBy(asc(people.id));
  const attempts: { at: Date; event: AuthEvent; client: ClientInfo }[] = [];
  const attempt = (person: (typeof staff)[number], at: Date, success: boolean, client: ClientInfo, reason?: string) =>
    attempts.push({ at, client, event: { event: 'signin', method: faker.number.float() < 0.85 ? 'password' : 'magiclink', success, userId: person.authUserId, loginId: person.email, tenantId: organizationId, reason } });
  const start = today.getTime() - 21 * dayMs;
  const workdays = Array.from({ length: 21 }, (_, day) => day).filter((day) => ![0, 6].includes(new Date(start + day * dayMs).getUTCDay()));
  // Between 8 and 11 in the morning at the person's office.
  const workdayMorning = (day: number, utcOffset: number) =>
    new Date(start + day * dayMs + (faker.number.int({ min: 8 * 60, max: 11 * 60 }) - utcOffset * 60) * minuteMs);
  // The workday after `day` (or `day` itself when none is left).
  const nextWorkday = (day: number, after = 1) => workdays.filter((candidate) => candidate >= day + after)[0] ?? day;

  staff.forEach((person, position) => {
    const actor = position === 7 || position === 41 || position === 23;
    // Most people open Vigil only when a lesson or a report brings them: under half signed in lately.
    if (!actor && faker.number.float() >= 0.45) return;
    const { country: home, utcOffset } = officeOfZone[person.timeZone ?? ''] ?? { country: 'US', utcOffset: -5 };
    const morning = (day: number) => workdayMorning(day, utcOffset);
    const address = documentationAddress(faker);
    const computer = faker.helpers.arrayElement([agents.windowsEdge, agents.windowsEdge, agents.windowsChrome, agents.macSafari]);
    const days = faker.helpers.arrayElements(workdays.slice(0, -2), { min: 3, max: 5 }).sort((a, b) => a - b);
    let lastAtHome = new Date(0);
    for (const day of days) {
      const at = morning(day);
      lastAtHome = at;
      // A typo now and then: one failed attempt a minute before the successful one.
      if (faker.number.float() < 0.08) attempt(person, new Date(at.getTime() - minuteMs), false, { ip: address, userAgent: computer, country: home }, 'wrong password');
      attempt(person, at, true, { ip: address, userAgent: computer, country: home });
    }
    const last = days.at(-1)!;
    const roll = faker.number.float();
    if (roll < 0.12) {
      // A phone joins the computer: a new kind of device.
      attempt(person, morning(nextWorkday(last)), true, { ip: documentationAddress(faker), userAgent: faker.helpers.arrayElement([agents.iphone, agents.android]), country: home });
    } else if (roll < 0.15) {
      // A business trip, days after the last sign-in at home: a new country, reachable in the time.
      attempt(person, morning(nextWorkday(last, 2)), true, { ip: documentationAddress(faker), userAgent: computer, country: faker.helpers.arrayElement(tripCountries.filter((c) => c !== home)) });
    }
    // Two people a company: their password works from far away an hour after they signed in at home.
    if (position === 7 || position === 41) {
      const at = new Date(lastAtHome.getTime() + faker.number.int({ min: 40, max: 90 }) * minuteMs);
      attempt(person, at, true, { ip: documentationAddress(faker), userAgent: agents.windowsChrome, country: faker.helpers.arrayElement(attackerCountries) });
    }
    // One a company: a burst of wrong passwords that locks the account.
    if (position === 23) {
      const at = morning(nextWorkday(last));
      const attacker = { ip: documentationAddress(faker), userAgent: agents.windowsChrome, country: faker.helpers.arrayElement(attackerCountries) };
      for (let i = 0; i < 6; i++) attempt(person, new Date(at.getTime() + i * 40_000), false, attacker, i < 5 ? 'wrong password' : 'account locked or disabled');
    }
  });

  attempts.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const { at, event, client } of attempts) if (at <= today) await atTime(at, () => recorder.record(event, client, at));
  return attempts.length;
};
