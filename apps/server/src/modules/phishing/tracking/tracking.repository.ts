import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { type Db, campaignRecipients, campaigns, events, landingPages, organizations, people, phishingTemplates, rateLimitWindows } from '@vigil/db';

/** The event types a hit on one of a message's links writes (the burst rule compares them). */
export const hitEventTypes = ['opened', 'clicked', 'qr_scanned', 'attachment_opened', 'machine_click', 'machine_open'] as const;

/** A tracking hit recorded earlier: which link, and when. */
export type EarlierHit = { link: string; at: Date };

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
  /** The asking address is over the listener's not-found limit: even a good token waits. */
  overLimit: boolean;
  /** The recipient's hits since `hitsSince`, for the scanner rules' burst check. */
  recentHits: readonly EarlierHit[];
}>;

/** What the one query also answers beside the recipient. */
export type HitProbe = { rateLimitKey: string; rateLimitMax: number; hitsSince: Date };

/**
 * The recipient a tracking token stands for, found by the token's SHA-256 (the only lookup that is
 * not scoped, since the token is what names the organisation). Every row joined to it must belong to
 * the recipient's organisation (or be a shared built-in template or page). The same round trip reads
 * whether the caller is over the not-found limit and the recipient's recent hits (in their
 * organisation only): a hit is one query, not three.
 */
export const findTrackedRecipient = async (db: Db, tokenHash: string, probe: HitProbe): Promise<TrackedRecipient | undefined> => {
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
      overLimit: sql<boolean>`coalesce((select ${rateLimitWindows.count} > ${probe.rateLimitMax} from ${rateLimitWindows} where ${rateLimitWindows.key} = ${probe.rateLimitKey} and ${rateLimitWindows.resetsAt} > now()), false)`,
      recentHits: sql<{ link: string | null; at: string }[]>`(
        select coalesce(json_agg(json_build_object('link', ${events.data}->>'link', 'at', ${events.occurredAt})), '[]'::json)
        from ${events}
        where ${events.organizationId} = ${campaignRecipients.organizationId} and ${events.personId} = ${campaignRecipients.personId}
          and ${events.recipientId} = ${campaignRecipients.id} and ${events.occurredAt} >= ${probe.hitsSince.toISOString()}::timestamptz
          and ${events.type} in ${[...hitEventTypes]})`,
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
  if (!row) return undefined;
  const recentHits = row.recentHits.filter((hit): hit is { link: string; at: string } => hit.link !== null).map((hit) => ({ link: hit.link, at: new Date(hit.at) }));
  return { ...row, recentHits };
};
