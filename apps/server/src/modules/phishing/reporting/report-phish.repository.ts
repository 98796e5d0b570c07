import { and, eq, or, sql } from 'drizzle-orm';
import { type Db, type Tx, campaignRecipients, events } from '@vigil/db';
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

/**
 * Inside a report's transaction: locks the recipient row, then tells whether its `reported` event
 * is already written.
 * @returns true when the lure was already reported
 */
export const lockRecipientReport = async (tx: Tx, scope: OrgScope, recipientId: string) => {
  await tx.execute(sql`select 1 from ${campaignRecipients} where ${campaignRecipients.organizationId} = ${scope.organizationId} and ${campaignRecipients.id} = ${recipientId} for update`);
  const [reported] = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.organizationId, scope.organizationId), eq(events.recipientId, recipientId), eq(events.type, 'reported')))
    .limit(1);
  return reported !== undefined;
};
