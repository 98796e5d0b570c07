import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import injectRequest, { type DispatchFunc } from 'light-my-request';
import { Faker, en } from '@faker-js/faker';
import { type Db, campaignRecipients, campaigns, departments, people, phishingTemplates, trainingAssignments } from '@vigil/db';
import type { Config } from '../../config.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { atTime } from '../../lib/clock.ts';
import { jobActor } from '../../lib/scope.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { Tenant } from '../../lib/tenant.ts';
import type { EventWriter } from '../events/event-writer.ts';
import { eventConsumers } from '../events/events.jobs.ts';
import { runConsumer } from '../events/consumers.ts';
import { builtinTemplateId } from '../phishing/builtin-content.ts';
import { dispatchDueRecipients, sendQueuedRecipient } from '../phishing/campaigns/campaign-sending.ts';
import { createAndLaunchCampaignAs } from '../phishing/campaigns/campaigns.service.ts';
import type { MailDelivery } from '../phishing/delivery/mail-delivery.ts';
import { checkOutgoingMail } from '../phishing/delivery/smtp-delivery.ts';
import { sendingProfilesRepository } from '../phishing/sending-profiles/sending-profiles.repository.ts';
import { reportPhish } from '../phishing/reporting/report-phish.service.ts';
import { baselineCampaignName, chooseBaselineLureIds } from '../phishing/initial-testing/initial-testing.service.ts';
import { keepOrganizationRiskTrend } from '../risk/risk.service.ts';
import { trackingTokenOf } from '../phishing/tracking/tracking-links.ts';
import type { LessonText } from '../training/library/lesson-library.ts';
import { recordMyProgress, submitMyQuiz } from '../training/learner/my-trainings.service.ts';
import { findUsableModule } from '../training/modules/training-modules.service.ts';
import { type DemoCompany, demoCompanies } from './demo-companies.ts';
import { demoId } from './demo-ids.ts';
import { type SignInRecorder, playDemoSignIns } from './demo-sign-ins.ts';

const dayMs = 24 * 60 * 60 * 1000;
const minuteMs = 60 * 1000;

/**
 * A month's simulation: three lures of one season's themes, each person drawing one. A live
 * company's first month is its initial testing instead, with the baseline's own mixed set.
 */
const monthlyLures: readonly (readonly string[])[] = [
  ['it-password-expiry', 'delivery-note-html', 'ai-meeting-recap'],
  ['parcel-redelivery-fee', 'it-password-expiry-qr', 'expense-report-returned'],
  ['shared-budget-review', 'mfa-reregistration-sign-in', 'remittance-advice-attachment'],
  ['benefits-open-enrollment-deadline', 'file-transfer-expiring', 'office-parcel-locker-qr'],
  ['saas-comment-mention', 'payroll-direct-deposit-confirmation', 'customs-duty-invoice-pdf'],
  ['it-password-new-device-sign-in', 'e-signature-work-agreement', 'mfa-reregistration-qr'],
];

/**
 * Whether a month is the company's initial testing: the first month of a company whose baseline is
 * done (one still onboarding or testing keeps that state, so its first month is an ordinary one).
 */
const isBaselineMonth = (company: DemoCompany, month: number) => month === 0 && company.onboarding === 'bra-completed';

/** The name each history campaign carries: also how a restart knows which months were played. */
const campaignName = (company: DemoCompany, month: number) => (isBaselineMonth(company, month) ? baselineCampaignName : `Monthly simulation ${month + 1} of ${monthlyLures.length}`);

/**
 * Departments whose work invites more risk (payments, many outside contacts) click more; IT less.
 * The demo's story: everyone improves month by month as training follows each failure.
 */
const departmentSusceptibility = (name: string) =>
  /finance|sales|procurement|customer|support|accounts/i.test(name) ? 1.35 : /^it$|security|engineering/i.test(name) ? 0.6 : 1;

