import type { CampaignAbilities, CampaignStatus } from '@vigil/contracts';

/**
 * What can be done to a campaign in each status: a draft is edited, launched or deleted; a launched
 * campaign is paused, resumed or cancelled; a finished one only read. The buttons follow these
 * flags, and the service refuses anything else with 409.
 */
export const campaignAbilities = (status: CampaignStatus): CampaignAbilities => ({
  edit: status === 'draft',
  launch: status === 'draft',
  delete: status === 'draft',
  pause: status === 'scheduled' || status === 'sending',
  resume: status === 'paused',
  cancel: status === 'scheduled' || status === 'sending' || status === 'paused',
});

const refusals: Record<keyof CampaignAbilities, string> = {
  edit: 'Only a draft can be changed; this campaign has been launched',
  launch: 'Only a draft can be launched',
  delete: 'Only a draft can be deleted; a launched campaign keeps its results (cancel it instead)',
  pause: 'Only a scheduled or sending campaign can be paused',
  resume: 'Only a paused campaign can be resumed',
  cancel: 'This campaign has already finished or been cancelled',
};

/** Why `action` may not happen in `status`, or undefined when it may. */
export type CampaignAction = keyof CampaignAbilities;

export const refuseCampaignAction = (status: CampaignStatus, action: CampaignAction) => (campaignAbilities(status)[action] ? undefined : refusals[action]);
