import { type SQL, and, asc, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CampaignRecipient, CampaignRecipientsQuery, CampaignResults, SimulationHistory } from '@vigil/contracts';
import { type Db, campaignDepartmentStats, campaignHourlyStats, campaignRecipients, campaigns, departments, events, people, phishingTemplates } from '@vigil/db';
import { notFound } from '../../../lib/app-error.ts';
import { csvStream } from '../../../lib/csv-stream.ts';
import { afterKey, decodeCursor, readAllByKey, readKeysetPage, timestampKeySchema } from '../../../lib/keyset.ts';
import { type OrgScope, scopeOf } from '../../../lib/scope.ts';
import { type Tenant, requireAdminRole } from '../../../lib/tenant.ts';
import { campaignsRepository } from './campaigns.repository.ts';
import { presentCounts } from './campaigns.presenter.ts';


const ownCampaign = async (db: Db, scope: OrgScope, id: string) => {
  const campaign = await campaignsRepository(db, scope).find(id);
  if (!campaign) throw notFound('The campaign');
  return campaign;
};

/**
 * A campaign's results, read from the projections the event consumer keeps: the funnel, by
 * department, and hour by hour (first times per recipient). Never the recipients themselves, so
 * 100,000 cost what 100 do.
 */
export const campaignResults = async (db: Db, tenant: Tenant, id: string): Promise<CampaignResults> => {
  requireAdminRole(tenant, 'Only an admin may read campaign results');
  return readCampaignResults(db, scopeOf(tenant), id);
};

/**
 * `campaignResults` for a caller already allowed to read them (the public API, by its key's scope).
 * @throws AppError NOT_FOUND for a campaign not of the organisation.
 */
