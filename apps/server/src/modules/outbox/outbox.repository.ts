import { and, desc, eq, sql } from 'drizzle-orm';
import { outboxMessages } from '@vigil/auth-provider/schema';
import { type Db, campaignRecipients } from '@vigil/db';
import type { OrgScope } from '../../lib/scope.ts';
import { lureOutboxIdPrefix } from '../phishing/delivery/message-delivery.ts';

/**
 * Text lures the organisation's campaigns left in the outbox (no SMS service configured), newest
 * first. A lure's row is named after its campaign recipient, so the organisation is the recipient's:
 * never matched by phone number, which another organisation could give one of its own people.
 */
export const listLureTexts = (db: Db, scope: OrgScope, limit: number) =>
  db
    .select({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      recipient: outboxMessages.recipient,
      subject: outboxMessages.subject,
      body: outboxMessages.body,
      createdAt: outboxMessages.createdAt,
    })
    .from(outboxMessages)
    .innerJoin(campaignRecipients, and(eq(campaignRecipients.organizationId, scope.organizationId), sql`${outboxMessages.id} = ${lureOutboxIdPrefix} || ${campaignRecipients.id}::text`))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(limit);
