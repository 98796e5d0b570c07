// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { fromLocalInput, percentOf, sendProgress, sendWindow, spreadMinutesOf, spreadOf, toLocalInput } from './campaign-format';

describe('campaign numbers', () => {
  it('gives rates of what was sent, and none before anything was', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 0)).toBeNull();
  });

  it('measures progress as sent of recipients', () => {
    expect(sendProgress({ sent: 78, recipients: 312 })).toBe(25);
    expect(sendProgress({ sent: 0, recipients: 0 })).toBe(0);
    expect(sendProgress({ sent: 311, recipients: 312 })).toBe(99);
  });
});

describe('the spread', () => {
  it('shows whole days as days and anything else in hours', () => {
    expect(spreadOf(0)).toEqual({ value: 0, unit: 'hours' });
    expect(spreadOf(2 * 24 * 60)).toEqual({ value: 2, unit: 'days' });
    expect(spreadOf(90)).toEqual({ value: 1.5, unit: 'hours' });
  });

  it('sends minutes', () => {
    expect(spreadMinutesOf(3, 'days')).toBe(4320);
    expect(spreadMinutesOf(1.5, 'hours')).toBe(90);
    expect(spreadMinutesOf(Number.NaN, 'hours')).toBeNaN();
  });
});

describe('the start time', () => {
  it('reads the admin’s clock and sends UTC, and back again', () => {
    const iso = fromLocalInput('2026-03-02T09:30');
    expect(iso).toMatch(/^2026-03-0[12]T\d{2}:30:00Z$/);
    expect(new Date(iso!).getHours()).toBe(9);
    expect(toLocalInput(iso)).toBe('2026-03-02T09:30');
  });

  it('treats an empty or broken value as “when launched”', () => {
    expect(fromLocalInput('')).toBeUndefined();
    expect(fromLocalInput('tomorrow')).toBeUndefined();
    expect(toLocalInput(null)).toBe('');
  });

  it('sends from now when no start is set or it has passed, over the spread', () => {
    const now = new Date('2026-03-02T08:00:00Z');
    expect(sendWindow({ startAt: null, spreadMinutes: 120 }, now)).toEqual({ start: now, end: new Date('2026-03-02T10:00:00Z') });
    expect(sendWindow({ startAt: '2026-03-01T08:00:00Z', spreadMinutes: 0 }, now).start).toEqual(now);
    expect(sendWindow({ startAt: '2026-03-03T08:00:00Z', spreadMinutes: 60 }, now)).toEqual({ start: new Date('2026-03-03T08:00:00Z'), end: new Date('2026-03-03T09:00:00Z') });
  });
});
