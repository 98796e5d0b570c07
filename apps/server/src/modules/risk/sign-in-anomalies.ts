import type { SignInAnomalyRule } from '@vigil/contracts';
import { countryPlace } from '../../lib/ip-country.ts';

/**
 * The sign-in anomaly rules: one pure function from a person's earlier sign-in attempts and a new
 * one to what is unusual about the new one. Each rule and its thresholds:
 *
 * | rule              | fires on a new attempt when                                                            |
 * | new_device        | it succeeds from a device none of the person's successful sign-ins of the last 90 days |
 * |                   | used, and there were at least 3 of those. An earlier sign-in was the same device when  |
 * |                   | it was of the same kind (operating system + browser) and, if both have a device id     |
 * |                   | (the sign-in page's `fpData`), had the same id: an id catches another device of the    |
 * |                   | same kind; without one the kind alone decides                                          |
 * | new_country       | it succeeds from a country none of those sign-ins came from (at least 3 of them, each   |
 * |                   | with a known country)                                                                   |
 * | impossible_travel | it succeeds from another country than the person's previous located successful one, |
 * |                   | countries are not neighbours and their centres lie at least 500 km apart, and covering  |
 * |                   | that distance in the time between would need more than 1,000 km/h (faster than a plane) |
 * | lockout_burst     | it is a failed or blocked attempt that makes 5 or more within 10 minutes, and no       |
 * |                   | earlier attempt of the last 10 minutes already made a burst (once per burst)            |
 *
 * An address's country comes from the registries' allocations, so a VPN can move it; the rules ask
 * for an established pattern (3 sign-ins) or an impossible speed before they speak.
 */

export type SignInAttempt = Readonly<{
  at: Date;
  outcome: 'success' | 'failed' | 'blocked';
  /** ISO alpha-2, when the address's country is known. */
  country?: string;
  os?: string;
  browser?: string;
  /** The browser's device id as the provider keeps it (a keyed hash), when the sign-in page sent one. */
  deviceId?: string;
}>;

export type SignInAnomaly = Readonly<{
  rule: SignInAnomalyRule;
  /** What made it unusual: the device or country, and for travel the distance and the speed it implies. */
  detail: Readonly<{ device?: string; country?: string; previousCountry?: string; km?: number; kmPerHour?: number; attempts?: number }>;
}>;

export const patternDays = 90;
export const establishedAfter = 3;
export const travelMinKm = 500;
export const travelMaxKmPerHour = 1000;
export const burstAttempts = 5;
export const burstMinutes = 10;

const minuteMs = 60 * 1000;
const dayMs = 24 * 60 * minuteMs;

const deviceOf = (attempt: SignInAttempt) => `${attempt.os ?? 'Other'} · ${attempt.browser ?? 'Other'}`;

/**
 * Whether `earlier` may have been the device of `attempt`: the same kind and, when both have an id,
 * the same id. An id only ever adds a finding: the browser sends it, so a copied one cannot hide a
 * new kind, and sign-ins without one (from before the page sent ids) are judged by kind as before.
 */
const sameDevice = (earlier: SignInAttempt, attempt: SignInAttempt) =>
  deviceOf(earlier) === deviceOf(attempt) && (!earlier.deviceId || !attempt.deviceId || earlier.deviceId === attempt.deviceId);

/** Great-circle distance between two countries' centres in km, or undefined when either is unknown. */
export const kmBetweenCountries = (from: string, to: string) => {
  const a = countryPlace(from);
  const b = countryPlace(to);
  if (!a || !b) return undefined;
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
};

const neighbours = (from: string, to: string) => countryPlace(from)?.borders.includes(to.toUpperCase()) ?? false;

/** What is unusual about `attempt`, given the person's earlier attempts (any order; those after it are ignored). */
export const anomaliesOf = (earlier: readonly SignInAttempt[], attempt: SignInAttempt): SignInAnomaly[] => {
  const before = earlier.filter((e) => e.at <= attempt.at).sort((a, b) => a.at.getTime() - b.at.getTime());
  const found: SignInAnomaly[] = [];
  if (attempt.outcome === 'success') {
    const pattern = before.filter((e) => e.outcome === 'success' && attempt.at.getTime() - e.at.getTime() <= patternDays * dayMs);
    if (pattern.length >= establishedAfter && !pattern.some((e) => sameDevice(e, attempt))) found.push({ rule: 'new_device', detail: { device: deviceOf(attempt) } });
    const located = pattern.filter((e) => e.country);
    if (attempt.country && located.length >= establishedAfter && !located.some((e) => e.country === attempt.country)) {
      found.push({ rule: 'new_country', detail: { country: attempt.country } });
    }
    const previous = before.filter((e) => e.outcome === 'success' && e.country).at(-1);
    if (previous?.country && attempt.country && previous.country !== attempt.country && !neighbours(previous.country, attempt.country)) {
      const km = kmBetweenCountries(previous.country, attempt.country);
      const hours = Math.max(attempt.at.getTime() - previous.at.getTime(), minuteMs) / (60 * minuteMs);
      if (km !== undefined && km >= travelMinKm && km / hours > travelMaxKmPerHour) {
        found.push({ rule: 'impossible_travel', detail: { country: attempt.country, previousCountry: previous.country, km: Math.round(km), kmPerHour: Math.round(km / hours) } });
      }
    }
  } else {
    const failures = before.filter((e) => e.outcome !== 'success');
    // How many failures end at `at` within the window: a burst is 5 or more.
    const failuresUpTo = (at: Date, including: number) => failures.filter((e) => e.at <= at && at.getTime() - e.at.getTime() < burstMinutes * minuteMs).length + including;
    const recent = failures.filter((e) => attempt.at.getTime() - e.at.getTime() < burstMinutes * minuteMs);
    const alreadyBurst = recent.some((e) => failuresUpTo(e.at, 0) >= burstAttempts);
    if (!alreadyBurst && failuresUpTo(attempt.at, 1) >= burstAttempts) found.push({ rule: 'lockout_burst', detail: { attempts: failuresUpTo(attempt.at, 1) } });
  }
  return found;
};
