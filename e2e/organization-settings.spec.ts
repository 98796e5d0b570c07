import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { OrganizationSettings } from '@vigil/contracts';
import { apiPaths, companyLogoUrl } from '../apps/web/src/config/paths.ts';
import { asPerson, cleanUp, demoPassword } from './api.ts';
import { launchBrowser, newBrowserContext, screenshot } from './browser.ts';

const baseUrl = inject('baseUrl');
// This spec renames an organisation and replaces its logo: one no other spec signs in to, and put
// back in afterAll whatever happened, so a failure here cannot reach another spec.
const organizationName = 'Verdant Energy';
const adminEmail = 'claire.donnelly@verdant-energy.example';
// A colleague whose failed sign-in the login log must show; nobody else signs in as him or her.
const colleagueEmail = 'hannah.schmidt@verdant-energy.example';
let original: { name: string; logo: { bytes: Buffer; type: string } | null } | undefined;
let browser: Browser;
let page: Page;

const logoSvg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="32" viewBox="0 0 96 32"><rect width="96" height="32" rx="6" fill="#c2410c"/><text x="48" y="22" font-family="sans-serif" font-size="16" fill="#fff" text-anchor="middle">VE</text></svg>',
);

const topBarName = () => page.getByTestId('organization-name').textContent();
const topBarLogo = () => page.getByTestId('organization-logo').getAttribute('src');
const logoNotice = () => page.getByTestId('organization-logo-notice').textContent();

const readOriginal = () =>
  asPerson(baseUrl, adminEmail, async (admin) => {
    const settings = await admin.call<OrganizationSettings>('GET', apiPaths.organization);
    if (!settings.pictureFileName) return { name: settings.name, logo: null };
    const logo = await fetch(`${baseUrl}${companyLogoUrl(settings.pictureFileName)}`);
    if (!logo.ok) throw new Error(`The logo ${settings.pictureFileName} answered ${logo.status}`);
    return { name: settings.name, logo: { bytes: Buffer.from(await logo.arrayBuffer()), type: logo.headers.get('content-type') ?? 'image/png' } };
  });

const putOriginalBack = async () => {
  const { name, logo } = original ?? {};
  if (!name) return;
  await asPerson(baseUrl, adminEmail, async (admin) => {
    await admin.call('PATCH', apiPaths.organization, { name });
    if (logo) await admin.call('POST', apiPaths.organizationLogo, logo);
    else await admin.call('DELETE', apiPaths.organizationLogo);
  });
};