export const readCampaignResults = async (db: Db, scope: OrgScope, id: string): Promise<CampaignResults> => {
  const campaign = await ownCampaign(db, scope, id);
  const repository = campaignsRepository(db, scope);
  const [[stats], states] = await Promise.all([repository.stats([id]), repository.stateCounts([id])]);
  const byDepartment = await db
    .select({
      departmentId: campaignDepartmentStats.departmentId,
      name: sql<string>`coalesce(${departments.name}, '')`,
      recipients: campaignDepartmentStats.recipients,
      sent: campaignDepartmentStats.sent,
      opened: campaignDepartmentStats.opened,
      clicked: campaignDepartmentStats.clicked,
      submitted: campaignDepartmentStats.submitted,
      reported: campaignDepartmentStats.reported,
    })
    .from(campaignDepartmentStats)
    .leftJoin(departments, and(eq(departments.organizationId, campaignDepartmentStats.organizationId), eq(departments.id, campaignDepartmentStats.departmentId)))
    .where(and(eq(campaignDepartmentStats.organizationId, scope.organizationId), eq(campaignDepartmentStats.campaignId, id)))
    .orderBy(asc(sql`coalesce(${departments.name}, '')`));
  const timeline = await db
    .select({
      hour: sql<string>`to_char(${campaignHourlyStats.hour} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      sent: campaignHourlyStats.sent,
      opened: campaignHourlyStats.opened,
      clicked: campaignHourlyStats.clicked,
      submitted: campaignHourlyStats.submitted,
      reported: campaignHourlyStats.reported,
    })
    .from(campaignHourlyStats)
    .where(and(eq(campaignHourlyStats.organizationId, scope.organizationId), eq(campaignHourlyStats.campaignId, campaign.id)))
    .orderBy(asc(campaignHourlyStats.hour));
  const counts = presentCounts(stats, states);
  return { campaignId: id, counts, byDepartment, timeline, uncertain: counts.uncertain };
};

const recipientKey = z.tuple([z.uuid()]);
const iso = (value: Date | null) => (value ? value.toISOString() : null);

const outcomeFilter: Record<NonNullable<CampaignRecipientsQuery['outcome']>, SQL> = {
  none: and(isNull(campaignRecipients.openedAt), isNull(campaignRecipients.clickedAt), isNull(campaignRecipients.submittedAt), isNull(campaignRecipients.reportedAt))!,
  opened: isNotNull(campaignRecipients.openedAt),
  clicked: isNotNull(campaignRecipients.clickedAt),
  submitted: isNotNull(campaignRecipients.submittedAt),
  reported: isNotNull(campaignRecipients.reportedAt),
};

const recipientRows = (db: Db, scope: OrgScope, campaignId: string, query: CampaignRecipientsQuery) => async (after: readonly [string] | undefined, limit: number) => {
  const conditions: SQL[] = [eq(campaignRecipients.organizationId, scope.organizationId), eq(campaignRecipients.campaignId, campaignId)];
  if (query.state) conditions.push(eq(campaignRecipients.state, query.state));
  if (query.outcome) conditions.push(outcomeFilter[query.outcome]);
  if (query.departmentId) conditions.push(eq(campaignRecipients.departmentId, query.departmentId));
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    conditions.push(or(ilike(people.email, like), ilike(sql`${people.firstName} || ' ' || ${people.lastName}`, like))!);
  }
  if (after) conditions.push(afterKey([campaignRecipients.id], after, 'asc'));
  return db
    .select({
      recipient: campaignRecipients,
      firstName: people.firstName,
      lastName: people.lastName,
      email: people.email,
      department: departments.name,
      templateTexts: phishingTemplates.texts,
    })
    .from(campaignRecipients)
    .innerJoin(people, and(eq(people.organizationId, campaignRecipients.organizationId), eq(people.id, campaignRecipients.personId)))
    .innerJoin(phishingTemplates, eq(phishingTemplates.id, campaignRecipients.templateId))
    .leftJoin(departments, and(eq(departments.organizationId, campaignRecipients.organizationId), eq(departments.id, campaignRecipients.departmentId)))
    .where(and(...conditions))
    .orderBy(asc(campaignRecipients.id))
    .limit(limit);
};

type RecipientRow = Awaited<ReturnType<ReturnType<typeof recipientRows>>>[number];

const templateName = (texts: unknown, language: string) => {
  const all = texts as Record<string, { name?: string }>;
  return all[language]?.name ?? all.en_us?.name ?? Object.values(all)[0]?.name ?? '';
};

const presentRecipient = ({ recipient: r, ...row }: RecipientRow): CampaignRecipient => ({
  id: r.id,
  personId: r.personId,
  name: `${row.firstName} ${row.lastName}`.trim(),
  email: row.email,
  department: row.department,
  templateId: r.templateId,
  templateName: templateName(row.templateTexts, 'en_us'),
  language: r.language,
  state: r.state,
  sendAt: r.sendAt.toISOString(),
  sentAt: iso(r.sentAt),
  lastError: r.lastError,
  openedAt: iso(r.openedAt),
  clickedAt: iso(r.clickedAt),
  submittedAt: iso(r.submittedAt),
  reportedAt: iso(r.reportedAt),
  machineClickedAt: iso(r.machineClickedAt),
});

/** A campaign's recipients, filtered, a page at a time by key. */
export const listCampaignRecipients = async (db: Db, tenant: Tenant, campaignId: string, query: CampaignRecipientsQuery) => {
  requireAdminRole(tenant, 'Only an admin may read campaign results');
  await ownCampaign(db, tenant, campaignId);
  const page = await readKeysetPage(recipientRows(db, tenant, campaignId, query), (row) => [row.recipient.id] as const, query.cursor ? decodeCursor(query.cursor, recipientKey) : undefined, query.limit);
  return { items: page.items.map(presentRecipient), nextCursor: page.nextCursor };
};

const csvColumns = ['name', 'email', 'department', 'template', 'language', 'state', 'send_at', 'sent_at', 'opened_at', 'clicked_at', 'submitted_at', 'reported_at', 'machine_clicked_at', 'error'];

/** Every recipient matching the filters as a streamed CSV (formula cells neutralised). */
export const streamCampaignRecipientsCsv = async (db: Db, tenant: Tenant, campaignId: string, query: CampaignRecipientsQuery) => {
  requireAdminRole(tenant, 'Only an admin may read campaign results');
  await ownCampaign(db, tenant, campaignId);
  const rows = readAllByKey(recipientRows(db, tenant, campaignId, query), (row) => [row.recipient.id] as const);
  return csvStream(
    csvColumns,
    (async function* () {
      for await (const row of rows) {
        const r = presentRecipient(row);
        yield [r.name, r.email, r.department ?? '', r.templateName, r.language, r.state, r.sendAt, r.sentAt ?? '', r.openedAt ?? '', r.clickedAt ?? '', r.submittedAt ?? '', r.reportedAt ?? '', r.machineClickedAt ?? '', r.lastError ?? ''];
      }
    })(),
  );
};

const historyKey = z.tuple([timestampKeySchema, z.uuid()]);

/**
 * One person's simulations across campaigns, newest first, with what they did in each (from the
 * event log). @throws AppError NOT_FOUND for a person who is not the organisation's.
 */
export const personSimulationHistory = async (db: Db, tenant: Tenant, personId: string, query: { cursor?: string; limit: number }): Promise<SimulationHistory> => {
  requireAdminRole(tenant, 'Only an admin may read a person’s simulation history');
  return readSimulationHistory(db, scopeOf(tenant), personId, query);
};

/**
 * `personSimulationHistory` for a caller who has already decided the person may be seen (people
 * insights, by role). @throws AppError NOT_FOUND for a person who is not the organisation's.
 */
export const readSimulationHistory = async (db: Db, scope: OrgScope, personId: string, query: { cursor?: string; limit: number }): Promise<SimulationHistory> => {
  const [person] = await db.select({ id: people.id }).from(people).where(and(eq(people.organizationId, scope.organizationId), eq(people.id, personId))).limit(1);
  if (!person) throw notFound('The person');
  const page = await readKeysetPage(
    async (after: readonly [string, string] | undefined, limit) =>
      db
        .select({
          recipient: campaignRecipients,
          sortKey: sql<string>`${campaignRecipients.sendAt}::text`,
          campaignName: campaigns.name,
          texts: phishingTemplates.texts,
          difficulty: phishingTemplates.difficulty,
        })
        .from(campaignRecipients)
        .innerJoin(campaigns, and(eq(campaigns.organizationId, campaignRecipients.organizationId), eq(campaigns.id, campaignRecipients.campaignId)))
        .innerJoin(phishingTemplates, eq(phishingTemplates.id, campaignRecipients.templateId))
        .where(and(eq(campaignRecipients.organizationId, scope.organizationId), eq(campaignRecipients.personId, personId), ...(after ? [afterKey([campaignRecipients.sendAt, campaignRecipients.id], after, 'desc')] : [])))
        .orderBy(desc(campaignRecipients.sendAt), desc(campaignRecipients.id))
        .limit(limit),
    (row) => [row.sortKey, row.recipient.id] as const,
    query.cursor ? decodeCursor(query.cursor, historyKey) : undefined,
    query.limit,
  );
  const recipientIds = page.items.map((row) => row.recipient.id);
  const happened =
    recipientIds.length === 0
      ? []
      : await db
          .select({ recipientId: events.recipientId, type: events.type, at: events.occurredAt })
          .from(events)
          .where(and(eq(events.organizationId, scope.organizationId), eq(events.personId, personId), sql`${events.recipientId} in ${recipientIds}`))
          .orderBy(asc(events.id));
  return {
    personId,
    items: page.items.map((row) => ({
      campaignId: row.recipient.campaignId,
      campaignName: row.campaignName,
      templateName: templateName(row.texts, row.recipient.language),
      difficulty: row.difficulty,
      state: row.recipient.state,
      sentAt: iso(row.recipient.sentAt),
      events: happened.filter((event) => event.recipientId === row.recipient.id).map((event) => ({ type: event.type as SimulationHistory['items'][number]['events'][number]['type'], at: event.at.toISOString() })),
    })),
    nextCursor: page.nextCursor,
  };
};