/**
 * The demo's past lures never leave this machine (their addresses are invented): each message is
 * built and checked exactly as for a real send, then recorded as handed over.
 */
const demoHistoryDelivery: MailDelivery = {
  send: async (mail) => {
    checkOutgoingMail(mail);
    return { messageId: mail.messageId, response: '250 kept by the demo: past lures are not mailed' };
  },
  close: async () => undefined,
};

export type DemoHistoryServices = Readonly<{
  db: Db;
  secrets: SecretBox;
  config: Config;
  /** Launches enqueue the dispatcher as always; the history sends its own lures before any worker starts. */
  jobs: JobQueue;
  /** The phishing listener: every click, scan, open and form post of the history is a request to it. */
  listener: FastifyInstance & { eventWriter: EventWriter };
  /** The embedded provider's recorder of sign-in attempts: the history's sign-ins go through it (none without an embedded provider). */
  signIns?: SignInRecorder;
}>;

type Recipient = { id: string; personId: string; sentAt: Date; vector: string; difficulty: number };

const browserHeaders = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36' };

/** A draw's seed from what it is about, so a person's choices do not depend on the order lures went out in. */
const seedOf = (...parts: (string | number)[]) => {
  let hash = 2166136261;
  for (const char of parts.join('/')) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash;
};

/** Brings every consumer of the event log up to date (what the events.consume job does every minute). */
const consumeEvents = async (db: Db) => {
  for (const consumer of eventConsumers) while ((await runConsumer(db, consumer)) > 0);
};

/**
 * Plays out six months of simulations and the training that followed them in every demo company,
 * through the product's own code: campaigns created and launched by a job actor, each lure built
 * and sent by the send path, each open, click, QR scan, attachment and form post a request to the
 * phishing listener, each report through the report service, remedial lessons assigned by the
 * event consumer and taken through the learner service, all at their past times (`atTime`). Scores,
 * results and trends then come from the event log like any others. Idempotent per month.
 * `today`: where the history ends (the demo is always "the last six months").
 */
export const playDemoHistory = async (
  services: DemoHistoryServices,
  { today = new Date(), companies = demoCompanies, onCompany }: { today?: Date; companies?: readonly DemoCompany[]; onCompany?: (company: DemoCompany, campaigns: number) => void } = {},
) => {
  let played = 0;
  for (const company of companies) {
    const campaignsPlayed = await playCompanyHistory(services, company, demoCompanies.indexOf(company), today);
    if (campaignsPlayed > 0) {
      // Sign-ins are played with the company's first history, once.
      if (services.signIns) await playDemoSignIns(services.db, services.signIns, company.slug, demoCompanies.indexOf(company), today);
      await consumeEvents(services.db);
      await keepOrganizationRiskTrend(services.db, demoId(company.slug), today);
    }
    played += campaignsPlayed;
    onCompany?.(company, campaignsPlayed);
  }
  await consumeEvents(services.db);
  return { campaigns: played };
};

