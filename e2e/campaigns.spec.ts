import type { CampaignList, PhishingTemplateList, SendingProfiles } from '@vigil/contracts';
import type { ParsedMail } from 'mailparser';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiPaths } from '../apps/web/src/config/paths.ts';
import { startSmtpInbox } from '../packages/auth-provider/src/test/smtp-inbox.ts';
import { type ApiSession, apiSignIn, cleanUp, demoPassword } from './api.ts';
import { expectNoSeriousViolations } from './accessibility.ts';
import { launchBrowser, newBrowserContext, screenshot } from './browser.ts';

// The admin's whole journey: a sending profile to an SMTP server of the spec's own, a campaign for
// two chosen people, its launch, the lures arriving, a person's click (from a real browser that
// loads the page and its beacon) and the results page showing it. Marcus is Northwind's admin; no
// other spec signs in as him.
const baseUrl = inject('baseUrl');
const phishUrl = inject('phishUrl');
const admin = { email: 'marcus.bell@northwind-logistics.example', name: 'Marcus Bell' };
const colleague = { email: 'owen.fletcher@northwind-logistics.example', name: 'Owen Fletcher' };
const tag = Date.now().toString(36);
const profileName = `E2E relay ${tag}`;
const campaignName = `E2E payroll check ${tag}`;
// A scanner's hit within this long of delivery is a machine's (scanner-detection.ts); a person clicks later.
const deliveryWindowMs = 30_000;
// Headless Chromium names itself in its User-Agent, which the listener rightly files as a machine.
const personsUserAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let api: ApiSession;
let browser: Browser;
let page: Page;
let campaignUrl = '';

beforeAll(async () => {
  inbox = await startSmtpInbox();
  api = await apiSignIn(baseUrl, admin.email);
  browser = await launchBrowser();
  page = await (await newBrowserContext(browser, { viewport: { width: 1280, height: 900 }, acceptDownloads: true })).newPage();
  await page.goto(`${baseUrl}/login/`);
  await page.getByLabel('Email address').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/' && !url.pathname.startsWith('/login/'), { timeout: 15_000 });
});

// A launched campaign cannot be deleted (it keeps its results): it is cancelled if still sending,
// and the sending profile is archived, so nothing of this spec sends again.
afterAll(() =>
  cleanUp([
    async () => {
      const { items } = await api.call<CampaignList>('GET', `${apiPaths.campaigns.list}?limit=100`);
      for (const campaign of items.filter((item) => item.name === campaignName)) {
        if (campaign.can.cancel) await api.call('POST', apiPaths.campaigns.action(campaign.id, 'cancel'));
        if (campaign.can.delete) await api.call('DELETE', apiPaths.campaigns.campaign(campaign.id));
      }
    },
    async () => {
      const { items } = await api.call<SendingProfiles>('GET', apiPaths.sendingProfiles.list);
      for (const profile of items.filter((item) => item.name === profileName && item.archivedAt === null)) await api.call('DELETE', apiPaths.sendingProfiles.profile(profile.id));
    },
    () => api.signOut(),
    async () => browser?.close(),
    async () => inbox?.close(),
  ]),
);

const trackedLinkIn = (mail: ParsedMail) => {
  const body = `${mail.text ?? ''}\n${typeof mail.html === 'string' ? mail.html : ''}`;
  const link = new RegExp(`${phishUrl.replace(/[.:/]/g, '\\$&')}/c/[A-Za-z0-9_-]+`).exec(body)?.[0];
  if (!link) throw new Error(`no tracked link in the lure "${mail.subject}":\n${body}`);
  return link;
};

const funnelCount = async (stage: string) => Number((await page.getByTestId(`funnel-${stage}`).locator('td').first().textContent())?.replace(/\D/g, ''));

