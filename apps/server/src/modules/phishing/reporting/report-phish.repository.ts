import { and, eq, or } from 'drizzle-orm';
import { type Db, campaignRecipients } from '@vigil/db';
import type { OrgScope } from '../../../lib/scope.ts';

/** The caller's own recipient row (a lure sent to them) by its id or its Message-ID, in their organisation. */
export const findOwnRecipient = async (db: Db, scope: OrgScope, personId: string, by: { recipientId?: string; messageId?: string }) => {
  const match = [
    ...(by.recipientId ? [eq(campaignRecipients.id, by.recipientId)] : []),
    ...(by.messageId ? [eq(campaignRecipients.messageId, by.messageId)] : []),
  ];
  if (match.length === 0) return undefined;
  const [row] = await db
    .select({ id: campaignRecipients.id, campaignId: campaignRecipients.campaignId })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.organizationId, scope.organizationId), eq(campaignRecipients.personId, personId), or(...match)))
    .limit(1);
  return row;
};