const playCompanyHistory = async (services: DemoHistoryServices, company: DemoCompany, index: number, today: Date) => {
  const { db } = services;
  const organizationId = demoId(company.slug);
  const scope = { organizationId };
  const already = new Set(
    (await db.select({ name: campaigns.name }).from(campaigns).where(eq(campaigns.organizationId, organizationId))).map((row) => row.name),
  );
  // A database from before the initial testing was part of the history named its first month plainly.
  const played = (month: number) => already.has(campaignName(company, month)) || (month === 0 && already.has(`Monthly simulation 1 of ${monthlyLures.length}`));
  const months = monthlyLures.map((_, month) => month).filter((month) => !played(month));
  if (months.length === 0) return 0;

  const faker = new Faker({ locale: [en] });
  faker.seed(3000 + index);
  const staff = await db
    .select({ id: people.id, email: people.email, role: people.role, departmentName: departments.name })
    .from(people)
    .leftJoin(departments, eq(departments.id, people.departmentId))
    .where(and(eq(people.organizationId, organizationId), eq(people.isActive, true), ne(people.role, 'Superadmin')))
    .orderBy(asc(people.id));
  // The people the README names keep the simple story other guides walk through: no history here.
  const named = new Set(['seat-admin', 'seat-manager', 'seat-direct-manager', 'seat-end-user', 'seat-department-admin'].map((key) => demoId(company.slug, 'person', key)));
  const audience = staff.filter((person) => !named.has(person.id));
  const susceptibility = new Map(audience.map((person) => [person.id, faker.number.float({ min: 0.04, max: 0.42 }) * departmentSusceptibility(person.departmentName ?? '')]));
  const reportingHabit = new Map(audience.map((person) => [person.id, faker.number.float({ min: 0.3, max: 1.7 })]));
  // Some companies' mail gateways probe every link on arrival: the listener must tell them apart.
  const gatewayProbes = index % 3 === 0;

  const profile = await sendingProfilesRepository(db, scope).insert({
    name: 'Simulations (demo history)',
    host: 'smtp.demo-history.invalid',
    port: 587,
    security: 'starttls',
    fromAddress: `it-servicedesk@${company.domain.replace(/\.example$/, '-support.example')}`,
    fromName: 'IT Service Desk',
    ratePerMinute: 10_000,
    passwordSealed: null,
  });

  for (const month of months) {
    const launchAt = monthStart(today, monthlyLures.length - month);
    // The initial testing reaches everyone over two weeks with the baseline's mixed lures; the monthly
    // simulations a quarter of the company each, in turn (a quarter keeps the first start short).
    const baseline = isBaselineMonth(company, month);
    const members = baseline ? audience : audience.filter((_, position) => position % 4 === month % 4);
    const campaign = await atTime(launchAt, async () =>
      createAndLaunchCampaignAs(services, scope, jobActor('demo.history', organizationId), {
        name: campaignName(company, month),
        kind: baseline ? 'initial-testing' : month >= 3 ? 'adaptive' : 'standard',
        templateIds: baseline ? await chooseBaselineLureIds(db, scope) : monthlyLures[month]!.map(builtinTemplateId),
        sendingProfileId: profile.id,
        audience: { kind: 'people', ids: members.map((person) => person.id) },
        spreadMinutes: (baseline ? 14 : 3) * 24 * 60,
        businessHoursOnly: true,
      }),
    );
    await sendCampaign(services, organizationId, launchAt, baseline ? 16 : 7);
    const recipients = await sentRecipients(db, organizationId, campaign.id);
    const byPerson = new Map(staff.map((person) => [person.id, person]));
    // Improvement over the months: the last month's people click at under half the first month's rate.
    const improvement = 1 - 0.12 * month;
    for (const recipient of recipients) {
      const person = byPerson.get(recipient.personId)!;
      faker.seed(seedOf(person.id, month));
      await playRecipient(services, { organizationId, person, recipient, faker, gatewayProbes, clickChance: susceptibility.get(person.id)! * improvement * (0.7 + 0.15 * recipient.difficulty), reportChance: Math.min(0.9, (0.08 + 0.07 * month) * reportingHabit.get(person.id)!) });
    }
    await services.listener.eventWriter.flush();
    await consumeEvents(db);
    await takeRemedialLessons(services, organizationId, byPerson, faker, today);
  }
  await sendingProfilesRepository(db, scope).archive(profile.id);
  return months.length;
};

/** A Tuesday at 08:00 UTC about `monthsAgo` months before today (the last one four weeks ago, its sends long over). */
const monthStart = (today: Date, monthsAgo: number) => {
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 8) - (monthsAgo * 30 - 2) * dayMs);
  while (day.getUTCDay() !== 2) day.setUTCDate(day.getUTCDate() - 1);
  return day;
};

