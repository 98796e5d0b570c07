import { randomInt, randomUUID } from 'node:crypto';
import type { Audience, Campaign, CampaignKind, CampaignList, CreateCampaignBody, UpdateCampaignBody } from '@vigil/contracts';
import { type Db, type Tx, personSkillRatings } from '@vigil/db';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError, fieldError, notFound } from '../../../lib/app-error.ts';
import { decodeCursor, readKeysetPage, timestampKeySchema } from '../../../lib/keyset.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import { type Actor, type OrgScope, personActor, scopeOf } from '../../../lib/scope.ts';
import { type Tenant, requireAdminRole } from '../../../lib/tenant.ts';
import type { JobQueue } from '../../../plugins/jobs.ts';
import { recordAudit, recordAuditAs } from '../../audit-log/audit-log.service.ts';
import { trackingTokenHash, trackingTokenOf } from '../tracking/tracking-links.ts';
import { type CampaignAction, refuseCampaignAction } from './campaigns.policy.ts';
import { presentCampaign, presentCounts } from './campaigns.presenter.ts';
import { type CampaignsRepository, campaignsRepository } from './campaigns.repository.ts';
import { dispatchCampaignsJob } from './campaigns.jobs.ts';
import { createScheduler, seededRandom } from './send-schedule.ts';
import { assignTemplates } from './template-assignment.ts';
import { z } from 'zod';
import { now } from '../../../lib/clock.ts';

export type CampaignServices = {
  db: Db;
  jobs: JobQueue;
  secrets: SecretBox;
  /** CALLBACK_NUMBER, the number callback lures show; without it a campaign with a callback lure is refused at launch. */
  callbackNumber?: string;
};

/** @throws AppError FORBIDDEN for anyone but an admin or superadmin. */
const requireCampaignAdmin = (tenant: Tenant) => requireAdminRole(tenant, 'Only an admin may manage phishing campaigns');

const defaultLanguage = 'en_us';

/**
 * Checks that everything a campaign names is the organisation's to use: templates (its own or
 * built-in, active), its sending profile, a landing page, and the audience's departments, manager
 * or people. Unknown ids are named in a 400 without saying whether they exist elsewhere.
 */
const checkReferences = async (repository: CampaignsRepository, body: Partial<CampaignDraftBody>, audienceField = 'body.audience.ids') => {
  if (body.templateIds) {
    const usable = new Set((await repository.usableTemplates(body.templateIds)).map((template) => template.id));
    const unknown = body.templateIds.filter((id) => !usable.has(id));
    if (unknown.length > 0) throw fieldError('VALIDATION_FAILED', 'body.templateIds', `${unknown.join(', ')} ${unknown.length === 1 ? 'is not a template' : 'are not templates'} this organization may send (archived, a draft, or unknown)`);
  }
  if (body.sendingProfileId && !(await repository.activeSendingProfile(body.sendingProfileId))) {
    throw fieldError('VALIDATION_FAILED', 'body.sendingProfileId', 'is not an active sending profile of this organization');
  }
  if (body.landingPageId && !(await repository.usableLandingPage(body.landingPageId))) {
    throw fieldError('VALIDATION_FAILED', 'body.landingPageId', 'is not a landing page this organization may use');
  }
  if (body.audience) await checkAudience(repository, body.audience, audienceField);
};

/**
 * Checks what a future campaign will name (a recurring programme's templates, profile and
 * audience) as a campaign's own are checked, naming `audienceField` for unknown departments.
 * @throws AppError VALIDATION_FAILED naming the field whose ids are not the organisation's to use.
 */
export const checkCampaignReferences = (db: Db | Tx, scope: OrgScope, body: Partial<CreateCampaignBody>, audienceField: string) =>
  checkReferences(campaignsRepository(db, scope), body, audienceField);

