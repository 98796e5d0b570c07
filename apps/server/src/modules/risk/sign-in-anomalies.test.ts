import { describe, expect, it } from 'vitest';
import { type SignInAttempt, anomaliesOf, kmBetweenCountries } from './sign-in-anomalies.ts';

const start = new Date('2026-11-01T08:00:00Z');
const at = (hours: number) => new Date(start.getTime() + hours * 60 * 60 * 1000);
const ok = (hours: number, extra: Partial<SignInAttempt> = {}): SignInAttempt => ({ at: at(hours), outcome: 'success', country: 'DE', os: 'Windows', browser: 'Edge', ...extra });
const failed = (hours: number): SignInAttempt => ({ at: at(hours), outcome: 'failed', country: 'DE', os: 'Windows', browser: 'Edge' });
/** Three ordinary working days from Germany on the same laptop: an established pattern. */
const habit = [ok(0), ok(24), ok(48)];
/** The same habit, with the device id the sign-in page sends. */
const laptop = [ok(0, { deviceId: 'laptop' }), ok(24, { deviceId: 'laptop' }), ok(48, { deviceId: 'laptop' })];
const rules = (earlier: readonly SignInAttempt[], attempt: SignInAttempt) => anomaliesOf(earlier, attempt).map((anomaly) => anomaly.rule);

describe('the sign-in anomaly rules', () => {
  it.each<[string, readonly SignInAttempt[], SignInAttempt, string[]]>([
    ['the same laptop from the same country: nothing', habit, ok(72), []],
    ['a new kind of device after an established pattern', habit, ok(72, { os: 'iOS', browser: 'Safari' }), ['new_device']],
    ['a new device with only two earlier sign-ins: too early to tell', habit.slice(0, 2), ok(72, { os: 'iOS', browser: 'Safari' }), []],
    ['a device last used more than 90 days ago counts as new', [ok(-24 * 100, { os: 'iOS', browser: 'Safari' }), ...habit], ok(72, { os: 'iOS', browser: 'Safari' }), ['new_device']],
    ['the same laptop by its device id: nothing', laptop, ok(72, { deviceId: 'laptop' }), []],
    ['another device of the same kind (Windows · Edge) by its device id: new', laptop, ok(72, { deviceId: 'another laptop' }), ['new_device']],
    ['a known device id with a new kind: still new (an id the browser sends cannot hide a new kind)', laptop, ok(72, { deviceId: 'laptop', os: 'Linux', browser: 'Firefox' }), ['new_device']],
    ['an attempt without an id falls back to the kind: the same kind is not new', laptop, ok(72), []],
    ['an attempt without an id falls back to the kind: another kind is new', laptop, ok(72, { os: 'iOS', browser: 'Safari' }), ['new_device']],
    ['earlier sign-ins without ids count by kind: a device id after them is not new if the kind was seen', habit, ok(72, { deviceId: 'laptop' }), []],
    ['earlier sign-ins without ids count by kind: a device id of an unseen kind is new', habit, ok(72, { deviceId: 'phone', os: 'iOS', browser: 'Safari' }), ['new_device']],
    ['one id-less sign-in of the same kind among other ids: the id cannot prove it new', [...laptop.slice(0, 2), ok(50)], ok(72, { deviceId: 'another laptop' }), []],
    ['a new device id with only two earlier sign-ins: too early to tell', laptop.slice(0, 2), ok(72, { deviceId: 'another laptop' }), []],
    ['a neighbouring country a day later: new country, not travel', habit, ok(72, { country: 'FR' }), ['new_country']],
    ['Germany then Brazil two hours later: new country and impossible travel', habit, ok(50, { country: 'BR' }), ['new_country', 'impossible_travel']],
    ['Germany then Brazil two days later: a new country only (a flight takes less)', habit, ok(96, { country: 'BR' }), ['new_country']],
    ['Germany then Brazil an hour later with no history: impossible travel only', [ok(0)], ok(1, { country: 'BR' }), ['impossible_travel']],
    ['an unknown country never fires the country rules', habit, ok(49, { country: undefined }), []],
    ['a sign-in from an office network (no country) between two does not hide impossible travel', [...habit, ok(49, { country: undefined })], ok(49.5, { country: 'BR' }), ['new_country', 'impossible_travel']],
    ['four failures in ten minutes: not yet a burst', [failed(1), failed(1.02), failed(1.04)], failed(1.06), []],
    ['the fifth failure within ten minutes: a burst', [failed(1), failed(1.02), failed(1.04), failed(1.06)], failed(1.08), ['lockout_burst']],
    ['the sixth failure: the same burst, not another', [failed(1), failed(1.02), failed(1.04), failed(1.06), failed(1.08)], failed(1.1), []],
    ['five failures spread over an hour: no burst', [failed(1), failed(1.2), failed(1.4), failed(1.6)], failed(1.8), []],
    ['an attempt every 2 minutes: one burst at the fifth, not one per attempt after it', [failed(1), failed(1 + 2 / 60), failed(1 + 4 / 60), failed(1 + 6 / 60), failed(1 + 8 / 60)], failed(1 + 10 / 60), []],
    ['five attempts 2.4 minutes apart: still within 10 minutes, a burst', [failed(1), failed(1 + 2.4 / 60), failed(1 + 4.8 / 60), failed(1 + 7.2 / 60)], failed(1 + 9.6 / 60), ['lockout_burst']],
    ['attempts 2.5 minutes apart never make 5 within 10 minutes', [failed(1), failed(1 + 2.5 / 60), failed(1 + 5 / 60), failed(1 + 7.5 / 60)], failed(1 + 10 / 60), []],
    ['a blocked attempt counts towards a burst', [failed(1), failed(1.02), failed(1.04), failed(1.06)], { ...failed(1.08), outcome: 'blocked' }, ['lockout_burst']],
  ])('%s', (_, earlier, attempt, expected) => {
    expect(rules(earlier, attempt)).toEqual(expected);
  });

  it('says how far and how fast for impossible travel', () => {
    const [travel] = anomaliesOf([ok(0)], ok(1, { country: 'BR' }));
    expect(travel?.detail).toMatchObject({ country: 'BR', previousCountry: 'DE' });
    expect(travel?.detail.km).toBeGreaterThan(8500);
    expect(travel?.detail.km).toBeLessThan(10500);
    expect(travel?.detail.kmPerHour).toBe(travel?.detail.km);
  });

  it('measures between countries’ centres: Germany to France about 700 km, unknown codes nothing', () => {
    expect(kmBetweenCountries('DE', 'FR')).toBeGreaterThan(500);
    expect(kmBetweenCountries('DE', 'FR')).toBeLessThan(900);
    expect(kmBetweenCountries('DE', 'XX')).toBeUndefined();
  });
});
