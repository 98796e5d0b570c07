import type { AdaptiveFirings, Campaign, InsightsGroup, InsightsPersonDetail, OrganizationDepartments, OrganizationRisk, OrganizationUser, PhishingTemplateList, SendingProfile } from '@vigil/contracts';
import type { ParsedMail } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiPaths } from '../apps/web/src/config/paths.ts';
import { startSmtpInbox } from '../packages/auth-provider/src/test/smtp-inbox.ts';
import { expectNoSeriousViolations } from './accessibility.ts';
import { type ApiSession, apiSignIn, cleanUp, createPerson, demoPassword, findPeople, retirePeople } from './api.ts';
import { launchBrowser, newBrowserContext, screenshot } from './browser.ts';
import { waitForMail } from './mail.ts';

// The end-to-end case: a person fails two simulations → their score, its breakdown, their
// department's and the organisation's scores move, an adaptive rule an admin wrote in the page fires,
// and their next sign-in asks for a second factor, which the provider enforces. Verdant's admin
// (Mateo Ruiz) and a person of the spec's own; no other spec signs in as either.
const baseUrl = inject('baseUrl');
const phishUrl = inject('phishUrl');
const mailDir = inject('mailDir');
const admin = { email: 'mateo.ruiz@verdant-energy.example' };
const tag = Date.now().toString(36);
const person = { firstName: 'Mira', lastName: `Adaptive${tag}`, email: `mira.adaptive.${tag}@verdant-energy.example` };
const personPassword = `Adaptive-Controls-${tag}-passphrase`;
const ruleName = `Two failures in a month ${tag}`;
// A hit within this long of delivery is a mail scanner's (scanner-detection.ts); a person clicks later.
const deliveryWindowMs = 30_000;
const personsUserAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let api: ApiSession;
let browser: Browser;
let page: Page;
let created: OrganizationUser;
let profile: SendingProfile;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  api = await apiSignIn(baseUrl, admin.email);
  const { departments } = await api.call<OrganizationDepartments>('GET', apiPaths.organizationUsers.departments);
  const finance = departments.find((department) => department.name === 'Finance')!;
  const [manager] = await findPeople(api, 'hannah.schmidt@verdant-energy.example');
  created = await createPerson(baseUrl, mailDir, api, { ...person, role: 'User', departmentId: finance.id, managerId: manager!.id }, personPassword);
  const smtp = new URL(inbox.url);
  profile = await api.call<SendingProfile>('POST', apiPaths.sendingProfiles.list, {
    name: `E2E adaptive relay ${tag}`,
    host: smtp.hostname,
    port: Number(smtp.port),
    security: 'none',
    fromAddress: 'it-servicedesk@verdant-support.example',
    fromName: 'IT Service Desk',
    ratePerMinute: 600,
  });
  browser = await launchBrowser();
  page = await (await newBrowserContext(browser, { viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(`${baseUrl}/login/`);
  await page.getByLabel('Email address').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/' && !url.pathname.startsWith('/login/'), { timeout: 15_000 });
}, 120_000);

afterAll(() =>
  cleanUp([
    async () => {
      const { items } = await api.call<{ items: { id: string; name: string }[] }>('GET', apiPaths.adaptiveControls.rules);
      for (const rule of items.filter((item) => item.name === ruleName)) await api.call('DELETE', apiPaths.adaptiveControls.rule(rule.id));
    },
    async () => {
      if (profile) await api.call('DELETE', apiPaths.sendingProfiles.profile(profile.id));
    },
    async () => retirePeople(api, await findPeople(api, person.email)),
    () => api.signOut(),
    async () => browser?.close(),
    async () => inbox?.close(),
  ]),
);

const trackedLinkIn = (mail: ParsedMail) => {
  const body = `${mail.text ?? ''}\n${typeof mail.html === 'string' ? mail.html : ''}`;
  const link = new RegExp(`${phishUrl.replace(/[.:/]/g, '\\$&')}/c/[A-Za-z0-9_-]+`).exec(body)?.[0];
  if (!link) throw new Error(`no tracked link in the lure "${mail.subject}"`);
  return link;
};

/** A campaign to the person alone, launched; resolves with the lure once it reaches the spec's SMTP server. */
const luresTo = (email: string) => inbox.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((to) => to.address === email));

/** A campaign to the person alone with this template, launched. */
const launchLure = async (templateId: string, n: number) => {
  const campaign = await api.call<Campaign>('POST', apiPaths.campaigns.list, {
    name: `E2E adaptive ${tag} ${n}`,
    templateIds: [templateId],
    sendingProfileId: profile.id,
    audience: { kind: 'people', ids: [created.id] },
  });
  await api.call('POST', apiPaths.campaigns.action(campaign.id, 'launch'));
};

