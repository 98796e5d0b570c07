import type { BaselineRates, Campaign, InitialTestingBaseline } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { AppError } from '../../../lib/app-error.ts';
import { now } from '../../../lib/clock.ts';
import { type OrgScope, scopeOf } from '../../../lib/scope.ts';
import { type Tenant, requireAdminRole } from '../../../lib/tenant.ts';
import { type CampaignServices, createCampaign, launchCampaign } from '../campaigns/campaigns.service.ts';
import { zonedTimeToInstant } from '../campaigns/send-schedule.ts';
import { chooseBaselineLures } from './baseline-lures.ts';
import { initialTestingRepository } from './initial-testing.repository.ts';

export type BaselinePlan = { startsOn: string; durationDays: number; sendingProfileId: string; timeZone: string };

/** The name the baseline campaign has in the campaigns list. */
export const baselineCampaignName = 'Initial testing (baseline risk assessment)';

/** @throws AppError CONFLICT when the organisation's initial testing is already running or done. */
export const refuseSecondBaseline = async (db: Db, tenant: Tenant) => {
  const existing = await initialTestingRepository(db, scopeOf(tenant)).findBaselineCampaign();
  if (existing) throw new AppError('CONFLICT', 'Initial testing was already launched for this organization; cancel its campaign to launch it again', { campaignId: existing.id });
};

/**
 * Creates and launches the baseline: one campaign of kind 'initial-testing' for the whole
 * organisation, a mixed set of built-in mail lures (difficulty 1 to 5 across categories), spread
 * from the start day (midnight in the organisation's time zone) over the chosen days, in each
 * person's business hours. Run it inside the caller's transaction so a refused launch leaves nothing.
 * @throws AppError CONFLICT when the library has no lure to send or nobody has an email address.
 */
export const launchBaselineCampaign = async (services: CampaignServices, tenant: Tenant, plan: BaselinePlan): Promise<Campaign> => {
  const lures = chooseBaselineLures(await initialTestingRepository(services.db, scopeOf(tenant)).builtinMailLures());
  if (lures.length === 0) throw new AppError('CONFLICT', 'The built-in lure library is empty: the server has not loaded its content');
  const [year, month, day] = plan.startsOn.split('-').map(Number) as [number, number, number];
  const draft = await createCampaign(services.db, tenant, {
    name: baselineCampaignName,
    kind: 'initial-testing',
    templateIds: lures.map((lure) => lure.id),
    sendingProfileId: plan.sendingProfileId,
    audience: { kind: 'organization' },
    startAt: zonedTimeToInstant(year, month, day, 0, plan.timeZone).toISOString(),
    spreadMinutes: plan.durationDays * 24 * 60,
    businessHoursOnly: true,
  });
  return launchCampaign(services, tenant, draft.id);
};

/** The built-in lures a baseline sends: a mixed set of mail lures, difficulty 1 to 5 across categories. */
export const chooseBaselineLureIds = async (db: Db, scope: OrgScope) => chooseBaselineLures(await initialTestingRepository(db, scope).builtinMailLures()).map((lure) => lure.id);

const ratesOf = (row: { recipients: number; delivered: number; failed: number; reported: number }): BaselineRates => ({
  recipients: row.recipients,
  delivered: row.delivered,
  failed: row.failed,
  reported: row.reported,
  failureRate: row.delivered > 0 ? row.failed / row.delivered : null,
  reportRate: row.delivered > 0 ? row.reported / row.delivered : null,
});

const dayMs = 24 * 60 * 60 * 1000;
const emptyRates = ratesOf({ recipients: 0, delivered: 0, failed: 0, reported: 0 });

/**
 * The baseline risk assessment of the caller's organisation: its initial-testing campaign's state
 * and progress, and failure and report rates overall, by department and by difficulty.
 * @throws AppError FORBIDDEN for anyone but an admin or superadmin.
 */
export const getInitialTestingBaseline = async (db: Db, tenant: Tenant): Promise<InitialTestingBaseline> => {
  requireAdminRole(tenant, 'Only an admin may see the initial testing results');
  const repository = initialTestingRepository(db, scopeOf(tenant));
  const campaign = await repository.findBaselineCampaign();
  if (!campaign || campaign.status === 'draft') {
    return { state: 'not-started', campaignId: null, startAt: null, endsAt: null, completedAt: null, progress: 0, overall: emptyRates, byDepartment: [], byDifficulty: [], today: null };
  }
  // The last 90 days, but for lures sent in the last three: those have not had their time to be acted on.
  const until = new Date(now().getTime() - 3 * dayMs);
  const since = new Date(now().getTime() - 90 * dayMs);
  const [overall, byDepartment, byDifficulty, recent, recentByDepartment] = await Promise.all([
    repository.overall(campaign.id),
    repository.byDepartment(campaign.id),
    repository.byDifficulty(campaign.id),
    repository.recentOverall(since, until),
    repository.recentByDepartment(since, until),
  ]);
  const startAt = campaign.startAt ?? campaign.launchedAt;
  const state = campaign.status === 'completed' ? 'completed' : campaign.status === 'scheduled' && startAt && startAt.getTime() > now().getTime() ? 'scheduled' : 'running';
  return {
    state,
    campaignId: campaign.id,
    startAt: startAt?.toISOString() ?? null,
    endsAt: startAt ? new Date(startAt.getTime() + campaign.spreadMinutes * 60_000).toISOString() : null,
    completedAt: campaign.completedAt?.toISOString() ?? null,
    progress: overall.recipients > 0 ? overall.settled / overall.recipients : 0,
    overall: ratesOf(overall),
    byDepartment: byDepartment.map((row) => ({ departmentId: row.departmentId, name: row.name, ...ratesOf(row) })),
    byDifficulty: byDifficulty.map((row) => ({ difficulty: row.difficulty, ...ratesOf(row) })),
    today: {
      since: since.toISOString(),
      overall: ratesOf(recent),
      byDepartment: recentByDepartment.map((row) => ({ departmentId: row.departmentId, name: row.name, ...ratesOf(row) })),
    },
  };
};
