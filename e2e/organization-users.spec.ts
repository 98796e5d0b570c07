import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { asPerson, cleanUp, demoPassword, findPeople, retirePeople } from './api.ts';
import { launchBrowser, newBrowserContext, screenshot } from './browser.ts';
import { waitForMail } from './mail.ts';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
// This spec adds people, an admin and a department: in an organisation no other spec signs in to.
const organizationName = 'Quillon Software';
const adminEmail = 'aisha.bello@quillon.example';
const colleagueEmail = 'connor.walsh@quillon.example';
// Every person added here carries the tag in their name and email, so afterAll finds them all.
const tag = Date.now().toString(36);
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newBrowserContext(browser, { viewport: { width: 1280, height: 900 }, acceptDownloads: true })).newPage();
  await page.goto(`${baseUrl}/login/`);
  await page.getByLabel('Email address').fill(adminEmail);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/' && !url.pathname.startsWith('/login/'), { timeout: 15_000 });
});
// Whatever happened: the admin loses their rights and everyone added is deactivated (the API
// deletes nobody). The imported department stays, with no active people; nothing lists it then.
afterAll(() =>
  cleanUp([
    () => asPerson(baseUrl, adminEmail, async (admin) => retirePeople(admin, await findPeople(admin, tag))),
    async () => browser?.close(),
  ]),
);

const rows = () => page.getByTestId('user-row');
const search = async (text: string) => {
  await page.getByTestId('users-search').fill(text);
  await page.waitForURL((url) => (url.searchParams.get('search') ?? '') === text);
};

describe(`organisation settings: users and admins (${adminEmail}, superadmin)`, () => {
  it('lists the users, searches and pages on the server', async () => {
    await page.goto(`${baseUrl}/settings/organization/users/`);
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(25);
    await expect.poll(() => page.getByTestId('page-title').textContent(), { timeout: 15_000 }).toBeTruthy();
    await screenshot(page, 'organization-users-1280');

    const range = page.locator('.MuiTablePagination-displayedRows');
    expect(await range.textContent()).toMatch(/^1–25 of \d+$/);
    const firstOnPage1 = await rows().first().textContent();
    await page.getByRole('button', { name: 'Go to the next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(() => rows().first().textContent(), { timeout: 15_000 }).not.toBe(firstOnPage1);
    expect(await range.textContent()).toMatch(/^26–50 of \d+$/);
    expect(await rows().count()).toBe(25);

    await search(colleagueEmail);
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(1);
    expect(await rows().first().textContent()).toContain('Connor Walsh');
    await search('');
  });

  it('adds a user: a bad email is refused on the field, an email in use too, then a good one', async () => {
    await page.getByTestId('users-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add a user' });
    await dialog.getByLabel('First name').fill('Nora');
    await dialog.getByLabel('Last name').fill(`Added${tag}`);
    await dialog.getByLabel('Email address').fill('nora.added@');
    await dialog.getByTestId('user-form-submit').click();
    await expect.poll(() => dialog.getByText('Enter a valid email address').count(), { timeout: 15_000 }).toBe(1);
    expect(await dialog.getByLabel('Email address').getAttribute('aria-invalid')).toBe('true');

    // The server's own check, shown on the same field.
    await dialog.getByLabel('Email address').fill(colleagueEmail);
    await dialog.getByTestId('user-form-submit').click();
    await expect.poll(() => dialog.getByText('already has this email address').count(), { timeout: 15_000 }).toBe(1);
    await screenshot(page, 'organization-users-add-error-1280');

    await dialog.getByLabel('Email address').fill(`nora.added.${tag}@quillon.example`);
    await dialog.getByTestId('user-form-submit').click();
    await expect.poll(() => page.getByTestId('users-notice').textContent(), { timeout: 15_000 }).toContain(`Nora Added${tag} was added`);
    await search(`Added${tag}`);
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(1);
    await search('');
  });

  it('imports a CSV: the preview shows the bad row, nothing is imported until the admin confirms', async () => {
    const csv = [
      'first_name,last_name,email,role,department,manager_email,start_date',
      `Ivan,Import${tag},ivan.${tag}@quillon.example,User,Warehouse ${tag},${adminEmail},2025-02-03`,
      `Ines,Import${tag},ines.${tag}@quillon.example,Manager,,,`,
      `Bad,Import${tag},not-an-email,User,,,`,
    ].join('\n');
    const file = { name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };

    await page.getByTestId('users-import').click();
    const dialog = page.getByTestId('users-import-dialog');
    await dialog.getByTestId('import-file-input').setInputFiles(file);
    await expect.poll(() => dialog.getByTestId('import-preview-row').count(), { timeout: 15_000 }).toBe(1);
    expect(await dialog.getByTestId('import-row-errors').textContent()).toContain('Not a valid email address.');
    expect(await dialog.getByTestId('import-summary').textContent()).toContain('2 to add');
    expect(await dialog.getByTestId('import-confirm').isDisabled()).toBe(true);
    await dialog.getByText('Show only rows with errors').click();
    await expect.poll(() => dialog.getByTestId('import-preview-row').count(), { timeout: 15_000 }).toBe(3);
    await screenshot(page, 'organization-users-import-preview-1280');

    // Cancelled after the preview: nobody was imported.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await search(`Import${tag}`);
    await expect.poll(() => page.getByTestId('users-empty').count(), { timeout: 15_000 }).toBe(1);

    await page.getByTestId('users-import').click();
    await dialog.getByTestId('import-file-input').setInputFiles(file);
    await dialog.getByTestId('import-skip-invalid').check();
    await dialog.getByTestId('import-confirm').click();
    await expect.poll(() => dialog.getByTestId('import-done').textContent(), { timeout: 20_000 }).toContain('2 added');
    expect(await dialog.getByTestId('import-done').textContent()).toContain('1 left out');
    await dialog.getByTestId('import-close').click();
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(2);
    expect(await page.getByTestId('users-table').textContent()).toContain(`Warehouse ${tag}`);
  });

  it('exports the users as CSV', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('users-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path())!, 'utf8');
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('first_name,last_name,email,role,department,manager_email,start_date,status,job_title,phone,time_zone,language');
    // The search still applies: the two imported people.
    expect(lines).toHaveLength(3);
    expect(text).toContain(`ivan.${tag}@quillon.example`);
    await search('');
  });

  it('invites an admin, who gets an email saying how to sign in', async () => {
    await page.goto(`${baseUrl}/settings/organization/admins/`);
    await expect.poll(() => page.getByTestId('admin-row').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await screenshot(page, 'organization-admins-1280');

    const email = `olga.${tag}@quillon.example`;
    await page.getByTestId('admins-invite').click();
    const dialog = page.getByRole('dialog', { name: 'Invite an admin' });
    await dialog.getByTestId('admin-invite-email').fill(email);
    await dialog.getByLabel('First name').fill('Olga');
    await dialog.getByLabel('Last name').fill(`Admin${tag}`);
    const sent = Date.now();
    await dialog.getByTestId('admin-invite-submit').click();
    await expect.poll(() => page.getByTestId('admins-notice').textContent(), { timeout: 15_000 }).toContain(`We emailed ${email}`);
    await expect.poll(() => page.getByTestId('admins-table').textContent()).toContain(`Olga Admin${tag}`);
    const mail = await waitForMail(mailDir, email, { since: sent });
    expect(mail.subject).toBe(`You are now an Admin of ${organizationName} in Vigil`);
    expect(mail.text).toContain(`${baseUrl}/login/`);
  });
});
