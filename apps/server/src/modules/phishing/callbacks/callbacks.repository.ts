import { and, desc, eq, gte } from 'drizzle-orm';
import { type Db, campaignRecipients, organizations, people, phishingTemplates } from '@vigil/db';

/** How long after a callback lure was sent a call from the person's number still counts as answering it. */
export const callbackWindowDays = 30;

/** The recipient a call answers: enough to write its event in its own organisation and to greet them. */
export type CalledRecipient = Readonly<{ id: string; organizationId: string; campaignId: string; personId: string; language: string; company: string }>;

/**
 * The recipient whose callback lure a call from `phone` answers: a person with that number (E.164, as
 * people.phone holds it) who was sent a callback lure in the last `callbackWindowDays`, the most
 * recently sent first. The number is what names the organisation (as a token does for a link), and
 * only that one recipient's organisation is touched: the same number in two organisations records
 * the call once, for the lure sent last.
 */
export const findCalledRecipient = async (db: Db, phone: string, now: Date): Promise<CalledRecipient | undefined> => {
  const since = new Date(now.getTime() - callbackWindowDays * 86_400_000);
  const [row] = await db
    .select({
      id: campaignRecipients.id,
      organizationId: campaignRecipients.organizationId,
      campaignId: campaignRecipients.campaignId,
      personId: campaignRecipients.personId,
      language: campaignRecipients.language,
      company: organizations.name,
    })
    .from(campaignRecipients)
    .innerJoin(people, and(eq(people.organizationId, campaignRecipients.organizationId), eq(people.id, campaignRecipients.personId)))
    .innerJoin(organizations, eq(organizations.id, campaignRecipients.organizationId))
    .innerJoin(phishingTemplates, eq(phishingTemplates.id, campaignRecipients.templateId))
    .where(and(eq(people.phone, phone), eq(phishingTemplates.vector, 'callback'), gte(campaignRecipients.sentAt, since)))
    .orderBy(desc(campaignRecipients.sentAt))
    .limit(1);
  return row;
};
