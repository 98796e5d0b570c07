import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { type Db, campaignRecipients, campaigns, phishingTemplates, sendingProfiles } from '@vigil/db';
import type { OrgScope } from '../../../lib/scope.ts';

/**
 * Lures sent to one person of the organisation: one by id, or their most recent. Only messages
 * already sent: a heads-up about a message still to come would spoil the test.
 */
export const headsUpRepository = (db: Db, scope: OrgScope) => ({
  findSentTo: async (personId: string, recipientId?: string) =>
    (
      await db
        .select({
          id: campaignRecipients.id,
          personId: campaignRecipients.personId,
          campaignId: campaignRecipients.campaignId,
          templateId: campaignRecipients.templateId,
          language: campaignRecipients.language,
          sentAt: campaignRecipients.sentAt,
          openedAt: campaignRecipients.openedAt,
          clickedAt: campaignRecipients.clickedAt,
          attachmentOpenedAt: campaignRecipients.attachmentOpenedAt,
          qrScannedAt: campaignRecipients.qrScannedAt,
          repliedAt: campaignRecipients.repliedAt,
          calledAt: campaignRecipients.calledAt,
          submittedAt: campaignRecipients.submittedAt,
          reportedAt: campaignRecipients.reportedAt,
          vector: phishingTemplates.vector,
          texts: phishingTemplates.texts,
          senderAddress: sendingProfiles.fromAddress,
        })
        .from(campaignRecipients)
        .innerJoin(campaigns, and(eq(campaigns.organizationId, campaignRecipients.organizationId), eq(campaigns.id, campaignRecipients.campaignId)))
        .innerJoin(phishingTemplates, eq(phishingTemplates.id, campaignRecipients.templateId))
        .innerJoin(sendingProfiles, and(eq(sendingProfiles.organizationId, campaigns.organizationId), eq(sendingProfiles.id, campaigns.sendingProfileId)))
        .where(
          and(
            eq(campaignRecipients.organizationId, scope.organizationId),
            eq(campaignRecipients.personId, personId),
            isNotNull(campaignRecipients.sentAt),
            ...(recipientId ? [eq(campaignRecipients.id, recipientId)] : []),
          ),
        )
        .orderBy(desc(campaignRecipients.sentAt), desc(campaignRecipients.id))
        .limit(1)
    )[0],
});

export type SentLure = NonNullable<Awaited<ReturnType<ReturnType<typeof headsUpRepository>['findSentTo']>>>;
