import { AsyncLocalStorage } from 'node:async_hooks';

const pinned = new AsyncLocalStorage<number>();

/**
 * The current time for code that records when something happened: the real clock, or the instant a
 * caller pinned with `atTime`. The demo plays its months of history through the same sending,
 * tracking, reporting and training code as live use; pinning the clock is how that code learns the
 * history's dates without a parameter threaded through every call.
 */
export const now = () => new Date(pinned.getStore() ?? Date.now());

/** Runs `work` with `now()` reading `at` (in everything it awaits, and nowhere else). */
export const atTime = <T>(at: Date, work: () => Promise<T>): Promise<T> => pinned.run(at.getTime(), work);
