import { and, eq, isNotNull } from 'drizzle-orm';
import { type Db, campaignRecipients, phishingTemplates } from '@vigil/db';
import { appendEvents } from '../../events/events.repository.ts';

/** The recipient a reply names: enough to write its event in its own organisation. */
export type ReplyRecipient = Readonly<{ id: string; organizationId: string; campaignId: string; personId: string }>;

/**
 * The recipient of a reply lure a reply address's token stands for, found by the token's SHA-256 (the
 * only lookup that is not scoped, since the token is what names the organisation, as for tracking
 * links). Only a reply lure that was sent can be answered; any other recipient is unknown here.
 */
export const findReplyRecipient = async (db: Db, tokenHash: string): Promise<ReplyRecipient | undefined> => {
  const [row] = await db
    .select({ id: campaignRecipients.id, organizationId: campaignRecipients.organizationId, campaignId: campaignRecipients.campaignId, personId: campaignRecipients.personId })
    .from(campaignRecipients)
    .innerJoin(phishingTemplates, eq(phishingTemplates.id, campaignRecipients.templateId))
    .where(and(eq(campaignRecipients.tokenHash, tokenHash), eq(phishingTemplates.vector, 'reply'), isNotNull(campaignRecipients.sentAt)))
    .limit(1);
  return row;
};

/** Records that `recipient` replied: the time and the reply's size, never a word of it. */
export const recordReply = (db: Db, recipient: ReplyRecipient, reply: { size: number; at: Date }) =>
  appendEvents(db, [
    {
      organizationId: recipient.organizationId,
      personId: recipient.personId,
      campaignId: recipient.campaignId,
      recipientId: recipient.id,
      type: 'replied',
      occurredAt: reply.at,
      data: { size: reply.size },
    },
  ]);
