import { z } from 'zod';
import { type AuthDb, createDelivery } from '@vigil/auth-provider';
import { and, eq } from 'drizzle-orm';
import { people } from '@vigil/db';
import { defineJob } from '../../lib/jobs.ts';
import { evaluateAdaptiveControls } from './adaptive-controls.engine.ts';
import { adaptiveControlsRepository, selectFiringsToNotify, selectPeopleWithOpenFirings } from './adaptive-controls.repository.ts';

/**
 * Tells each fired rule's person's manager, once: the mail says what happened and what helps, never
 * the score's details. The firing is marked before the mail goes, so a retry never sends it twice.
 */
export const notifyManagersJob = defineJob({
  name: 'adaptive-controls.notify-managers',
  payload: z.object({}),
  schedule: { cron: '* * * * *', payload: {} },
  policy: 'stately',
  handler: async (_payload, { db, config, log, stopping }) => {
    const delivery = createDelivery(db as AuthDb, { smtpUrl: config.mail.smtpUrl, mailFrom: config.mail.from });
    try {
      for (const firing of await selectFiringsToNotify(db)) {
        if (stopping.aborted) break;
        const scope = { organizationId: firing.organizationId };
        const repository = adaptiveControlsRepository(db, scope);
        const [person] = await db.select().from(people).where(and(eq(people.organizationId, scope.organizationId), eq(people.id, firing.personId)));
        const [manager] = person?.managerId ? await db.select().from(people).where(and(eq(people.organizationId, scope.organizationId), eq(people.id, person.managerId), eq(people.isActive, true))) : [];
        await repository.setApplied(firing.id, { ...firing.applied, notifyPending: false, managerNotified: Boolean(manager) });
        if (!person || !manager) continue;
        const name = `${person.firstName} ${person.lastName}`.trim();
        await delivery.send({
          channel: 'email',
          to: manager.email,
          subject: `${name} could use a word from you about phishing`,
          text: [
            `Hello ${manager.firstName},`,
            '',
            `${name} has fallen for several simulated attacks lately, and your organization's security settings have stepped in (for example with a short lesson${firing.applied.requireMfa ? ' and a second sign-in step' : ''}).`,
            '',
            'A short, friendly conversation helps more than a warning: ask what made the message look real, and remind them that reporting a suspicious message is always the right move, even after clicking.',
            '',
            `Your reports' scores are on the Insights pages: ${config.publicUrl}/insights/direct-reports/search/`,
          ].join('\n'),
        });
      }
    } catch (error) {
      log.error({ err: error }, 'a manager could not be told about an adaptive control');
    } finally {
      delivery.close();
    }
  },
});

/** Daily: everyone with an open firing is looked at again, as scores decay without new events. */
export const reviewAdaptiveControlsJob = defineJob({
  name: 'adaptive-controls.review',
  payload: z.object({}),
  schedule: { cron: '47 2 * * *', payload: {} },
  policy: 'stately',
  handler: async (_payload, { db, log }) => {
    const byOrganization = new Map<string, string[]>();
    for (const row of await selectPeopleWithOpenFirings(db)) byOrganization.set(row.organizationId, [...(byOrganization.get(row.organizationId) ?? []), row.personId]);
    let lifted = 0;
    for (const [organizationId, personIds] of byOrganization) lifted += (await db.transaction((tx) => evaluateAdaptiveControls(tx, { organizationId }, personIds))).lifted;
    if (lifted > 0) log.info({ lifted }, 'adaptive controls lifted for people whose risk fell back');
  },
});
