import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { events, phishingTemplates, trainingAssignments, trainingSettings } from '@vigil/db';
import type { JobContext } from '../../../lib/jobs.ts';
import { useTestPhishApp } from '../../../test/test-phish-app.ts';
import { buildTrackedRecipient } from '../../../test/tracking-factories.ts';
import { syncLessons } from '../../../test/training-factories.ts';
import { consumeEventsJob } from '../../events/events.jobs.ts';
import { builtinModuleId } from '../library/builtin-lessons.ts';

const t = useTestPhishApp();
const browser = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36' };
let nextAddress = 1;
const fromNewAddress = () => `198.51.100.${nextAddress++}`;
const beaconOf = (html: string) => /<img class="beacon" src="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');

/** A person clicks the lure's link and the page it leads to loads in their browser: a failure. */
const fallFor = async (token: string) => {
  const remoteAddress = fromNewAddress();
  const click = await t.app.inject({ method: 'GET', url: `/c/${token}`, headers: browser, remoteAddress });
  const page = await t.app.inject({ method: 'GET', url: click.headers.location as string, headers: browser, remoteAddress });
  await t.app.inject({ method: 'GET', url: beaconOf(page.body)!, headers: browser, remoteAddress });
  await t.app.eventWriter.flush();
};
/** events.consume, as its job runs every minute. */
const consume = () => consumeEventsJob.handler({}, { db: t.db, log: pino({ level: 'silent' }), config: t.config, secrets: t.secrets } as unknown as JobContext);
const assignmentsOf = (personId: string) => t.db.select().from(trainingAssignments).where(eq(trainingAssignments.personId, personId));

describe('remedial training', () => {
  it('assigns the lesson that answers the lure’s category when a person falls for it, due in the rule’s days, with its event', async () => {
    await syncLessons(t.db);
    const { recipient, person, campaign, token } = await buildTrackedRecipient(t.db, t.secrets, { vector: 'email-link' });
    await fallFor(token);
    await consume();

    const [assignment, ...more] = await assignmentsOf(person.id);
    expect(more).toEqual([]);
    // The lure is an it-password one: the passwords lesson answers it.
    expect(assignment).toMatchObject({ moduleId: builtinModuleId('passwords'), reason: 'remedial', status: 'assigned', sourceCampaignId: campaign.id });
    const [clicked] = await t.db.select().from(events).where(and(eq(events.recipientId, recipient.id), eq(events.type, 'clicked')));
    expect(assignment!.dueAt.getTime() - clicked!.occurredAt.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    const [assigned] = await t.db.select().from(events).where(and(eq(events.personId, person.id), eq(events.type, 'training_assigned')));
    expect(assigned!.data).toMatchObject({ assignmentId: assignment!.id, reason: 'remedial' });

    // Consuming again changes nothing.
    await consume();
    expect(await assignmentsOf(person.id)).toHaveLength(1);
  });

  it('stacks nothing on a second failure while the first remedial lesson is open, in the same or another campaign', async () => {
    const first = await buildTrackedRecipient(t.db, t.secrets, { vector: 'email-link' });
    await fallFor(first.token);
    await fallFor(first.token);
    // Another campaign's lure, of a category another lesson answers (file sharing).
    const second = await buildTrackedRecipient(t.db, t.secrets, { vector: 'email-link', recipientOf: first.person });
    await t.db.update(phishingTemplates).set({ category: 'file-sharing' }).where(eq(phishingTemplates.id, second.template.id));
    await fallFor(second.token);
    await consume();
    expect((await assignmentsOf(first.person.id)).map((assignment) => assignment.moduleId)).toEqual([builtinModuleId('passwords')]);
  });

  it('assigns nothing when the organisation turned remedial training off, or for an outcome its rule leaves out', async () => {
    const off = await buildTrackedRecipient(t.db, t.secrets, { vector: 'email-link' });
    await t.db.insert(trainingSettings).values({ organizationId: off.org.id, settings: { noSkipAhead: true, testOutAllowed: false, maxQuizAttempts: 0, remedial: { enabled: false, failureEvents: ['clicked'], dueInDays: 7 } } });
    await fallFor(off.token);
    const submitsOnly = await buildTrackedRecipient(t.db, t.secrets, { vector: 'email-link' });
    await t.db.insert(trainingSettings).values({ organizationId: submitsOnly.org.id, settings: { noSkipAhead: true, testOutAllowed: false, maxQuizAttempts: 0, remedial: { enabled: true, failureEvents: ['submitted'], dueInDays: 7 } } });
    await fallFor(submitsOnly.token);
    await consume();
    expect(await assignmentsOf(off.person.id)).toEqual([]);
    expect(await assignmentsOf(submitsOnly.person.id)).toEqual([]);
  });
});

