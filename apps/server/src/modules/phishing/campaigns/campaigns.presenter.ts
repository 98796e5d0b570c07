import type { Campaign, CampaignCounts } from '@vigil/contracts';
import type { Campaign as CampaignRow } from '@vigil/db';
import { campaignAbilities } from './campaigns.policy.ts';

type StatsRow = Partial<Record<keyof CampaignCounts | 'attachmentOpened' | 'qrScanned' | 'machineClicks', number>>;
type StateCount = { state: string; count: number };

/** A campaign's counts: recipients by send state (read live), what they did (the event projection). */
export const presentCounts = (stats: StatsRow | undefined, states: readonly StateCount[]): CampaignCounts => {
  const inState = (...names: string[]) => states.filter((row) => names.includes(row.state)).reduce((sum, row) => sum + row.count, 0);
  return {
    recipients: states.reduce((sum, row) => sum + row.count, 0),
    scheduled: inState('scheduled', 'queued', 'sending'),
    sent: inState('sent'),
    failed: inState('failed'),
    uncertain: inState('uncertain'),
    cancelled: inState('cancelled'),
    opened: stats?.opened ?? 0,
    clicked: stats?.clicked ?? 0,
    submitted: stats?.submitted ?? 0,
    reported: stats?.reported ?? 0,
    replied: stats?.replied ?? 0,
    attachmentOpened: stats?.attachmentOpened ?? 0,
    qrScanned: stats?.qrScanned ?? 0,
    called: stats?.called ?? 0,
    machineClicks: stats?.machineClicks ?? 0,
  };
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export const presentCampaign = (row: CampaignRow, counts: CampaignCounts): Campaign => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  status: row.status,
  templateIds: row.templateIds,
  sendingProfileId: row.sendingProfileId,
  landingPageId: row.landingPageId,
  audience: row.audience as Campaign['audience'],
  startAt: iso(row.startAt),
  spreadMinutes: row.spreadMinutes,
  businessHoursOnly: row.businessHoursOnly,
  launchedAt: iso(row.launchedAt),
  completedAt: iso(row.completedAt),
  createdAt: row.createdAt.toISOString(),
  counts,
  can: campaignAbilities(row.status),
});
