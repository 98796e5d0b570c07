import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignRecipients, campaigns, personSkillRatings } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../../test/factories.ts';
import { buildPhishingTemplate, buildSendingProfile } from '../../../test/phishing-factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { runConsumer } from '../../events/consumers.ts';
import { appendEvents } from '../../events/events.repository.ts';
import { expectedSuccess, initialSkillRating } from './skill-rating.ts';
import { skillRatingsConsumer } from './skill-ratings.consumer.ts';
import { recordUnansweredLures } from './skill-ratings.jobs.ts';

const t = useTestApp();

/** A person with lures of difficulty 3 sent `daysAgo` days ago, one recipient row each. */
const buildLures = async (count: number, daysAgo = 1) => {
  const organization = await buildOrganization(t.db);
  const person = await buildPerson(t.db, organization.id);
  const profile = await buildSendingProfile(t.db, t.app.secrets, organization.id, { host: '127.0.0.1', port: 25 });
  const template = await buildPhishingTemplate(t.db, organization.id, { difficulty: 3 });
  const campaignId = randomUUID();
  await t.db.insert(campaigns).values({ id: campaignId, organizationId: organization.id, name: 'Rated', status: 'sending', sendingProfileId: profile.id, templateIds: [template.id], audience: { kind: 'organization' } });
  const recipients = [];
  for (let i = 0; i < count; i += 1) {
    // One recipient row per campaign and person: each lure its own campaign.
    const ownCampaign = i === 0 ? campaignId : randomUUID();
    if (i > 0) await t.db.insert(campaigns).values({ id: ownCampaign, organizationId: organization.id, name: `Rated ${i}`, status: 'sending', sendingProfileId: profile.id, templateIds: [template.id], audience: { kind: 'organization' } });
    const sentAt = new Date(Date.now() - daysAgo * 86_400_000);
    recipients.push((await t.db.insert(campaignRecipients).values({ organizationId: organization.id, campaignId: ownCampaign, personId: person.id, templateId: template.id, language: 'en_us', sendAt: sentAt, sentAt, state: 'sent', tokenHash: randomUUID() }).returning())[0]!);
  }
  return { organization, person, recipients };
};

const ratingOf = async (personId: string) => (await t.db.select().from(personSkillRatings).where(eq(personSkillRatings.personId, personId)))[0];
const event = (recipient: { id: string; organizationId: string; personId: string; campaignId: string }, type: string) => ({
  organizationId: recipient.organizationId,
  personId: recipient.personId,
  campaignId: recipient.campaignId,
  recipientId: recipient.id,
  type,
  occurredAt: new Date(),
});

describe('skill ratings from the event log', () => {
  it('a click then a report of the same lure counts once, as a failure; a report of another lure counts as a success', async () => {
    const { person, recipients } = await buildLures(2);
    await appendEvents(t.db, [event(recipients[0]!, 'opened'), event(recipients[0]!, 'clicked'), event(recipients[0]!, 'reported')]);
    await runConsumer(t.db, skillRatingsConsumer);
    // The rating is stored as a real (single precision): compare to two decimals.
    const afterFailure = initialSkillRating + 64 * (0 - expectedSuccess(initialSkillRating, 3));
    expect((await ratingOf(person.id))?.rating).toBeCloseTo(afterFailure, 2);
    expect((await ratingOf(person.id))?.outcomes).toBe(1);

    await appendEvents(t.db, [event(recipients[1]!, 'reported')]);
    await runConsumer(t.db, skillRatingsConsumer);
    expect((await ratingOf(person.id))?.rating).toBeCloseTo(afterFailure + 64 * (1 - expectedSuccess(afterFailure, 3)), 2);
    expect((await ratingOf(person.id))?.outcomes).toBe(2);

    // Running again applies nothing twice.
    await runConsumer(t.db, skillRatingsConsumer);
    expect((await ratingOf(person.id))?.outcomes).toBe(2);
  });

  it('records a lure left alone for two weeks once as no action, which raises a rating slightly for a hard lure', async () => {
    const { person, recipients } = await buildLures(1, 15);
    const fresh = await buildLures(1, 2);
    expect(await recordUnansweredLures(t.db)).toBeGreaterThanOrEqual(1);
    await recordUnansweredLures(t.db);
    await runConsumer(t.db, skillRatingsConsumer);
    const rating = await ratingOf(person.id);
    expect(rating?.outcomes).toBe(1);
    expect(rating!.rating).toBeCloseTo(initialSkillRating + 64 * (0.6 - expectedSuccess(initialSkillRating, 3)), 2);
    expect(rating!.rating).toBeGreaterThan(initialSkillRating);
    expect(await ratingOf(fresh.person.id)).toBeUndefined();
    expect(recipients).toHaveLength(1);
  });
});
