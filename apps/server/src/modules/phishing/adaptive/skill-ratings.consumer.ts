import { and, eq, inArray, lt } from 'drizzle-orm';
import { type EventRow, type Tx, campaignRecipients, events, personSkillRatings, phishingTemplates } from '@vigil/db';
import type { EventConsumer } from '../../events/consumers.ts';
import { type LureOutcome, initialSkillRating, updateSkillRating } from './skill-rating.ts';

/** The events that settle how a person did with a lure, and the outcome each means. */
export const ratedOutcomes: Readonly<Record<string, LureOutcome>> = {
  reported: 'reported',
  clicked: 'failed',
  attachment_opened: 'failed',
  qr_scanned: 'failed',
  called: 'failed',
  replied: 'failed',
  submitted: 'submitted',
  no_action: 'ignored',
};
const ratedTypes = Object.keys(ratedOutcomes);

/**
 * Moves each person's skill rating by their outcome with each lure: the first settling event of a
 * recipient counts, later ones of the same lure do not (a click then a report is a failure). Derived
 * from the log alone, so ratings can be rebuilt by replaying it.
 */
export const skillRatingsConsumer: EventConsumer = {
  name: 'skill-ratings',
  apply: async (tx: Tx, batch: readonly EventRow[]) => {
    const settling = batch.filter((event) => event.type in ratedOutcomes && event.recipientId && event.personId);
    if (settling.length === 0) return;
    const recipientIds = [...new Set(settling.map((event) => event.recipientId!))];
    const settledBefore = await tx
      .selectDistinct({ recipientId: events.recipientId })
      .from(events)
      .where(and(inArray(events.recipientId, recipientIds), inArray(events.type, ratedTypes), lt(events.id, settling[0]!.id)));
    const settled = new Set(settledBefore.map((row) => row.recipientId));
    const difficulties = new Map(
      (
        await tx
          .select({ recipientId: campaignRecipients.id, difficulty: phishingTemplates.difficulty })
          .from(campaignRecipients)
          .innerJoin(phishingTemplates, eq(phishingTemplates.id, campaignRecipients.templateId))
          .where(inArray(campaignRecipients.id, recipientIds))
      ).map((row) => [row.recipientId, row.difficulty]),
    );
    for (const event of settling) {
      if (settled.has(event.recipientId)) continue;
      settled.add(event.recipientId);
      const difficulty = difficulties.get(event.recipientId!);
      if (difficulty === undefined) continue;
      const [current] = await tx
        .select()
        .from(personSkillRatings)
        .where(and(eq(personSkillRatings.organizationId, event.organizationId), eq(personSkillRatings.personId, event.personId!)))
        .for('update');
      const rating = updateSkillRating(current?.rating ?? initialSkillRating, difficulty, ratedOutcomes[event.type]!, current?.outcomes ?? 0);
      await tx
        .insert(personSkillRatings)
        .values({ organizationId: event.organizationId, personId: event.personId!, rating, outcomes: 1 })
        .onConflictDoUpdate({ target: personSkillRatings.personId, set: { rating, outcomes: (current?.outcomes ?? 0) + 1, updatedAt: new Date() } });
    }
  },
};