const checkAudience = async (repository: CampaignsRepository, audience: Audience, field: string) => {
  if (audience.kind === 'organization') return;
  const ids = [...new Set(audience.ids ?? [])];
  const known = await repository.countKnown(audience.kind === 'departments' ? 'departments' : 'people', ids);
  if (known !== ids.length) {
    const what = audience.kind === 'departments' ? 'departments' : audience.kind === 'manager' ? 'a person' : 'people';
    throw fieldError('VALIDATION_FAILED', field, `must name ${what} of this organization`);
  }
};

/**
 * The active people an audience holds now, resolved as a campaign's is (a manager's whole reporting
 * line), for other modules that address an audience (training assignments).
 * @throws AppError VALIDATION_FAILED naming `field` when the audience names departments or people not of the organisation.
 */
export const resolveAudienceMembers = async (db: Db | Tx, scope: OrgScope, audience: Audience, field = 'body.audience.ids') => {
  const repository = campaignsRepository(db, scope);
  await checkAudience(repository, audience, field);
  return repository.audienceMembers(audience);
};

const loadPresented = async (repository: CampaignsRepository, rows: Awaited<ReturnType<CampaignsRepository['find']>>[]) => {
  const present = rows.filter((row) => row !== undefined);
  const ids = present.map((row) => row.id);
  const [stats, states] = await Promise.all([repository.stats(ids), repository.stateCounts(ids)]);
  return present.map((row) =>
    presentCampaign(
      row,
      presentCounts(
        stats.find((s) => s.campaignId === row.id),
        states.filter((s) => s.campaignId === row.id),
      ),
    ),
  );
};

/** @throws AppError NOT_FOUND for a campaign that is not the organisation's. */
const findOwn = async (repository: CampaignsRepository, id: string, options?: { lock?: boolean }) => {
  const campaign = await repository.find(id, options);
  if (!campaign) throw notFound('The campaign');
  return campaign;
};

const refuse = (status: Campaign['status'], action: CampaignAction) => {
  const problem = refuseCampaignAction(status, action);
  if (problem) throw new AppError('CONFLICT', problem);
};

/** A draft's fields: the API's body, or the initial-testing campaign onboarding creates (initial-testing.service.ts). */
export type CampaignDraftBody = Omit<CreateCampaignBody, 'kind'> & { kind: CampaignKind };

/**
 * Who acts on a campaign: a signed-in admin (their request) or a job acting for an organisation (a
 * recurring programme). Repositories get the scope; the audit log gets the actor.
 */
type Acting = { scope: OrgScope; actor: Actor; personId: string | null };
const actingPerson = (tenant: Tenant): Acting => ({ scope: scopeOf(tenant), actor: personActor(tenant), personId: tenant.personId });

const insertDraft = async (db: Db | Tx, acting: Acting, body: CampaignDraftBody) => {
  const repository = campaignsRepository(db, acting.scope);
  await checkReferences(repository, body);
  const row = await repository.insert({
    name: body.name,
    kind: body.kind,
    templateIds: [...new Set(body.templateIds)],
    sendingProfileId: body.sendingProfileId,
    landingPageId: body.landingPageId ?? null,
    audience: body.audience,
    startAt: body.startAt ? new Date(body.startAt) : null,
    spreadMinutes: body.spreadMinutes,
    businessHoursOnly: body.businessHoursOnly,
    createdByPersonId: acting.personId,
  });
  await recordAuditAs(db, acting.scope, acting.actor, { action: 'campaign.create', targetType: 'campaign', targetId: row.id, details: { name: body.name } });
  return row;
};

/** Creates a draft campaign. @throws AppError VALIDATION_FAILED naming a field whose ids are not the organisation's. */
export const createCampaign = async (db: Db | Tx, tenant: Tenant, body: CampaignDraftBody): Promise<Campaign> => {
  requireCampaignAdmin(tenant);
  const row = await insertDraft(db, actingPerson(tenant), body);
  return (await loadPresented(campaignsRepository(db, tenant), [row]))[0]!;
};

