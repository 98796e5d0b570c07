import type { EventRow, Tx } from '@vigil/db';
import type { EventConsumer } from '../events/consumers.ts';
import { riskEventTypes } from '../risk/model.ts';
import { evaluateAdaptiveControls } from './adaptive-controls.engine.ts';

const moving = new Set(riskEventTypes);

/**
 * Applies adaptive-control rules to the people a batch of risk events names, after the risk
 * consumer has stored their new scores (it runs later in the same job, events.jobs.ts).
 */
export const adaptiveControlsConsumer: EventConsumer = {
  name: 'adaptive-controls',
  apply: async (tx: Tx, batch: readonly EventRow[]) => {
    const byOrganization = new Map<string, Set<string>>();
    for (const event of batch) {
      if (!event.personId || !moving.has(event.type)) continue;
      byOrganization.set(event.organizationId, (byOrganization.get(event.organizationId) ?? new Set()).add(event.personId));
    }
    for (const [organizationId, personIds] of byOrganization) await evaluateAdaptiveControls(tx, { organizationId }, [...personIds]);
  },
};