beforeAll(async () => {
  original = await readOriginal();
  expect(original.name).toBe(organizationName);
  browser = await launchBrowser();
  page = await (await newBrowserContext(browser, { viewport: { width: 1280, height: 900 }, acceptDownloads: true })).newPage();
  await page.goto(`${baseUrl}/login/`);
  await page.getByLabel('Email address').fill(adminEmail);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/insights/organization/`, { timeout: 15_000 });
});
afterAll(() => cleanUp([putOriginalBack, async () => browser?.close()]));

describe(`organisation settings, as the superadmin of ${organizationName}`, () => {
  it('opens on General, with a tab per page', async () => {
    await page.goto(`${baseUrl}/settings/organization/`);
    await page.waitForURL(`${baseUrl}/settings/organization/general/`);
    await expect.poll(() => page.getByTestId('organization-name-input').inputValue(), { timeout: 15_000 }).toBe(organizationName);
    expect(await page.getByTestId('organization-settings-tab-general').getAttribute('aria-current')).toBe('page');
    await screenshot(page, 'organization-settings-general-1280');
  });

  it('renames the organisation and the top bar shows the new name', async () => {
    await page.getByTestId('organization-name-input').fill('   ');
    await page.getByTestId('organization-name-save').click();
    await expect.poll(() => page.getByText("Enter the organization's name.").count()).toBe(1);

    await page.getByTestId('organization-name-input').fill(`${organizationName} Group`);
    await page.getByTestId('organization-name-save').click();
    await expect.poll(topBarName, { timeout: 15_000 }).toBe(`${organizationName} Group`);
    await expect.poll(() => page.getByText('The organization name is saved.').count()).toBe(1);
  });

  it('uploads a logo, sees the preview, then sees it in the top bar', async () => {
    await page.getByTestId('organization-logo-input').setInputFiles({ name: 'verdant.svg', mimeType: 'image/svg+xml', buffer: logoSvg });
    await expect.poll(() => page.getByTestId('organization-logo-preview').count()).toBe(1);
    await screenshot(page, 'organization-settings-logo-preview-1280');
    await page.getByTestId('organization-logo-save').click();
    await expect.poll(logoNotice, { timeout: 15_000 }).toContain('The new logo is saved.');
    await expect.poll(topBarLogo, { timeout: 15_000 }).toMatch(/^\/cdn\/company-logos\/verdant-energy-group-[0-9a-f]{8}-[0-9a-f]{12}\.svg$/);
    const served = await fetch(`${baseUrl}${await topBarLogo()}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(logoSvg)).toBe(true);
    // The image has really loaded in the top bar.
    await expect.poll(() => page.getByTestId('organization-logo').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, 'organization-settings-logo-saved-1280');
  });

  it('refuses a text file in the browser, and at the server an SVG that is only a script', async () => {
    await page.getByTestId('organization-logo-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect.poll(logoNotice).toContain('notes.txt is not a PNG, JPEG, WebP or SVG image');
    await screenshot(page, 'organization-settings-logo-error-1280');

    // The browser reads the bytes as the server does, so a text file named .png never gets this far;
    // what only the server can judge is an SVG with nothing left to draw once its script is removed.
    const scriptOnly = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    await page.getByTestId('organization-logo-input').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(scriptOnly) });
    await page.getByTestId('organization-logo-save').click();
    await expect.poll(logoNotice, { timeout: 15_000 }).toContain('has nothing left to draw');
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('shows the Users and Admins tabs', async () => {
    await page.getByTestId('organization-settings-tab-users').click();
    await page.waitForURL(`${baseUrl}/settings/organization/users/`);
    await screenshot(page, 'organization-settings-users-1280');
    await page.getByTestId('organization-settings-tab-admins').click();
    await page.waitForURL(`${baseUrl}/settings/organization/admins/`);
    await screenshot(page, 'organization-settings-admins-1280');
  });

  it('filters the login log and downloads it as CSV', async () => {
    // A failed sign-in of a colleague, so the log has a failure to find.
    const { authProjectId } = (await (await fetch(`${baseUrl}/api/client-config/`)).json()) as { authProjectId: string };
    const refused = await fetch(`${baseUrl}/v1/auth/password/signin`, {
      method: 'POST',
      headers: { authorization: `Bearer ${authProjectId}`, 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: colleagueEmail, password: 'not the right password' }),
    });
    expect(refused.status).toBe(401);

    await page.getByTestId('organization-settings-tab-loginLogs').click();
    await page.waitForURL(`${baseUrl}/settings/organization/login-logs/`);
    await expect.poll(() => page.getByTestId('login-log-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, 'organization-settings-login-logs-1280');

    await page.getByTestId('login-log-search').fill('hannah.schmidt');
    await page.getByTestId('login-log-outcome').click();
    await page.getByRole('option', { name: 'Failed' }).click();
    await page.getByTestId('login-log-apply').click();
    // Until the filtered page arrives the unfiltered one shows, whose newest row is that same failure.
    const unexpectedRows = async () => {
      const rows = await page.getByTestId('login-log-row').allTextContents();
      return rows.length === 0 ? ['(no rows yet)'] : rows.filter((row) => !row.includes(colleagueEmail) || !row.includes('Failed'));
    };
    await expect.poll(unexpectedRows, { timeout: 15_000 }).toEqual([]);
    await screenshot(page, 'organization-settings-login-logs-filtered-1280');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('login-log-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^login-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').trim().split('\n');
    expect(csv[0]).toBe('time,email,name,event,method,outcome,reason,ip,user_agent,new_device');
    expect(csv.length).toBeGreaterThan(1);
    expect(csv.slice(1).every((line) => line.includes(colleagueEmail) && line.includes('failure'))).toBe(true);

    // A date range with nothing in it: the empty state says what to do.
    await page.getByTestId('login-log-from').fill('2001-01-01');
    await page.getByTestId('login-log-to').fill('2001-01-02');
    await page.getByTestId('login-log-apply').click();
    await expect.poll(() => page.getByTestId('login-log-empty').textContent(), { timeout: 15_000 }).toContain('clear the filters');
    await page.getByTestId('login-log-from').fill('2001-01-03');
    await page.getByTestId('login-log-apply').click();
    await expect.poll(() => page.getByText('The end date must be on or after the start date.').count()).toBe(1);
    await screenshot(page, 'organization-settings-login-logs-empty-1280');
  });
});