/** @throws AppError NOT_FOUND, CONFLICT when the campaign is no longer a draft. */
export const updateCampaign = async (db: Db, tenant: Tenant, id: string, body: UpdateCampaignBody): Promise<Campaign> => {
  requireCampaignAdmin(tenant);
  return db.transaction(async (tx) => {
    const repository = campaignsRepository(tx, tenant);
    const campaign = await findOwn(repository, id, { lock: true });
    refuse(campaign.status, 'edit');
    await checkReferences(repository, body);
    const row = await repository.update(id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.kind !== undefined ? { kind: body.kind } : {}),
      ...(body.templateIds !== undefined ? { templateIds: [...new Set(body.templateIds)] } : {}),
      ...(body.sendingProfileId !== undefined ? { sendingProfileId: body.sendingProfileId } : {}),
      ...(body.landingPageId !== undefined ? { landingPageId: body.landingPageId } : {}),
      ...(body.audience !== undefined ? { audience: body.audience } : {}),
      ...(body.startAt !== undefined ? { startAt: new Date(body.startAt) } : {}),
      ...(body.spreadMinutes !== undefined ? { spreadMinutes: body.spreadMinutes } : {}),
      ...(body.businessHoursOnly !== undefined ? { businessHoursOnly: body.businessHoursOnly } : {}),
    });
    await recordAudit(tx, tenant, { action: 'campaign.update', targetType: 'campaign', targetId: id, details: { fields: Object.keys(body) } });
    return (await loadPresented(repository, [row]))[0]!;
  });
};

/** @throws AppError NOT_FOUND, CONFLICT for a launched campaign (it keeps its results). */
export const deleteCampaign = async (db: Db, tenant: Tenant, id: string) => {
  requireCampaignAdmin(tenant);
  await db.transaction(async (tx) => {
    const repository = campaignsRepository(tx, tenant);
    const campaign = await findOwn(repository, id, { lock: true });
    refuse(campaign.status, 'delete');
    await repository.delete(id);
    await recordAudit(tx, tenant, { action: 'campaign.delete', targetType: 'campaign', targetId: id, details: { name: campaign.name } });
  });
};

export const getCampaign = async (db: Db, tenant: Tenant, id: string): Promise<Campaign> => {
  requireCampaignAdmin(tenant);
  const repository = campaignsRepository(db, tenant);
  return (await loadPresented(repository, [await findOwn(repository, id)]))[0]!;
};

const listCursor = z.tuple([timestampKeySchema, z.uuid()]);

/** Newest first, a page at a time by key. */
export const listCampaigns = async (db: Db, tenant: Tenant, query: { status?: Campaign['status']; cursor?: string; limit: number }): Promise<CampaignList> => {
  requireCampaignAdmin(tenant);
  return readCampaignPage(db, tenant, query);
};

/** `listCampaigns` for a caller already allowed to read them (the public API, by its key's scope). */
export const readCampaignPage = async (db: Db, scope: OrgScope, query: { status?: Campaign['status']; cursor?: string; limit: number }): Promise<CampaignList> => {
  const repository = campaignsRepository(db, scope);
  const after = query.cursor ? decodeCursor(query.cursor, listCursor) : undefined;
  const page = await readKeysetPage(
    (key: readonly [string, string] | undefined, limit) => repository.list({ status: query.status }, key, limit),
    (row) => [row.sortKey, row.campaign.id] as const,
    after,
    query.limit,
  );
  return { items: await loadPresented(repository, page.items.map((row) => row.campaign)), nextCursor: page.nextCursor };
};

/** How many active people an audience holds now, and how many of them have no email to send to. */
export const previewAudience = async (db: Db, tenant: Tenant, audience: Audience) => {
  requireCampaignAdmin(tenant);
  const repository = campaignsRepository(db, tenant);
  await checkAudience(repository, audience, 'body.audience.ids');
  const members = await repository.audienceMembers(audience);
  const withoutEmail = members.filter((member) => !member.email.trim()).length;
  return { count: members.length - withoutEmail, withoutEmail };
};