describe(`campaigns (${admin.email}, admin)`, () => {
  it('shows the campaigns tab, with no serious accessibility problems', async () => {
    await page.goto(`${baseUrl}/configure/testing/`);
    await page.getByTestId('campaigns').waitFor();
    const shown = async () => (await page.getByTestId('campaign-row').count()) + (await page.getByTestId('campaigns-empty').count());
    await expect.poll(shown).toBeGreaterThan(0);
    await expectNoSeriousViolations(page, 'the campaigns tab');
    await screenshot(page, 'campaigns-list-1280');
  });

  it('adds a sending profile pointing at the spec’s SMTP server', async () => {
    await page.getByRole('tab', { name: 'Sending profiles' }).click();
    await page.getByRole('button', { name: 'Add sending profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a sending profile' });
    const smtp = new URL(inbox.url);
    await dialog.getByLabel('Name', { exact: false }).first().fill(profileName);
    await dialog.getByLabel(/^SMTP server/).fill(smtp.hostname);
    await dialog.getByLabel(/^Port/).fill(smtp.port);
    await dialog.getByTestId('sending-profile-security').click();
    await page.getByRole('option', { name: 'No encryption' }).click();
    await dialog.getByLabel(/^From name/).fill('Payroll Team');
    await dialog.getByLabel(/^From address/).fill('payroll@northwind-1ogistics.example');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('sending-profiles-notice').textContent()).toContain(`${profileName} is saved`);
  });

  it('creates a campaign for two chosen people and launches it after a confirmation with the count', async () => {
    // A built-in lure with a link to click, in English (both people read English).
    const query = new URLSearchParams({ source: 'builtin', language: 'en_us', vector: 'credential-harvest' });
    const { items } = await api.call<PhishingTemplateList>('GET', `${apiPaths.phishingTemplates.list}?${query}`);
    const lure = items.find((template) => template.status === 'active');
    expect(lure, 'a built-in credential-harvest lure in English').toBeDefined();

    await page.getByRole('tab', { name: 'Campaigns' }).click();
    await page.getByTestId('campaign-create').click();
    const dialog = page.getByRole('dialog', { name: 'New campaign' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(campaignName);
    await dialog.getByTestId('campaign-templates').fill(lure!.name);
    await page.getByRole('option', { name: new RegExp(lure!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click();
    await dialog.getByTestId('campaign-sending-profile').click();
    await page.getByRole('option', { name: new RegExp(profileName) }).click();
    await dialog.getByLabel('Chosen people').check();
    for (const person of [admin, colleague]) {
      await dialog.getByRole('combobox', { name: /^People/ }).fill(person.email);
      await page.getByRole('option', { name: new RegExp(person.name) }).click();
    }
    await expect.poll(() => dialog.getByTestId('audience-count').textContent()).toContain('2 people will receive a lure');
    await dialog.getByRole('spinbutton', { name: 'Spread over' }).fill('0');
    await expectNoSeriousViolations(page, { name: 'the campaign form', include: '[role="dialog"]' });
    await screenshot(page, 'campaigns-create-dialog-1280');

    await dialog.getByRole('button', { name: 'Save and launch…' }).click();
    const confirm = page.getByRole('dialog', { name: `Launch ${campaignName}?` });
    await expect.poll(() => confirm.getByTestId('launch-summary').textContent()).toMatch(/^2 people will receive a lure at /);
    await confirm.getByRole('button', { name: 'Launch' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/configure/testing/campaigns/'), { timeout: 15_000 });
    campaignUrl = page.url();
    await expect.poll(() => page.getByTestId('campaign-status').first().textContent()).toMatch(/Scheduled|Sending|Completed/);
    await screenshot(page, 'campaign-live-progress-1280');
  });

  it('sends the lures; a scanner’s fetch counts as a machine click, a person’s page load as a click', { timeout: 300_000 }, async () => {
    expect(campaignUrl).not.toBe('');
    // The dispatcher runs 5 s after launch (and every minute): both lures reach the spec's server.
    const [ownLure, lure] = await Promise.all([inbox.nextMailTo(admin.email, 120_000), inbox.nextMailTo(colleague.email, 120_000)]);
    const deliveredAt = Date.now();
    expect(ownLure.subject).toBeTruthy();
    const link = trackedLinkIn(lure);
    // A mail scanner fetches the link at once, as a script: the listener files it as a machine's.
    expect((await fetch(link)).ok).toBe(true);

    // The page reads itself again every 5 s while sending, and shows what was sent.
    await expect.poll(() => page.getByTestId('campaign-progress').textContent(), { timeout: 30_000 }).toBe('2 of 2 sent');

    // The person opens it later in their browser, which loads the page and its beacon.
    await new Promise((done) => setTimeout(done, Math.max(0, deliveredAt + deliveryWindowMs + 2_000 - Date.now())));
    const personsContext = await newBrowserContext(browser, { userAgent: personsUserAgent });
    const personsPage = await personsContext.newPage();
    await personsPage.goto(link, { waitUntil: 'load' });
    expect(new URL(personsPage.url()).origin).toBe(phishUrl);
    await personsContext.close();

    // The counters follow the event log (its consumers run seconds after the click is written): reload until it shows.
    await expect
      .poll(
        async () => {
          await page.goto(campaignUrl);
          await page.getByTestId('funnel-table').waitFor({ timeout: 15_000 });
          return { sent: await funnelCount('sent'), clicked: await funnelCount('clicked'), machineClicks: await funnelCount('machineClicks') };
        },
        { timeout: 180_000, interval: 5_000 },
      )
      .toEqual({ sent: 2, clicked: 1, machineClicks: 1 });
    const row = page.getByTestId('recipient-row').filter({ hasText: colleague.email });
    expect(await row.textContent()).toContain('Clicked');
    await expectNoSeriousViolations(page, 'a campaign’s results');
    await screenshot(page, 'campaign-results-1280');

    // The CSV of the clicked recipients, downloaded with the session.
    await page.getByTestId('recipients-outcome').click();
    await page.getByRole('option', { name: 'Clicked' }).click();
    await page.waitForURL((url) => url.searchParams.get('outcome') === 'clicked');
    await expect.poll(() => page.getByTestId('recipient-row').count()).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('recipients-download').click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(colleague.email);
    expect(csv).not.toContain(admin.email);
  });

  it('lists the campaign with its progress and rates', async () => {
    await page.goto(`${baseUrl}/configure/testing/`);
    const row = page.getByTestId('campaign-row').filter({ hasText: campaignName });
    await expect.poll(() => row.textContent()).toContain('2 of 2 sent');
    // Clicked: one of two sent.
    expect(await row.textContent()).toContain('50%');
    await screenshot(page, 'campaigns-list-with-campaign-1280');
  });
});
