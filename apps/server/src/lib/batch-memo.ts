import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Lookups a batch of work repeats for every item (a send batch reads its sending profile and filter
 * secret once per message otherwise). Inside `withBatchMemo`, `memoized` loads each key once and
 * hands every later caller the same answer; outside one, it loads every time. The memo lives only as
 * long as the batch (seconds), so nothing is kept between batches or shared between processes, and
 * a change made meanwhile is seen by the next batch.
 */
const current = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

export const withBatchMemo = <T>(work: () => Promise<T>): Promise<T> => current.run(new Map(), work);

/** The answer of `load` for `key`, loaded once per batch. A load that fails is not kept: the next caller tries again. */
export const memoized = <T>(key: string, load: () => Promise<T>): Promise<T> => {
  const memo = current.getStore();
  if (!memo) return load();
  const known = memo.get(key) as Promise<T> | undefined;
  if (known) return known;
  const loading = load();
  memo.set(key, loading);
  loading.catch(() => memo.delete(key));
  return loading;
};
