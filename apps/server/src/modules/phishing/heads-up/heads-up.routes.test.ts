import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type Person, campaignRecipients, campaigns, people } from '@vigil/db';
import { builtinModule, syncLessons } from '../../../test/training-factories.ts';
import { assignTrainingModule } from '../../training/assignments/training-assignments.service.ts';
import { builtinModuleId } from '../../training/library/builtin-lessons.ts';
import { buildDepartment, buildOrganization, buildPerson } from '../../../test/factories.ts';
import { buildPhishingTemplate, buildSendingProfile } from '../../../test/phishing-factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { trackingTokenHash, trackingTokenOf } from '../tracking/tracking-links.ts';

const t = useTestApp({ PHISH_PUBLIC_URL: 'http://phish.test' });

const march12 = new Date('2026-03-12T09:30:00Z');

/** An organisation with a person, a sending profile on a lookalike domain, a lure and a campaign. */
const buildCompany = async () => {
  const organization = await buildOrganization(t.db, { name: 'Northwind Trial' });
  const sales = await buildDepartment(t.db, organization.id, 'Sales');
  const manager = await buildPerson(t.db, organization.id, { firstName: 'Mara', lastName: 'Quint' });
  const person = await buildPerson(t.db, organization.id, { firstName: 'Robin', lastName: 'Hale', departmentId: sales.id, managerId: manager.id });
  const profile = await buildSendingProfile(t.db, t.app.secrets, organization.id, { host: 'smtp.example', port: 25 }, { fromAddress: 'helpdesk@northwind-support.example' });
  const template = await buildPhishingTemplate(t.db, organization.id);
  const [campaign] = await t.db
    .insert(campaigns)
    .values({ organizationId: organization.id, name: 'Spring test', sendingProfileId: profile.id, templateIds: [template.id], audience: { kind: 'organization' }, status: 'sending' })
    .returning();
  return { organization, person, manager, template, campaign: campaign! };
};
type Company = Awaited<ReturnType<typeof buildCompany>>;

const sendLure = async (company: Company, person: Person, values: Partial<typeof campaignRecipients.$inferInsert> = {}) => {
  const id = randomUUID();
  const [campaign] = await t.db
    .insert(campaigns)
    .values({ organizationId: company.organization.id, name: `Test ${id.slice(0, 4)}`, sendingProfileId: company.campaign.sendingProfileId, templateIds: [company.template.id], audience: { kind: 'organization' }, status: 'sending' })
    .returning();
  const [row] = await t.db
    .insert(campaignRecipients)
    .values({
      id,
      organizationId: company.organization.id,
      campaignId: campaign!.id,
      personId: person.id,
      templateId: company.template.id,
      language: 'en_us',
      sendAt: march12,
      state: 'sent',
      sentAt: march12,
      tokenHash: trackingTokenHash(trackingTokenOf(t.app.secrets, id)),
      ...values,
    })
    .returning();
  return row!;
};

const headsUp = async (person: Person, query = '') => t.app.inject({ method: 'GET', url: `/api/heads-up/${query}`, headers: await t.authAs(person) });

