import type { EventRow, Tx } from '@vigil/db';
import type { EventConsumer } from '../events/consumers.ts';
import { riskEventTypes } from './model.ts';
import { storePersonScore } from './risk.repository.ts';

const moving = new Set(riskEventTypes);

/**
 * Keeps each person's risk score up to date with the log: a batch recomputes only the people its
 * events name (from their own log, through the batch's last event), never everyone.
 */
export const riskScoresConsumer: EventConsumer = {
  name: 'risk-scores',
  apply: async (tx: Tx, batch: readonly EventRow[]) => {
    const touched = new Map<string, { organizationId: string }>();
    for (const event of batch) {
      if (!event.personId || !moving.has(event.type)) continue;
      touched.set(event.personId, { organizationId: event.organizationId });
    }
    const now = new Date();
    for (const [personId, { organizationId }] of touched) {
      await storePersonScore(tx, { organizationId }, personId, now, batch.at(-1)!.id);
    }
  },
};
