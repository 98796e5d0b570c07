import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CreatePhishingProgrammeBody, PhishingProgramme, PhishingProgrammeList, ProgrammeCadence, UpdatePhishingProgrammeBody } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { AppError, fieldError, notFound } from '../../../lib/app-error.ts';
import type { RequestOrigin } from '../../../lib/request-origin.ts';
import { type OrgScope, jobActor, scopeOf } from '../../../lib/scope.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import { type Tenant, requireAdminRole } from '../../../lib/tenant.ts';
import type { JobQueue } from '../../../plugins/jobs.ts';
import { recordAudit, recordAuditAs } from '../../audit-log/audit-log.service.ts';
import { checkCampaignReferences, createAndLaunchCampaignAs } from '../campaigns/campaigns.service.ts';
import { firstProgrammeRun, nextProgrammeRun } from './programme-schedule.ts';
import { presentProgramme } from './programmes.presenter.ts';
import { type ProgrammeRow, claimDueProgrammes, programmesRepository } from './programmes.repository.ts';

/** @throws AppError FORBIDDEN for anyone but an admin or superadmin. */
const requireProgrammeAdmin = (tenant: Tenant) => requireAdminRole(tenant, 'Only an admin may manage recurring phishing programmes');

const random = () => randomInt(2 ** 31) / 2 ** 31;

const audienceOf = (departmentIds: readonly string[]) => (departmentIds.length === 0 ? { kind: 'organization' as const } : { kind: 'departments' as const, ids: [...departmentIds] });

/** What a programme names, checked as a campaign's would be, the departments named as `body.departmentIds`. */
const checkReferences = async (db: Db, tenant: Tenant, body: Partial<CreatePhishingProgrammeBody>) =>
  checkCampaignReferences(
    db,
    scopeOf(tenant),
    {
      ...(body.templateIds && body.templateIds.length > 0 ? { templateIds: body.templateIds } : {}),
      ...(body.sendingProfileId ? { sendingProfileId: body.sendingProfileId } : {}),
      ...(body.departmentIds ? { audience: audienceOf(body.departmentIds) } : {}),
    },
    'body.departmentIds',
  );

/** @throws AppError FORBIDDEN for anyone but an admin. */
export const listProgrammes = async (db: Db, tenant: Tenant): Promise<PhishingProgrammeList> => {
  requireProgrammeAdmin(tenant);
  const repository = programmesRepository(db, scopeOf(tenant));
  const [rows, timeZone] = await Promise.all([repository.list(), repository.organizationTimeZone()]);
  return { items: rows.map(presentProgramme), canCreate: true, timeZone };
};

/** @throws AppError FORBIDDEN; NOT_FOUND for a programme that is not the organisation's. */
export const getProgramme = async (db: Db, tenant: Tenant, id: string): Promise<PhishingProgramme> => {
  requireProgrammeAdmin(tenant);
  const row = await programmesRepository(db, scopeOf(tenant)).find(id);
  if (!row) throw notFound('The programme');
  return presentProgramme(row);
};

/**
 * Adds a recurring programme; its first campaign launches on a random working day and hour of
 * what is left of the current period (or of the next one).
 * @throws AppError FORBIDDEN; VALIDATION_FAILED naming a template, profile or department that is not the organisation's.
 */
export const createProgramme = async (db: Db, tenant: Tenant, body: CreatePhishingProgrammeBody, origin: RequestOrigin): Promise<PhishingProgramme> => {
  requireProgrammeAdmin(tenant);
  await checkReferences(db, tenant, body);
  return db.transaction(async (tx) => {
    const repository = programmesRepository(tx, scopeOf(tenant));
    const nextRunAt = firstProgrammeRun(body.cadence, await repository.organizationTimeZone(), new Date(), random());
    const row = await repository.insert({ ...body, departmentIds: [...new Set(body.departmentIds)], templateIds: [...new Set(body.templateIds)], nextRunAt });
    await recordAudit(tx, tenant, { action: 'phishing.programme.create', targetType: 'phishing_programme', targetId: row.id, details: { name: row.name, cadence: row.cadence, nextRunAt: nextRunAt.toISOString() }, ...origin });
    return presentProgramme(row);
  });
};

/**
 * Changes a programme; `active: false` pauses it. A new cadence, or a resume after its run went by
 * while paused, draws a new first run, so a resumed programme does not fire at once.
 * @throws AppError FORBIDDEN; NOT_FOUND; VALIDATION_FAILED naming a field.
 */
