import { randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { campaignRecipients, events } from '@vigil/db';
import { buildManyPeople, launchCampaignThroughApi } from '../../test/campaign-scenario.ts';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { type IsolatedDatabase, createIsolatedDatabase } from '../../test/isolated-database.ts';
import { buildPhishingTemplate, buildSendingProfile } from '../../test/phishing-factories.ts';
import { type ServerProcess, startServerProcess } from '../../test/server-process.ts';
import { startSmtpInbox } from '../../test/smtp-inbox.ts';
import { startTestApp } from '../../test/test-app.ts';
import { seededRandom } from './campaigns/send-schedule.ts';
import { interruptedAfterMinutes, lostJobAfterMinutes } from './campaigns/recipient-state.ts';

/**
 * The engine's promise under the worst a host can do: the server process killed with SIGKILL in
 * the middle of a campaign, three times, and started again. Nobody gets the lure twice, nobody is
 * skipped, and whoever's mail may or may not have left is listed as uncertain.
 *
 * The real server runs in its own process (`src/main.ts`, jobs in process) against a database this
 * test opens only while that process is dead (PGlite belongs to one process at a time; PostgreSQL
 * the same way, for one code path). The kills are placed by a seeded random generator: CRASH_SEED
 * repeats a run.
 */
const seed = Number(process.env.CRASH_SEED ?? randomInt(2 ** 31));
const random = seededRandom(seed);
const recipientCount = 200;
const outputFile = join(tmpdir(), `vigil-crash-safety-${seed}.log`);

let database: IsolatedDatabase | undefined;
let server: ServerProcess | undefined;
const outputs: string[] = [];
afterAll(async () => {
  await server?.stop('SIGKILL');
  if (server) outputs.push(server.output());
  writeFileSync(outputFile, outputs.join('\n---- restarted ----\n'));
  await database?.dispose();
});

/** What the sink does on each message before answering: nothing, or kill the server (armed by a round). */
type Trap = { afterMessages: number; spring: () => Promise<void> };

it(
  'kills the server three times mid-campaign: nobody mailed twice, nobody skipped, every uncertain send listed',
  async () => {
    console.log(`crash-safety seed ${seed} (CRASH_SEED=${seed} repeats it); server output in ${outputFile}`);
    database = await createIsolatedDatabase();

    // The receiving server: each message answered 5–40 ms after it arrived, so a kill often lands
    // after the mail server has the message but before the sender heard it was accepted.
    let trap: Trap | undefined;
    const sink = await startSmtpInbox({
      onReceived: async () => {
        const armed = trap;
        if (armed && sink.received.length >= armed.afterMessages) {
          trap = undefined;
          await armed.spring();
        }
        await sleep(5 + Math.floor(Math.random() * 35));
      },
    });

    // The organisation, its people and a launched campaign, through the real app on the database.
    const env = { ...database.env, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', PHISH_PUBLIC_URL: 'http://phish.test' };
    let connection = await database.open();
    const setup = await startTestApp(connection, env);
    const organization = await buildOrganization(connection.db, { name: 'Crash Test Logistics' });
    const admin = await buildPerson(connection.db, organization.id, { role: 'Admin', email: 'admin@crash-test.example' });
    await buildManyPeople(connection.db, organization.id, recipientCount - 1);
    const profile = await buildSendingProfile(connection.db, setup.app.secrets, organization.id, sink);
    const template = await buildPhishingTemplate(connection.db, organization.id);
    const campaign = await launchCampaignThroughApi(setup.app, await setup.authAs(admin), { name: 'Crash test', templateIds: [template.id], sendingProfileId: profile.id });
    expect(campaign.counts.recipients).toBe(recipientCount);
    await setup.close();
    await connection.close();

    server = await startServerProcess(env);
    for (let round = 1; round <= 3; round += 1) {
      // Round 1 always kills while the sink holds a message it has not answered; the others at a
      // random moment, either that way or a little after a message was answered.
      const afterMessages = sink.received.length + 5 + Math.floor(random() * 40);
      const whileAnswering = round === 1 || random() < 0.5;
      const delayMs = Math.floor(random() * 250);
      console.log(`round ${round}: SIGKILL at message ${afterMessages}, ${whileAnswering ? 'before the sink answers it' : `${delayMs} ms after it arrived`}`);
      const current = server;
      const killed = new Promise<void>((resolve) => {
        trap = {
          afterMessages,
          spring: async () => {
            if (whileAnswering) await current.stop('SIGKILL');
            else setTimeout(() => void current.stop('SIGKILL').then(resolve), delayMs);
            resolve();
          },
        };
      });
      await Promise.race([
        killed,
        sleep(60_000).then(() => {
          throw new Error(`round ${round}: the sink got only ${sink.received.length} messages in a minute; the campaign stalled:\n${current.output().slice(-3000)}`);
        }),
      ]);
      await current.stop('SIGKILL');
      outputs.push(current.output());

      // The process is dead: what it left in `sending` or `queued` is as the sweep would find it
      // after its waiting times (10 and 30 minutes), which this test does not sit through.
      connection = await database.open();
      const inCampaign = eq(campaignRecipients.campaignId, campaign.id);
      const left = await connection.db
        .update(campaignRecipients)
        .set({ stateChangedAt: sql`${campaignRecipients.stateChangedAt} - make_interval(mins => ${Math.max(interruptedAfterMinutes, lostJobAfterMinutes) + 1})` })
        .where(and(inCampaign, inArray(campaignRecipients.state, ['sending', 'queued'])))
        .returning({ state: campaignRecipients.state });
      console.log(`round ${round}: ${sink.received.length} messages received; left behind: ${left.filter((row) => row.state === 'sending').length} sending, ${left.filter((row) => row.state === 'queued').length} queued`);
      await connection.close();
      server = await startServerProcess(env);
    }

    // The last server finishes the campaign on its own.
    await server.waitForOutput(/"completed":[1-9]/, 90_000);
    await server.stop('SIGTERM');
    outputs.push(server.output());
    server = undefined;

    connection = await database.open();
    const results = await startTestApp(connection, env);
    try {
      const headers = await results.authAs(admin);
      const recipients = await connection.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaign.id));
      expect(recipients).toHaveLength(recipientCount);

      // Each received message is one recipient's (its Message-ID is the recipient id).
      const mailsOf = new Map<string, number>();
      for (const mail of sink.received) {
        const recipientId = /^<([0-9a-f-]{36})@/.exec(mail.messageId ?? '')?.[1];
        expect(recipients.some((recipient) => recipient.id === recipientId), `a message nobody was sent: ${mail.messageId}`).toBe(true);
        mailsOf.set(recipientId!, (mailsOf.get(recipientId!) ?? 0) + 1);
      }
      const twice = [...mailsOf].filter(([, count]) => count > 1);
      expect(twice, 'recipients who got the lure more than once').toEqual([]);

      const byState = (state: string) => recipients.filter((recipient) => recipient.state === state);
      expect(recipients.filter((recipient) => !['sent', 'uncertain', 'failed'].includes(recipient.state)), 'recipients neither sent, uncertain nor failed').toEqual([]);
      for (const recipient of byState('sent')) expect(mailsOf.get(recipient.id), `sent to ${recipient.id}`).toBe(1);
      for (const recipient of byState('failed')) expect(recipient.lastError, `failed ${recipient.id}`).toBeTruthy();
      const uncertain = byState('uncertain');
      const uncertainReceived = uncertain.filter((recipient) => mailsOf.has(recipient.id)).length;
      expect(sink.received.length).toBe(byState('sent').length + uncertainReceived);
      // The first kill came while the sink held an unanswered message: that send is uncertain, and it did arrive.
      expect(uncertainReceived).toBeGreaterThanOrEqual(1);
      console.log(`${recipients.length} recipients: ${byState('sent').length} sent, ${uncertain.length} uncertain (${uncertainReceived} of them received), ${byState('failed').length} failed; ${sink.received.length} messages`);

      // The log agrees, once per recipient: a sent event for each sent, an uncertain event for each uncertain.
      const logged = await connection.db
        .select({ type: events.type, recipientId: events.recipientId })
        .from(events)
        .where(and(eq(events.campaignId, campaign.id), inArray(events.type, ['sent', 'delivery_uncertain'])));
      expect(logged.filter((event) => event.type === 'sent').map((event) => event.recipientId).sort()).toEqual(byState('sent').map((recipient) => recipient.id).sort());
      expect(logged.filter((event) => event.type === 'delivery_uncertain').map((event) => event.recipientId).sort()).toEqual(uncertain.map((recipient) => recipient.id).sort());

      // The admin sees every uncertain recipient listed, and counted in the results.
      const listed = await results.app.inject({ url: `/api/campaigns/${campaign.id}/recipients/?state=uncertain&limit=100`, headers });
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().items.map((item: { id: string }) => item.id).sort()).toEqual(uncertain.map((recipient) => recipient.id).sort());
      const summary = await results.app.inject({ url: `/api/campaigns/${campaign.id}/results/`, headers });
      expect(summary.json()).toMatchObject({ uncertain: uncertain.length, counts: { recipients: recipientCount, sent: byState('sent').length, uncertain: uncertain.length, scheduled: 0 } });
      expect((await results.app.inject({ url: `/api/campaigns/${campaign.id}/`, headers })).json().status).toBe('completed');
    } finally {
      await results.close();
      await connection.close();
      await sink.close();
    }
  },
  240_000,
);
