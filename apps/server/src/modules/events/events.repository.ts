import { type Db, type NewEventRow, type Tx, events } from '@vigil/db';

export type NewEvent = Omit<NewEventRow, 'id'>;

/**
 * Appends events to the log. Pass the transaction that changes the state they record (a recipient
 * marked sent, say), so the fact and its event commit together or not at all. High-volume writers
 * (tracking hits) go through the batched event writer instead.
 */
export const appendEvents = async (db: Db | Tx, rows: readonly NewEvent[]) => {
  if (rows.length === 0) return;
  await db.insert(events).values([...rows]);
};
