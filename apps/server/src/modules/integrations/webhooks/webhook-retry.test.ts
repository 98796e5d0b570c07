import { describe, expect, it } from 'vitest';
import { maxDeliveryAttempts, nextAttemptAfter } from './webhook-retry.ts';

const now = new Date('2026-03-02T09:00:00Z');
const minutesAfter = (attempts: number, random: number) => (nextAttemptAfter(attempts, now, random)!.getTime() - now.getTime()) / 60_000;

describe('webhook retry schedule', () => {
  it('backs off 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, then gives up', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempts) => minutesAfter(attempts, 0.5))).toEqual([1, 5, 30, 120, 360, 720]);
    expect(nextAttemptAfter(maxDeliveryAttempts, now)).toBeNull();
    expect(maxDeliveryAttempts).toBe(7);
  });

  it('spreads retries by up to a tenth either way', () => {
    expect(minutesAfter(2, 0)).toBeCloseTo(4.5);
    expect(minutesAfter(2, 0.999999)).toBeCloseTo(5.5);
  });
});