/** The send path as the dispatcher and send jobs run it, each lure at its own scheduled time. */
const sendCampaign = async ({ db, secrets, config }: DemoHistoryServices, organizationId: string, launchAt: Date, days: number) => {
  const context = { db, secrets, config, delivery: demoHistoryDelivery };
  const end = new Date(launchAt.getTime() + days * dayMs);
  for (;;) {
    const batches: string[][] = [];
    await atTime(end, () => dispatchDueRecipients(db, async (_tx, batch) => void batches.push(batch.recipientIds), { organizationId }));
    if (batches.length === 0) break;
    const ids = batches.flat();
    const sendAts = new Map(
      (await db.select({ id: campaignRecipients.id, sendAt: campaignRecipients.sendAt }).from(campaignRecipients).where(inArray(campaignRecipients.id, ids))).map((row) => [row.id, row.sendAt]),
    );
    for (const batch of batches) {
      for (const id of batch) await atTime(sendAts.get(id)!, () => sendQueuedRecipient(context, organizationId, id, batch));
    }
  }
  // The pass after the last send completes the campaign.
  await atTime(end, () => dispatchDueRecipients(db, async () => undefined, { organizationId }));
};

const sentRecipients = async (db: Db, organizationId: string, campaignId: string): Promise<Recipient[]> =>
  (
    await db
      .select({ id: campaignRecipients.id, personId: campaignRecipients.personId, sentAt: campaignRecipients.sentAt, vector: phishingTemplates.vector, difficulty: phishingTemplates.difficulty })
      .from(campaignRecipients)
      .innerJoin(phishingTemplates, eq(phishingTemplates.id, campaignRecipients.templateId))
      .where(and(eq(campaignRecipients.organizationId, organizationId), eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.state, 'sent')))
      .orderBy(asc(campaignRecipients.sentAt))
  ).map((row) => ({ ...row, sentAt: row.sentAt!, difficulty: Number(row.difficulty) || 3 }));

type Person = { id: string; email: string; role: Tenant['role'] };

const tenantOf = (organizationId: string, person: Person): Tenant => ({
  organizationId,
  homeOrganizationId: organizationId,
  personId: person.id,
  authUserId: person.id,
  email: person.email,
  role: person.role,
  viaManagedService: false,
});

/** What one person does with one lure, as requests to the listener at the minutes they happen. */
const playRecipient = async (
  { db, secrets, listener }: DemoHistoryServices,
  { organizationId, person, recipient, faker, gatewayProbes, clickChance, reportChance }: { organizationId: string; person: Person; recipient: Recipient; faker: Faker; gatewayProbes: boolean; clickChance: number; reportChance: number },
) => {
  const token = trackingTokenOf(secrets, recipient.id);
  const remoteAddress = `10.${faker.number.int({ min: 0, max: 255 })}.${faker.number.int({ min: 0, max: 255 })}.${faker.number.int({ min: 1, max: 254 })}`;
  const at = (minutes: number) => new Date(recipient.sentAt.getTime() + minutes * minuteMs);
  // Fastify's own inject() runs the handler outside the caller's async context, which would lose the
  // pinned clock: the listener's request handler is called bound to it instead.
  const handler = listener.server.listeners('request')[0] as DispatchFunc;
  const hit = (minutes: number, method: 'GET' | 'HEAD' | 'POST', url: string, extra: { headers?: Record<string, string>; payload?: string } = {}) =>
    atTime(at(minutes), () => injectRequest(AsyncResource.bind(handler), { method, url, headers: { ...browserHeaders, ...extra.headers }, payload: extra.payload, remoteAddress }));
  const linkPath = recipient.vector === 'qr-code' ? 'q' : recipient.vector.startsWith('attachment') ? 'a' : 'c';

  // A gateway probes the link seconds after delivery, before the person sees the message.
  if (gatewayProbes && linkPath !== 'q') await hit(0.05, 'HEAD', `/${linkPath}/${token}`);
  const readAfter = faker.number.int({ min: 20, max: 600 });
  if (faker.number.float() < 0.6) await hit(readAfter, 'GET', `/o/${token}.gif`);

  const clicked = faker.number.float() < Math.min(0.6, clickChance);
  if (clicked) {
    const click = await hit(readAfter + 1, 'GET', `/${linkPath}/${token}`);
    const page = String(click.headers.location ?? '');
    if (page.startsWith('/l/')) {
      const landing = await hit(readAfter + 1.1, 'GET', page);
      const beacon = /<img class="beacon" src="([^"]+)"/.exec(landing.body)?.[1]?.replaceAll('&amp;', '&');
      if (beacon) await hit(readAfter + 1.2, 'GET', beacon);
      // Almost half of those who reach a sign-in page type into it; the listener keeps only field names.
      if (faker.number.float() < 0.45) {
        await hit(readAfter + 2, 'POST', `/l/${token}`, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `email=${encodeURIComponent(person.email)}&password=${faker.string.alphanumeric(12)}` });
      }
    } else if (linkPath !== 'a') {
      const teachable = await hit(readAfter + 1.1, 'GET', page);
      const beacon = /<img class="beacon" src="([^"]+)"/.exec(teachable.body)?.[1]?.replaceAll('&amp;', '&');
      if (beacon) await hit(readAfter + 1.2, 'GET', beacon);
    }
  }
  // Reporting: more likely for those who did not fall for it; some report after clicking.
  if (faker.number.float() < (clicked ? reportChance * 0.3 : reportChance)) {
    await atTime(at(readAfter + 5), () => reportPhish(db, tenantOf(organizationId, person), { recipientId: recipient.id }));
  }
};

