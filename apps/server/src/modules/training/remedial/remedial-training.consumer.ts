import { and, eq, inArray, lt } from 'drizzle-orm';
import { type TrainingSettings, failureEventTypes } from '@vigil/contracts';
import { type EventRow, type Tx, campaignRecipients, events, phishingTemplates } from '@vigil/db';
import type { EventConsumer } from '../../events/consumers.ts';
import { assignTrainingModule } from '../assignments/training-assignments.service.ts';
import { findRemedialModule } from '../modules/training-modules.service.ts';
import { readTrainingSettings } from '../settings/training-settings.service.ts';

const dayMs = 24 * 60 * 60 * 1000;
const failureTypes: readonly string[] = failureEventTypes;

/**
 * Remedial training, assigned from the event log: a person who falls for a simulated lure (the
 * outcomes the organisation's rule names) gets the lesson that answers the lure's category, due in
 * the rule's days. Only a recipient's first failure counts (a click then a submit is one failure),
 * and a person never holds two open remedial assignments (the table's partial unique index, which
 * the assignment insert respects): a second failure while one is open stacks nothing. The
 * consumer runs with the others (events.consume), so the lesson is assigned within a minute.
 */
export const remedialTrainingConsumer: EventConsumer = {
  name: 'remedial-training',
  apply: async (tx: Tx, batch: readonly EventRow[]) => {
    const failures = batch.filter((event) => failureTypes.includes(event.type) && event.recipientId && event.personId && event.campaignId);
    if (failures.length === 0) return;
    const recipientIds = [...new Set(failures.map((event) => event.recipientId!))];
    // Recipients who had failed before this batch were answered then.
    const failedBefore = new Set(
      (
        await tx
          .selectDistinct({ recipientId: events.recipientId })
          .from(events)
          .where(and(inArray(events.recipientId, recipientIds), inArray(events.type, [...failureTypes]), lt(events.id, failures[0]!.id)))
      ).map((row) => row.recipientId),
    );
    const categories = new Map(
      (
        await tx
          .select({ recipientId: campaignRecipients.id, organizationId: campaignRecipients.organizationId, category: phishingTemplates.category })
          .from(campaignRecipients)
          .innerJoin(phishingTemplates, eq(phishingTemplates.id, campaignRecipients.templateId))
          .where(inArray(campaignRecipients.id, recipientIds))
      ).map((row) => [`${row.organizationId}:${row.recipientId}`, row.category]),
    );
    const settingsOf = new Map<string, TrainingSettings>();
    // One lookup per organisation and lure category in a batch, not one per failure.
    const lessonOf = new Map<string, string | undefined>();
    for (const event of failures) {
      if (failedBefore.has(event.recipientId)) continue;
      failedBefore.add(event.recipientId);
      const scope = { organizationId: event.organizationId };
      const category = categories.get(`${event.organizationId}:${event.recipientId}`);
      if (!category) continue;
      if (!settingsOf.has(event.organizationId)) settingsOf.set(event.organizationId, await readTrainingSettings(tx, scope));
      const { remedial } = settingsOf.get(event.organizationId)!;
      if (!remedial.enabled || !(remedial.failureEvents as readonly string[]).includes(event.type)) continue;
      const lessonKey = `${event.organizationId}:${category}`;
      if (!lessonOf.has(lessonKey)) lessonOf.set(lessonKey, await findRemedialModule(tx, scope, category));
      const moduleId = lessonOf.get(lessonKey);
      if (!moduleId) continue;
      await assignTrainingModule(tx, scope, {
        moduleId,
        personIds: [event.personId!],
        reason: 'remedial',
        dueAt: new Date(event.occurredAt.getTime() + remedial.dueInDays * dayMs),
        assignedAt: event.occurredAt,
        sourceEventId: event.id,
        sourceCampaignId: event.campaignId,
      });
    }
  },
};