export const updateProgramme = async (db: Db, tenant: Tenant, id: string, body: UpdatePhishingProgrammeBody, origin: RequestOrigin): Promise<PhishingProgramme> => {
  requireProgrammeAdmin(tenant);
  await checkReferences(db, tenant, body);
  return db.transaction(async (tx) => {
    const repository = programmesRepository(tx, scopeOf(tenant));
    const existing = await repository.find(id, { lock: true });
    if (!existing) throw notFound('The programme');
    const adaptive = body.adaptive ?? existing.adaptive;
    const templateIds = body.templateIds ? [...new Set(body.templateIds)] : existing.templateIds;
    if (!adaptive && templateIds.length === 0) throw fieldError('VALIDATION_FAILED', 'body.templateIds', 'must name at least one template when the set is fixed (not adaptive)');
    const cadence: ProgrammeCadence = body.cadence ?? existing.cadence;
    const resumedLate = body.active === true && !existing.active && existing.nextRunAt.getTime() < Date.now();
    const redraw = cadence !== existing.cadence || resumedLate;
    const nextRunAt = redraw ? firstProgrammeRun(cadence, await repository.organizationTimeZone(), new Date(), random()) : undefined;
    const row = await repository.update(id, {
      ...body,
      templateIds,
      ...(body.departmentIds ? { departmentIds: [...new Set(body.departmentIds)] } : {}),
      ...(nextRunAt ? { nextRunAt } : {}),
    });
    const action = body.active === false && existing.active ? 'phishing.programme.pause' : body.active === true && !existing.active ? 'phishing.programme.resume' : 'phishing.programme.update';
    await recordAudit(tx, tenant, { action, targetType: 'phishing_programme', targetId: id, details: { fields: Object.keys(body), ...(nextRunAt ? { nextRunAt: nextRunAt.toISOString() } : {}) }, ...origin });
    return presentProgramme(row!);
  });
};

/** Deletes a programme; the campaigns it launched keep their results. @throws AppError FORBIDDEN; NOT_FOUND. */
export const deleteProgramme = async (db: Db, tenant: Tenant, id: string, origin: RequestOrigin) => {
  requireProgrammeAdmin(tenant);
  await db.transaction(async (tx) => {
    const repository = programmesRepository(tx, scopeOf(tenant));
    const existing = await repository.find(id, { lock: true });
    if (!existing) throw notFound('The programme');
    await repository.delete(id);
    await recordAudit(tx, tenant, { action: 'phishing.programme.delete', targetType: 'phishing_programme', targetId: id, details: { name: existing.name }, ...origin });
  });
};

/** How long a programme's campaign spreads its sends, so colleagues do not all get their lure at once. */
export const programmeSpreadMinutes: Record<ProgrammeCadence, number> = { weekly: 2 * 24 * 60, monthly: 5 * 24 * 60, quarterly: 10 * 24 * 60 };

export const runProgrammesJobName = 'phishing-programmes.run';

type RunServices = { db: Db; jobs: JobQueue; secrets: SecretBox; log: FastifyBaseLogger; callbackNumber?: string };

const campaignName = (programme: ProgrammeRow, at: Date, timeZone: string) =>
  `${programme.name} · ${new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)}`;

/**
 * Runs every programme whose time has come: for each, in one transaction with its row locked, a
 * campaign created and launched as the job (audited as such), and its next run drawn in the next
 * period. A programme whose campaign cannot launch (nobody left in its departments, its profile
 * archived) still moves to its next run, and the audit log says why it skipped this one.
 * @returns how many campaigns were launched and how many runs failed
 */
export const runDueProgrammes = async ({ db, jobs, secrets, log, callbackNumber }: RunServices, now = new Date()) => {
  let launched = 0;
  let failed = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const due = await claimDueProgrammes(tx, now, 10);
      for (const programme of due) {
        const scope: OrgScope = { organizationId: programme.organizationId };
        const actor = jobActor(runProgrammesJobName, programme.organizationId);
        const repository = programmesRepository(tx, scope);
        const timeZone = await repository.organizationTimeZone();
        const nextRunAt = nextProgrammeRun(programme.cadence, timeZone, now, random());
        try {
          // A savepoint: a campaign that cannot launch leaves nothing behind, and the programme still moves on.
          const campaign = await tx.transaction((savepoint) =>
            createAndLaunchCampaignAs({ db: savepoint, jobs, secrets, callbackNumber }, scope, actor, {
              name: campaignName(programme, now, timeZone),
              kind: programme.adaptive ? 'adaptive' : 'standard',
              templateIds: programme.templateIds.length === 0 ? 'library' : programme.templateIds,
              sendingProfileId: programme.sendingProfileId,
              audience: audienceOf(programme.departmentIds),
              spreadMinutes: programmeSpreadMinutes[programme.cadence],
              businessHoursOnly: programme.businessHoursOnly,
            }),
          );
          launched += 1;
          await recordAuditAs(tx, scope, actor, { action: 'phishing.programme.run', targetType: 'phishing_programme', targetId: programme.id, details: { campaignId: campaign.id, nextRunAt: nextRunAt.toISOString() } });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          failed += 1;
          log.warn({ programmeId: programme.id, organizationId: programme.organizationId, problem: error.message }, 'a recurring programme could not launch its campaign');
          await recordAuditAs(tx, scope, actor, { action: 'phishing.programme.run-failed', targetType: 'phishing_programme', targetId: programme.id, details: { problem: error.message, nextRunAt: nextRunAt.toISOString() } });
        }
        await repository.update(programme.id, { nextRunAt });
      }
      return due.length;
    });
    if (claimed === 0) return { launched, failed };
  }
};
