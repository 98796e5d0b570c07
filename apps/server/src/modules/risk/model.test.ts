import { describe, expect, it } from 'vitest';
import { aggregate, blastRadius, decay, factsFromEvents, scoreFromFacts, scoreWithout, type RiskFact } from './model.ts';

const now = new Date('2026-11-01T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
const staff = { role: 'User', jobTitle: 'Warehouse associate' };
const base = (raw: number) => 100 * (1 - Math.exp(-raw / 40));

describe('the risk model', () => {
  it.each<[string, RiskFact[], number]>([
    ['nothing: 0', [], 0],
    ['a click today: 10 points', [{ kind: 'failure', type: 'clicked', at: now, subject: 'r1' }], base(10)],
    ['a reply today: 8 points', [{ kind: 'failure', type: 'replied', at: now, subject: 'r1' }], base(8)],
    ['an opened attachment today: 12 points', [{ kind: 'failure', type: 'attachment_opened', at: now, subject: 'r1' }], base(12)],
    ['a scanned QR code today: 12 points', [{ kind: 'failure', type: 'qr_scanned', at: now, subject: 'r1' }], base(12)],
    ['a call today: 14 points', [{ kind: 'failure', type: 'called', at: now, subject: 'r1' }], base(14)],
    ['data submitted today: 20 points', [{ kind: 'failure', type: 'submitted', at: now, subject: 'r1' }], base(20)],
    ['a click then a submit on the same lure: only the submit', [{ kind: 'failure', type: 'clicked', at: now, subject: 'r1' }, { kind: 'failure', type: 'submitted', at: now, subject: 'r1' }], base(20)],
    ['a click 90 days ago: half', [{ kind: 'failure', type: 'clicked', at: daysAgo(90), subject: 'r1' }], base(5)],
    ['a click 400 days ago: nothing', [{ kind: 'failure', type: 'clicked', at: daysAgo(400), subject: 'r1' }], 0],
    ['two lures clicked within 90 days: the second adds 8 for the repeat', [{ kind: 'failure', type: 'clicked', at: now, subject: 'r1' }, { kind: 'failure', type: 'clicked', at: now, subject: 'r2' }], base(28)],
    ['a click and a report of another lure: 10 − 6', [{ kind: 'failure', type: 'clicked', at: now, subject: 'r1' }, { kind: 'report', at: now, subject: 'r2' }], base(4)],
    ['only reports: never below 0', [{ kind: 'report', at: now, subject: 'r2' }], 0],
    ['an overdue lesson from a year ago: 6, no decay', [{ kind: 'training_overdue', at: daysAgo(300), subject: 'a1' }], base(6)],
    ['a failed quiz today: 5', [{ kind: 'training_failed', at: now, subject: 'a1@1' }], base(5)],
    ['impossible travel today: 10', [{ kind: 'sign_in_anomaly', type: 'impossible_travel', at: now, subject: 's1' }], base(10)],
    ['a sign-in from a new country today: 4', [{ kind: 'sign_in_anomaly', type: 'new_country', at: now, subject: 's1' }], base(4)],
    ['a burst of failed sign-ins today: 4', [{ kind: 'sign_in_anomaly', type: 'lockout_burst', at: now, subject: 's1' }], base(4)],
    ['two bursts of failed sign-ins the same day: counted once', [{ kind: 'sign_in_anomaly', type: 'lockout_burst', at: now, subject: 'lockout_burst@2026-11-01' }, { kind: 'sign_in_anomaly', type: 'lockout_burst', at: now, subject: 'lockout_burst@2026-11-01' }], base(4)],
    ['a sign-in from a new kind of device 90 days ago: half of 2', [{ kind: 'sign_in_anomaly', type: 'new_device', at: daysAgo(90), subject: 's1' }], base(1)],
    ['signed in without a second factor 200 days ago and since: 5, no decay', [{ kind: 'second_factor_status', at: daysAgo(200), subject: 'unprotected' }], base(5)],
    ['set up a second factor after signing in without one: 0', [{ kind: 'second_factor_status', at: daysAgo(10), subject: 'unprotected' }, { kind: 'second_factor_status', at: daysAgo(2), subject: 'protected' }], 0],
    ['removed the second factor again: 5', [{ kind: 'second_factor_status', at: daysAgo(10), subject: 'protected' }, { kind: 'second_factor_status', at: daysAgo(1), subject: 'unprotected' }], base(5)],
  ])('%s', (_, facts, expected) => {
    const breakdown = scoreFromFacts(facts, staff, now);
    expect(breakdown.score).toBeCloseTo(expected, 1);
    // The breakdown explains the score exactly.
    const sum = breakdown.factors.reduce((total, line) => total + line.points, 0) + breakdown.blastRadius.points;
    expect(sum).toBeCloseTo(breakdown.score, 1);
  });

  it('weighs the same mistakes more for an admin, a finance title and an executive, and says why', () => {
    const facts: RiskFact[] = [{ kind: 'failure', type: 'submitted', at: now, subject: 'r1' }];
    expect(blastRadius({ role: 'Admin', jobTitle: null })).toEqual({ multiplier: 1.3, reasons: ['admin_role'] });
    expect(blastRadius({ role: 'User', jobTitle: 'Payroll Specialist' })).toEqual({ multiplier: 1.2, reasons: ['finance_title'] });
    expect(blastRadius({ role: 'Manager', jobTitle: 'Chief Financial Officer' })).toEqual({ multiplier: 1.25, reasons: ['executive_title', 'finance_title'] });
    const cfo = scoreFromFacts(facts, { role: 'Manager', jobTitle: 'Chief Financial Officer' }, now);
    expect(cfo.score).toBeCloseTo(base(20) * 1.25, 1);
    expect(cfo.blastRadius.points).toBeCloseTo(base(20) * 0.25, 1);
    expect(scoreFromFacts(facts, staff, now).blastRadius).toEqual({ multiplier: 1, reasons: [], points: 0 });
  });

  it('halves a fact at the half-life and drops it after a year', () => {
    expect(decay(now, now)).toBe(1);
    expect(decay(daysAgo(90), now)).toBeCloseTo(0.5, 6);
    expect(decay(daysAgo(180), now)).toBeCloseTo(0.25, 6);
    expect(decay(daysAgo(366), now)).toBe(0);
  });

  it('reads facts from events: machine clicks never count, an overdue lesson clears when completed', () => {
    const event = (type: string, data: Record<string, unknown> = {}, recipientId: string | null = 'r1') => ({ type, occurredAt: now, recipientId, data });
    const facts = factsFromEvents([
      event('machine_click'),
      event('opened'),
      event('clicked'),
      event('reported', {}, 'r2'),
      event('training_overdue', { assignmentId: 'a1' }, null),
      event('training_overdue', { assignmentId: 'a2' }, null),
      event('training_completed', { assignmentId: 'a1' }, null),
    ]);
    expect(facts.map((fact) => `${fact.kind}:${fact.subject}`)).toEqual(['failure:r1', 'report:r2', 'training_overdue:a2']);
  });

  it('reads whether a person held a second factor from sign-ins that say so and from factor changes', () => {
    const event = (type: string, data: Record<string, unknown>, at: Date) => ({ type, occurredAt: at, recipientId: null, data });
    const facts = factsFromEvents([
      event('sign_in', { method: 'password' }, daysAgo(30)),
      event('sign_in', { method: 'password', secondFactor: false }, daysAgo(20)),
      event('second_factor_changed', { method: 'totp', change: 'added', enrolled: true }, daysAgo(10)),
    ]);
    expect(facts.map((fact) => `${fact.kind}:${fact.subject}`)).toEqual(['second_factor_status:unprotected', 'second_factor_status:protected']);
    expect(scoreFromFacts(facts, staff, now).score).toBe(0);
    // Scored as of 15 days ago, before the app was set up, the line counted.
    expect(scoreFromFacts(facts, staff, daysAgo(15)).factors.map((line) => line.factor)).toEqual(['no_second_factor']);
  });

  it('bounds a group score, wide for a small team, and ranks a small team nearer the organisation mean', () => {
    const small = aggregate([90, 80, 85], 30);
    const large = aggregate(Array.from({ length: 100 }, (_, i) => (i % 2 ? 80 : 90)), 30);
    expect(small.score).toBe(85);
    expect(small.upper - small.lower).toBeGreaterThan(large.upper - large.lower);
    expect(small.rankingKey).toBeLessThan(large.rankingKey);
    expect(aggregate([42])).toMatchObject({ score: 42, lower: 0, upper: 100, people: 1 });
    expect(aggregate([])).toMatchObject({ people: 0 });
  });

  it('computes a what-if from a breakdown alone: the score the model gives without the removed facts', () => {
    const click: RiskFact = { kind: 'failure', type: 'clicked', at: daysAgo(20), subject: 'r1' };
    const overdue: RiskFact[] = [
      { kind: 'training_overdue', at: daysAgo(3), subject: 'a1' },
      { kind: 'training_overdue', at: daysAgo(9), subject: 'a2' },
    ];
    const admin = { role: 'Admin', jobTitle: null };
    const full = scoreFromFacts([click, ...overdue], admin, now);
    expect(scoreWithout(full, ['training_overdue'])).toBeCloseTo(scoreFromFacts([click], admin, now).score, 1);
    expect(scoreWithout(full, [])).toBeCloseTo(full.score, 1);
    expect(scoreWithout(scoreFromFacts(overdue, staff, now), ['training_overdue'])).toBe(0);
  });
});