const skillRatings = async (tx: Tx, organizationId: string, personIds: readonly string[]) => {
  const ratings = new Map<string, number>();
  for (let start = 0; start < personIds.length; start += 5_000) {
    const rows = await tx
      .select({ personId: personSkillRatings.personId, rating: personSkillRatings.rating })
      .from(personSkillRatings)
      .where(and(eq(personSkillRatings.organizationId, organizationId), inArray(personSkillRatings.personId, personIds.slice(start, start + 5_000))));
    for (const row of rows) ratings.set(row.personId, row.rating);
  }
  return ratings;
};

/**
 * Launches a draft: in one transaction, one recipient row per person of the audience now, each with
 * the lure drawn for them, their language and their send time; the send jobs then pick them up
 * when due. @throws AppError NOT_FOUND, CONFLICT when not a draft, when a template was archived
 * since, when a callback lure has no number to show (CALLBACK_NUMBER), or when the audience holds nobody to send to.
 */
export const launchCampaign = async (services: CampaignServices, tenant: Tenant, id: string): Promise<Campaign> => {
  requireCampaignAdmin(tenant);
  const launched = await launchDraft(services, actingPerson(tenant), id);
  return (await loadPresented(campaignsRepository(services.db, tenant), [launched]))[0]!;
};

const launchDraft = async ({ db, jobs, secrets, callbackNumber }: Omit<CampaignServices, 'db'> & { db: Db | Tx }, acting: Acting, id: string) =>
  // Inside a caller's transaction (a programme's run) this is a savepoint: a refused launch undoes only itself.
  db.transaction(async (tx) => {
    const { scope } = acting;
    const repository = campaignsRepository(tx, scope);
    const campaign = await findOwn(repository, id, { lock: true });
    refuse(campaign.status, 'launch');
    const templates = await repository.usableTemplates(campaign.templateIds);
    if (templates.length !== campaign.templateIds.length) throw new AppError('CONFLICT', 'A template of this campaign was archived or is no longer available: edit the campaign and choose again');
    if (!(await repository.activeSendingProfile(campaign.sendingProfileId))) throw new AppError('CONFLICT', 'The sending profile of this campaign was archived: edit the campaign and choose another');
    // Refused now rather than failing every recipient at send time: the lure would show no number to call.
    if (!callbackNumber && templates.some((template) => template.vector === 'callback')) {
      throw fieldError('CONFLICT', 'templateIds', 'holds a callback lure, and this server has no number for people to call: set CALLBACK_NUMBER (see docs/operations.md) or choose other lures');
    }
    const members = (await repository.audienceMembers(campaign.audience as Audience)).filter((member) => member.email.trim());
    if (members.length === 0) throw new AppError('CONFLICT', 'The audience holds no active person with an email address');

    const random = seededRandom(randomInt(2 ** 31));
    const organizationZone = await repository.organizationTimeZone();
    const ratings = campaign.kind === 'adaptive' ? await skillRatings(tx, scope.organizationId, members.map((member) => member.id)) : new Map<string, number>();
    const assignment = assignTemplates(
      members.map((member) => ({ personId: member.id, groupKey: member.departmentId ?? 'none', language: member.preferredLanguage ?? defaultLanguage, rating: ratings.get(member.id) })),
      templates.map((template) => ({ id: template.id, difficulty: template.difficulty, languages: Object.keys(template.texts) })),
      { adaptive: campaign.kind === 'adaptive', random },
    );
    const languagesOf = new Map(templates.map((template) => [template.id, Object.keys(template.texts)]));
    const startAt = campaign.startAt && campaign.startAt.getTime() > now().getTime() ? campaign.startAt : now();
    const sendTimeIn = createScheduler({ startAt, spreadMinutes: campaign.spreadMinutes, businessHoursOnly: campaign.businessHoursOnly });
    await repository.insertRecipients(
      members.map((member) => {
        const recipientId = randomUUID();
        const templateId = assignment.get(member.id)!;
        const wanted = member.preferredLanguage ?? defaultLanguage;
        return {
          id: recipientId,
          campaignId: campaign.id,
          personId: member.id,
          departmentId: member.departmentId,
          templateId,
          language: languagesOf.get(templateId)!.includes(wanted) ? wanted : defaultLanguage,
          sendAt: sendTimeIn(member.timeZone ?? organizationZone, random()),
          tokenHash: trackingTokenHash(trackingTokenOf(secrets, recipientId)),
        };
      }),
    );
    await repository.createStats(campaign.id, members.length);
    const row = await repository.update(campaign.id, { status: 'scheduled', launchedAt: now(), startAt });
    await recordAuditAs(tx, scope, acting.actor, { action: 'campaign.launch', targetType: 'campaign', targetId: id, details: { recipients: members.length, startAt: startAt.toISOString() } });
    await jobs.send(dispatchCampaignsJob, {}, { tx });
    return row!;
  });

