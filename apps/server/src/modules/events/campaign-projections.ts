import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { SimulationEventType } from '@vigil/contracts';
import { type EventRow, type Tx, campaignDepartmentStats, campaignHourlyStats, campaignRecipients, campaignStats, events } from '@vigil/db';
import type { EventConsumer } from './consumers.ts';

type RecipientColumn =
  | 'openedAt'
  | 'clickedAt'
  | 'submittedAt'
  | 'reportedAt'
  | 'repliedAt'
  | 'attachmentOpenedAt'
  | 'qrScannedAt'
  | 'calledAt'
  | 'machineClickedAt';
type StatsCounter = Exclude<keyof typeof campaignStats.$inferSelect, 'campaignId' | 'organizationId' | 'updatedAt' | 'recipients'>;

/**
 * What each event type does to a campaign's projections. An outcome sets the recipient's first-time
 * column (when still empty) and counts once per recipient; a delivery outcome (the send job sets the
 * recipient's state itself) counts once per recipient too, judged by the log. Types with neither are
 * recorded in the log only: `delivered`, `landing_visited` (the submitted and clicked outcomes say
 * more), `machine_open` (a scanner fetching the image is no open) and `no_action` (read by the skill
 * ratings).
 */
export const campaignProjection: Record<SimulationEventType, { column?: RecipientColumn; counter?: StatsCounter }> = {
  sent: { counter: 'sent' },
  delivered: {},
  delivery_failed: { counter: 'failed' },
  delivery_uncertain: { counter: 'uncertain' },
  opened: { column: 'openedAt', counter: 'opened' },
  clicked: { column: 'clickedAt', counter: 'clicked' },
  landing_visited: {},
  submitted: { column: 'submittedAt', counter: 'submitted' },
  attachment_opened: { column: 'attachmentOpenedAt', counter: 'attachmentOpened' },
  qr_scanned: { column: 'qrScannedAt', counter: 'qrScanned' },
  replied: { column: 'repliedAt', counter: 'replied' },
  called: { column: 'calledAt', counter: 'called' },
  reported: { column: 'reportedAt', counter: 'reported' },
  machine_click: { column: 'machineClickedAt', counter: 'machineClicks' },
  machine_open: {},
  no_action: {},
};

/** The recipient's department, when the event was a first: the department projection counts under it. */
type First = { departmentId: string | null } | undefined;

/** Sets the recipient's first-time column if it is still empty; the recipient when this event was the first. */
const markFirstTime = async (tx: Tx, event: EventRow, column: RecipientColumn): Promise<First> => {
  const [updated] = await tx
    .update(campaignRecipients)
    .set({ [column]: event.occurredAt })
    .where(and(eq(campaignRecipients.id, event.recipientId!), eq(campaignRecipients.organizationId, event.organizationId), isNull(campaignRecipients[column])))
    .returning({ departmentId: campaignRecipients.departmentId });
  return updated;
};

/** Whether the log holds an earlier event of this type for this recipient (then it was counted already). */
const seenBefore = async (tx: Tx, event: EventRow) => {
  const [earlier] = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.campaignId, event.campaignId!), eq(events.type, event.type), eq(events.recipientId, event.recipientId!), lt(events.id, event.id)))
    .limit(1);
  return earlier !== undefined;
};

/** The stages the results page breaks down by department and by hour. */
const brokenDown = ['sent', 'opened', 'clicked', 'submitted', 'reported'] as const;
type BrokenDownStage = (typeof brokenDown)[number];
const isBrokenDown = (counter: StatsCounter): counter is BrokenDownStage => (brokenDown as readonly string[]).includes(counter);

const countOnce = async (tx: Tx, event: EventRow, counter: StatsCounter, departmentId: string | null) => {
  const column = campaignStats[counter];
  await tx
    .insert(campaignStats)
    .values({ campaignId: event.campaignId!, organizationId: event.organizationId, [counter]: 1 })
    .onConflictDoUpdate({
      target: campaignStats.campaignId,
      set: { [counter]: sql`${column} + 1`, updatedAt: sql`now()` },
      // A campaign's counters are only ever moved by events of its own organisation.
      setWhere: eq(campaignStats.organizationId, event.organizationId),
    });
  if (!isBrokenDown(counter)) return;
  const byDepartment = campaignDepartmentStats[counter];
  await tx
    .insert(campaignDepartmentStats)
    .values({ organizationId: event.organizationId, campaignId: event.campaignId!, departmentId, [counter]: 1 })
    .onConflictDoUpdate({
      target: [campaignDepartmentStats.campaignId, campaignDepartmentStats.departmentId],
      set: { [counter]: sql`${byDepartment} + 1` },
      setWhere: eq(campaignDepartmentStats.organizationId, event.organizationId),
    });
  const byHour = campaignHourlyStats[counter];
  await tx
    .insert(campaignHourlyStats)
    .values({ organizationId: event.organizationId, campaignId: event.campaignId!, hour: sql`date_trunc('hour', ${event.occurredAt.toISOString()}::timestamptz)`, [counter]: 1 })
    .onConflictDoUpdate({
      target: [campaignHourlyStats.campaignId, campaignHourlyStats.hour],
      set: { [counter]: sql`${byHour} + 1` },
      setWhere: eq(campaignHourlyStats.organizationId, event.organizationId),
    });
};

/** The recipient's department, for an event counted without a first-time column (`sent`). */
const departmentOf = async (tx: Tx, event: EventRow): Promise<string | null> => {
  const [recipient] = await tx
    .select({ departmentId: campaignRecipients.departmentId })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.id, event.recipientId!), eq(campaignRecipients.organizationId, event.organizationId)));
  return recipient?.departmentId ?? null;
};

const isProjected = (type: string): type is SimulationEventType => Object.hasOwn(campaignProjection, type);

/**
 * Recipients' first-time columns, campaign_stats and its breakdowns by department and by hour from the log. Applying an event twice changes
 * nothing: a counter moves only when the first-time column was empty (or, for delivery outcomes,
 * when the log has no earlier such event for the recipient). A report that was not of a simulation
 * (`data.simulation === false`) belongs to no campaign and is left to the security team's consumers.
 */
export const campaignProjectionsConsumer: EventConsumer = {
  name: 'campaign-projections',
  apply: async (tx, batch) => {
    for (const event of batch) {
      if (!event.campaignId || !event.recipientId || !isProjected(event.type)) continue;
      const { column, counter } = campaignProjection[event.type];
      if (!counter) continue;
      if (column) {
        const first = await markFirstTime(tx, event, column);
        if (first) await countOnce(tx, event, counter, first.departmentId);
      } else if (!(await seenBefore(tx, event))) {
        await countOnce(tx, event, counter, isBrokenDown(counter) ? await departmentOf(tx, event) : null);
      }
    }
  },
};
