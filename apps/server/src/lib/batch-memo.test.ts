import { describe, expect, it } from 'vitest';
import { memoized, withBatchMemo } from './batch-memo.ts';

const counter = () => {
  let loads = 0;
  return { load: async () => ++loads, loads: () => loads };
};

describe('batch memo', () => {
  it('loads each key once within a batch, even for callers that ask at the same time', async () => {
    const profile = counter();
    const answers = await withBatchMemo(() => Promise.all([memoized('profile:a', profile.load), memoized('profile:a', profile.load), memoized('profile:a', profile.load)]));
    expect(answers).toEqual([1, 1, 1]);
    expect(profile.loads()).toBe(1);
  });

  it('keeps keys apart, and keeps nothing between batches or outside one', async () => {
    const profile = counter();
    expect(await withBatchMemo(async () => [await memoized('a', profile.load), await memoized('b', profile.load)])).toEqual([1, 2]);
    expect(await withBatchMemo(() => memoized('a', profile.load))).toBe(3);
    expect(await memoized('a', profile.load)).toBe(4);
    expect(await memoized('a', profile.load)).toBe(5);
  });

  it('does not keep a failed load: the next caller in the batch tries again', async () => {
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      if (calls === 1) throw new Error('connection reset');
      return 'profile';
    };
    await withBatchMemo(async () => {
      await expect(memoized('p', flaky)).rejects.toThrow('connection reset');
      expect(await memoized('p', flaky)).toBe('profile');
      expect(await memoized('p', flaky)).toBe('profile');
    });
    expect(calls).toBe(2);
  });
});