/**
 * The remedial lessons the consumer assigned after this month's failures: most people take theirs
 * within days (some fail the quiz once), a few never do and become overdue.
 */
const takeRemedialLessons = async (services: DemoHistoryServices, organizationId: string, byPerson: Map<string, Person>, faker: Faker, today: Date) => {
  const { db, secrets } = services;
  const open = await db
    .select({ id: trainingAssignments.id, personId: trainingAssignments.personId, moduleId: trainingAssignments.moduleId, assignedAt: trainingAssignments.assignedAt })
    .from(trainingAssignments)
    .where(and(eq(trainingAssignments.organizationId, organizationId), eq(trainingAssignments.reason, 'remedial'), eq(trainingAssignments.status, 'assigned')))
    .orderBy(asc(trainingAssignments.assignedAt), asc(trainingAssignments.id));
  const modules = new Map<string, { durationSeconds: number; answers: number[] }>();
  for (const assignment of open) {
    const person = byPerson.get(assignment.personId);
    faker.seed(seedOf(assignment.personId, assignment.assignedAt.toISOString()));
    if (!person || faker.number.float() < 0.18) continue;
    const doneAt = new Date(assignment.assignedAt.getTime() + faker.number.int({ min: 1, max: 10 }) * dayMs + faker.number.int({ min: 60, max: 480 }) * minuteMs);
    if (doneAt > today) continue;
    if (!modules.has(assignment.moduleId)) {
      const module = (await findUsableModule(db, { organizationId }, assignment.moduleId))!;
      modules.set(assignment.moduleId, { durationSeconds: module.durationSeconds, answers: (module.texts as Record<string, LessonText>).en_us!.quiz.map((question) => question.answer) });
    }
    const { durationSeconds, answers } = modules.get(assignment.moduleId)!;
    const learner = tenantOf(organizationId, person);
    const trainingServices = { db, secrets };
    await atTime(doneAt, async () => {
      await recordMyProgress(trainingServices, learner, assignment.id, durationSeconds);
      const wrong = faker.number.float() < 0.2 ? 2 : 0;
      const first = await submitMyQuiz(trainingServices, learner, assignment.id, { language: 'en_us', answers: answers.map((answer, position) => (position < wrong ? (answer + 1) % 3 : answer)) });
      if (!first.passed) await submitMyQuiz(trainingServices, learner, assignment.id, { language: 'en_us', answers });
    });
  }
};
