import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { type Db, campaignRecipients, campaigns, events, landingPages, organizations, people, phishingTemplates } from '@vigil/db';
import type { OrgScope } from '../../../lib/scope.ts';

/** Everything a tracking hit needs about its recipient, read in one query. */
export type TrackedRecipient = Readonly<{
  id: string;
  organizationId: string;
  campaignId: string;
  personId: string;
  language: string;
  sentAt: Date | null;
  firstName: string;
  company: string;
  vector: string;
  templateTexts: Record<string, unknown>;
  landingPageTexts: Record<string, unknown> | null;
}>;

/**
 * The recipient a tracking token stands for, found by the token's SHA-256 (the only lookup that is
 * not scoped, since the token is what names the organisation). Every row joined to it must belong to
 * the recipient's organisation (or be a shared built-in template or page).
 */
export const findTrackedRecipient = async (db: Db, tokenHash: string): Promise<TrackedRecipient | undefined> => {
  const [row] = await db
    .select({
      id: campaignRecipients.id,
      organizationId: campaignRecipients.organizationId,
      campaignId: campaignRecipients.campaignId,
      personId: campaignRecipients.personId,
      language: campaignRecipients.language,
      sentAt: campaignRecipients.sentAt,
      firstName: people.firstName,
      company: organizations.name,
      vector: phishingTemplates.vector,
      templateTexts: phishingTemplates.texts,
      landingPageTexts: landingPages.texts,
    })
    .from(campaignRecipients)
    .innerJoin(organizations, eq(organizations.id, campaignRecipients.organizationId))
    .innerJoin(people, and(eq(people.organizationId, campaignRecipients.organizationId), eq(people.id, campaignRecipients.personId)))
    .innerJoin(campaigns, and(eq(campaigns.organizationId, campaignRecipients.organizationId), eq(campaigns.id, campaignRecipients.campaignId)))
    .innerJoin(
      phishingTemplates,
      and(eq(phishingTemplates.id, campaignRecipients.templateId), or(isNull(phishingTemplates.organizationId), eq(phishingTemplates.organizationId, campaignRecipients.organizationId))),
    )
    .leftJoin(
      landingPages,
      and(
        eq(landingPages.id, sql`coalesce(${campaigns.landingPageId}, ${phishingTemplates.landingPageId})`),
        or(isNull(landingPages.organizationId), eq(landingPages.organizationId, campaignRecipients.organizationId)),
      ),
    )
    .where(eq(campaignRecipients.tokenHash, tokenHash))
    .limit(1);
  return row;
};

/** The event types a hit on one of a message's links writes (the burst rule compares them). */
export const hitEventTypes = ['opened', 'clicked', 'qr_scanned', 'attachment_opened', 'machine_click', 'machine_open'] as const;

/** A recipient's tracking hits since `since`, in their organisation only: which link, and when. */
export const recentHitsOf = async (db: Db, scope: OrgScope, recipient: { id: string; personId: string }, since: Date) => {
  const rows = await db
    .select({ link: sql<string | null>`${events.data}->>'link'`, at: events.occurredAt })
    .from(events)
    .where(
      and(
        eq(events.organizationId, scope.organizationId),
        eq(events.personId, recipient.personId),
        gte(events.occurredAt, since),
        eq(events.recipientId, recipient.id),
        inArray(events.type, [...hitEventTypes]),
      ),
    );
  return rows.filter((row): row is { link: string; at: Date } => row.link !== null);
};
