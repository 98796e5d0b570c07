import type { Tx } from '@vigil/db';
import { jobActor } from '../../../lib/scope.ts';
import { completeBaselineRiskAssessment } from '../../organizations/onboarding.service.ts';

/**
 * Called by the dispatcher, in the transaction that completes campaigns: an organisation whose
 * initial-testing campaign has sent its last message has its baseline risk assessment (BRA) done.
 * Set once and audited with the dispatcher as the actor.
 */
export const completeBaselinesOf = async (tx: Tx, completed: readonly { id: string; organizationId: string; kind: string }[]) => {
  for (const campaign of completed) {
    if (campaign.kind !== 'initial-testing') continue;
    await completeBaselineRiskAssessment(tx, { organizationId: campaign.organizationId }, jobActor('campaigns.dispatch', campaign.organizationId), { campaignId: campaign.id });
  }
};