describe('adaptive controls (mateo.ruiz@verdant-energy.example, admin)', () => {
  it('adds a rule in the page: two failed simulations within 30 days assign a lesson and require a second sign-in step', async () => {
    await page.goto(`${baseUrl}/adaptive-controls/`);
    await page.getByTestId('adaptive-rules').waitFor();
    await page.getByRole('button', { name: 'Add a rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a rule' });
    await dialog.getByLabel('Name').fill(ruleName);
    await dialog.getByLabel('Failed simulations').fill('2');
    await dialog.getByLabel('Within (days)').fill('30');
    await dialog.getByRole('checkbox', { name: 'Require a second sign-in step' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('adaptive-rule-row').filter({ hasText: ruleName }).textContent()).toContain('2 failed simulations within 30 days');
    await expectNoSeriousViolations(page, 'the adaptive controls page');
    await screenshot(page, 'adaptive-controls-1280');
  });

  it(
    'fails two simulations: the score and its breakdown, the department and the organization move, the rule fires, and the next sign-in asks for a code',
    async () => {
      const before = {
        department: (await api.call<InsightsGroup>('GET', `${apiPaths.insightsPeople.summary}?departmentId=${created.department!.id}`)).aggregate.score,
        organization: (await api.call<OrganizationRisk>('GET', apiPaths.organizationRisk)).organization.score,
      };
      const templates = await api.call<PhishingTemplateList>('GET', `${apiPaths.phishingTemplates.list}?vector=email-link&source=builtin&limit=10`);
      const personsContext = await newBrowserContext(browser, { userAgent: personsUserAgent });
      const personsPage = await personsContext.newPage();
      // Two campaigns at once, each with its own lure.
      const already = luresTo(person.email).length;
      for (const [n, template] of templates.items.slice(0, 2).entries()) await launchLure(template.id, n);
      await expect.poll(() => luresTo(person.email).length, { timeout: 90_000, interval: 500 }).toBe(already + 2);
      const deliveredAt = Date.now();
      // The person reads the messages later than a gateway would scan them, and clicks each (the page's beacon confirms it).
      await new Promise((done) => setTimeout(done, Math.max(0, deliveredAt + deliveryWindowMs + 2_000 - Date.now())));
      for (const mail of luresTo(person.email).slice(already)) await personsPage.goto(trackedLinkIn(mail), { waitUntil: 'load' });
      await personsContext.close();

      // The event consumers run seconds after the clicks reach the log: the rule fires once the score and the failures are in.
      const firings = async () => (await api.call<AdaptiveFirings>('GET', `${apiPaths.adaptiveControls.firings}?status=active`)).items.filter((item) => item.person.id === created.id);
      await expect.poll(firings, { timeout: 150_000, interval: 2_000 }).toHaveLength(1);
      const [firing] = await firings();
      expect(firing).toMatchObject({ ruleName, applied: { requireMfa: true, failures: 2 } });

      const detail = await api.call<InsightsPersonDetail>('GET', apiPaths.insightsPeople.person(created.id));
      expect(detail.person.score).toBeGreaterThan(0);
      expect(detail.breakdown!.factors.map((line) => line.factor)).toEqual(expect.arrayContaining(['simulation_click', 'repeat_failure']));
      expect((await api.call<InsightsGroup>('GET', `${apiPaths.insightsPeople.summary}?departmentId=${created.department!.id}`)).aggregate.score).toBeGreaterThan(before.department);
      expect((await api.call<OrganizationRisk>('GET', apiPaths.organizationRisk)).organization.score).toBeGreaterThan(before.organization);

      // The admin sees whom the rule holds, on the page.
      await page.goto(`${baseUrl}/adaptive-controls/`);
      await expect.poll(() => page.getByTestId('adaptive-firing-row').filter({ hasText: person.email }).count()).toBe(1);

      // The person's next sign-in: the password alone is not enough any more.
      const context = await newBrowserContext(browser, { viewport: { width: 600, height: 900 } });
      const personPage = await context.newPage();
      await personPage.goto(`${baseUrl}/login/`);
      await personPage.getByLabel('Email address').fill(person.email);
      await personPage.getByLabel('Password', { exact: true }).fill(personPassword);
      const asked = Date.now();
      await personPage.getByRole('button', { name: 'Sign in' }).click();
      await personPage.waitForURL((url) => url.pathname === '/login/confirm/', { timeout: 20_000 });
      await personPage.getByText(/We sent a code to/).waitFor();
      await screenshot(personPage, 'second-factor-600');
      const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];
      const code = codeIn((await waitForMail(mailDir, person.email, { since: asked, match: (mail) => codeIn(mail.text) !== undefined })).text)!;
      await personPage.getByTestId('second-factor-code').fill(code);
      await personPage.getByRole('button', { name: 'Confirm' }).click();
      await personPage.waitForURL((url) => url.pathname === '/dashboard/insights/', { timeout: 20_000 });
      // In: the person's own insights (a page that shows no title, spec §1).
      await personPage.getByTestId('my-risk').waitFor();
      await context.close();
    },
    300_000,
  );
});