/** A campaign a job creates and launches at once: its template set may be the whole library the organisation may send. */
export type JobCampaign = Omit<CampaignDraftBody, 'templateIds'> & { templateIds: readonly string[] | 'library' };

/**
 * For a job acting for an organisation (a recurring programme's run): creates a campaign and launches
 * it, audited as the job rather than as a person. Pass the job's transaction to make both part of it.
 * @returns the launched campaign's id and name
 * @throws AppError VALIDATION_FAILED (a template, profile or department is no longer the organisation's), CONFLICT (nobody to send to, nothing to send)
 */
export const createAndLaunchCampaignAs = async (services: Omit<CampaignServices, 'db'> & { db: Db | Tx }, scope: OrgScope, actor: Actor, campaign: JobCampaign) => {
  const acting: Acting = { scope, actor, personId: null };
  const templateIds = campaign.templateIds === 'library' ? await campaignsRepository(services.db, scope).sendableLibrary() : [...campaign.templateIds];
  if (templateIds.length === 0) throw new AppError('CONFLICT', 'The organisation has no active template this campaign could send');
  const draft = await insertDraft(services.db, acting, { ...campaign, templateIds });
  const launched = await launchDraft(services, acting, draft.id);
  return { id: launched.id, name: launched.name };
};

/**
 * Pause: nothing more is sent until resumed (a send already talking to the mail server finishes).
 * Resume: sends continue; what fell due while paused goes out now, still in each person's hours.
 * Cancel: no one else is mailed; what was sent keeps its results.
 * @throws AppError NOT_FOUND, CONFLICT when the move does not fit the campaign's status.
 */
export const changeCampaignStatus = async ({ db, jobs }: CampaignServices, tenant: Tenant, id: string, action: 'pause' | 'resume' | 'cancel'): Promise<Campaign> => {
  requireCampaignAdmin(tenant);
  const row = await db.transaction(async (tx) => {
    const repository = campaignsRepository(tx, tenant);
    const campaign = await findOwn(repository, id, { lock: true });
    refuse(campaign.status, action);
    let cancelled = 0;
    if (action === 'cancel') cancelled = await repository.moveUnsent(id, ['scheduled', 'queued'], 'cancelled');
    const status = action === 'pause' ? 'paused' : action === 'cancel' ? 'cancelled' : 'sending';
    const updated = await repository.update(id, { status, ...(action === 'cancel' ? { completedAt: now() } : {}) });
    await recordAudit(tx, tenant, { action: `campaign.${action}`, targetType: 'campaign', targetId: id, details: action === 'cancel' ? { recipientsNotSent: cancelled } : {} });
    if (action === 'resume') await jobs.send(dispatchCampaignsJob, {}, { tx });
    return updated!;
  });
  return (await loadPresented(campaignsRepository(db, tenant), [row]))[0]!;
};