describe('GET /api/heads-up/', () => {
  it('links the lesson the failure called for, titled in the person’s language, once the remedial assignment exists', async () => {
    await syncLessons(t.db);
    const company = await buildCompany();
    await t.db.update(people).set({ preferredLanguage: 'fr_fr' }).where(eq(people.id, company.person.id));
    const lure = await sendLure(company, company.person, { clickedAt: new Date('2026-03-12T10:01:00Z') });
    expect((await headsUp(company.person, `?recipient=${lure.id}`)).json().simulation.nextLesson).toBeNull();
    const [assignment] = await assignTrainingModule(t.db as never, { organizationId: company.organization.id }, {
      moduleId: builtinModuleId('passwords'),
      personIds: [company.person.id],
      reason: 'remedial',
      dueAt: new Date(Date.now() + 7 * 86_400_000),
      sourceCampaignId: lure.campaignId,
    });
    const { nextLesson } = (await headsUp(company.person, `?recipient=${lure.id}`)).json().simulation;
    const french = (await builtinModule(t.db, 'passwords')).texts as Record<string, { title: string }>;
    expect(nextLesson).toEqual({ title: french.fr_fr!.title, href: `/dashboard/trainings/learning/?assignment=${assignment!.id}` });
  });

  it('shows the person their own message as they received it, links inert, with what they did and its red flags', async () => {
    const company = await buildCompany();
    const lure = await sendLure(company, company.person, { openedAt: new Date('2026-03-12T10:00:00Z'), clickedAt: new Date('2026-03-12T10:01:00Z'), submittedAt: new Date('2026-03-12T10:02:00Z') });
    const response = await headsUp(company.person, `?recipient=${lure.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const { simulation } = response.json();
    expect(simulation).toMatchObject({
      recipientId: lure.id,
      vector: 'email-link',
      sentAt: march12.toISOString(),
      outcome: 'submitted',
      outcomeAt: '2026-03-12T10:02:00.000Z',
      clickedAt: '2026-03-12T10:01:00.000Z',
      reportedAt: null,
      redFlagsLanguage: 'en_us',
      nextLesson: null,
      mail: {
        language: 'en_us',
        fromName: 'IT Service Desk',
        // The lure's own address on the sending profile's domain, as their mail client showed it.
        fromAddress: 'it-servicedesk@northwind-support.example',
        subject: 'Your password expires today, Robin',
      },
    });
    expect(simulation.redFlags.map((flag: { title: string }) => flag.title)).toEqual(['A deadline of today', 'The sender is not quite your company']);
    expect(simulation.mail.html).toContain('Your Northwind Trial password expires today.');
    expect(simulation.mail.html).toContain('href="#"');
    // Nothing of the message leads to the listener: no link, no open pixel.
    expect(JSON.stringify(simulation.mail)).not.toContain('phish.test');
    expect(simulation.mail.html).not.toContain('<img');
    expect(simulation.mail.text).toBe('Hello Robin, your Northwind Trial password expires today. Keep it: #');
  });

  it('shows the red flags in the person’s language, and in English when the lure has none in theirs', async () => {
    const company = await buildCompany();
    const french = await sendLure(company, company.person, { language: 'fr_fr' });
    const response = await headsUp(company.person, `?recipient=${french.id}`);
    expect(response.json().simulation).toMatchObject({ redFlagsLanguage: 'fr_fr', outcome: 'none', mail: { language: 'fr_fr', subject: 'Votre mot de passe expire aujourd’hui, Robin' } });

    const german = await sendLure(company, company.person, { language: 'de_de', reportedAt: new Date('2026-03-12T11:00:00Z') });
    expect((await headsUp(company.person, `?recipient=${german.id}`)).json().simulation).toMatchObject({ redFlagsLanguage: 'en_us', outcome: 'reported', mail: { language: 'en_us' } });
  });

  it('without a recipient, shows the most recent message sent to the person, or nothing when none was', async () => {
    const company = await buildCompany();
    expect((await headsUp(company.person)).json()).toEqual({ simulation: null });
    await sendLure(company, company.person, { sentAt: new Date('2026-03-01T09:00:00Z') });
    const latest = await sendLure(company, company.person, { openedAt: new Date('2026-03-12T12:00:00Z') });
    // Still to be sent: never shown, it would spoil the test.
    await sendLure(company, company.person, { state: 'scheduled', sentAt: null, sendAt: new Date(Date.now() + 86_400_000) });
    expect((await headsUp(company.person)).json().simulation).toMatchObject({ recipientId: latest.id, outcome: 'opened' });
  });

  it('answers 404 for a colleague’s message, another organisation’s, and one not sent yet', async () => {
    const company = await buildCompany();
    const other = await buildCompany();
    const colleagues = await sendLure(company, company.manager);
    const elsewhere = await sendLure(other, other.person);
    const upcoming = await sendLure(company, company.person, { state: 'scheduled', sentAt: null });
    for (const id of [colleagues.id, elsewhere.id, upcoming.id, randomUUID()]) {
      const response = await headsUp(company.person, `?recipient=${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('password');
    }
  });

  it('answers 400 naming the field for a recipient that is not an id, and 401 without a session', async () => {
    const company = await buildCompany();
    const response = await headsUp(company.person, '?recipient=abc');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0].field).toBe('querystring.recipient');
    expect((await t.app.inject({ method: 'GET', url: '/api/heads-up/' })).statusCode).toBe(401);
  });
});
