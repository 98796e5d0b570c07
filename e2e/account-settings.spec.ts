import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { asPerson, cleanUp, createPerson, findPeople, retirePeople } from './api.ts';
import { launchBrowser, newBrowserContext, screenshot } from './browser.ts';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
// This spec changes a person's name, password and sessions: a person of its own, whom no other spec
// signs in as, so nothing it changes (or leaves behind when it fails) reaches another spec.
const tag = Date.now().toString(36);
const email = `rosa.quinn.${tag}@bluefin-health.example`;
const firstPassword = 'copper harbour window 17';
const newPassword = 'lantern orchard fjord 42';
const admin = 'daniel.osei@bluefin-health.example';
let browser: Browser;
let laptop: Page;

const signIn = async (password: string, userAgent?: string): Promise<Page> => {
  const page = await (await newBrowserContext(browser, { viewport: { width: 1280, height: 900 }, ...(userAgent ? { userAgent } : {}) })).newPage();
  await page.goto(`${baseUrl}/login/`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/dashboard/insights/`, { timeout: 15_000 });
  return page;
};

const sessionRows = (page: Page) => page.getByTestId('session-row');

// A full-page picture taken while scrolled shows the sticky top bar halfway down.
const screenshotFromTop = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
};

const changePassword = async (page: Page, current: string, next: string) => {
  await page.getByTestId('current-password').fill(current);
  await page.getByTestId('new-password').fill(next);
  await page.getByTestId('confirm-password').fill(next);
  await page.getByTestId('password-save').click();
};

beforeAll(async () => {
  await asPerson(baseUrl, admin, (session) =>
    createPerson(baseUrl, mailDir, session, { firstName: 'Rosa', lastName: 'Quinn', email, role: 'User' }, firstPassword),
  );
  browser = await launchBrowser();
  laptop = await signIn(firstPassword);
  await laptop.getByTestId('user-menu-button').click();
  await laptop.getByTestId('user-menu-account-settings').click();
  await laptop.waitForURL(`${baseUrl}/account-settings/`);
});
// Deactivated, the person's sessions end and they leave the lists of active people.
afterAll(() =>
  cleanUp([
    () => asPerson(baseUrl, admin, async (session) => retirePeople(session, await findPeople(session, email))),
    async () => browser?.close(),
  ]),
);

describe('account settings, as an end user', () => {
  it('shows their profile, password, sessions and login history', async () => {
    // The session that set the password up was signed out: this browser's is the only one.
    await expect.poll(() => sessionRows(laptop).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => laptop.getByTestId('profile-first-name').inputValue(), { timeout: 15_000 }).toBe('Rosa');
    expect(await laptop.getByLabel('Email address').inputValue()).toBe(email);
    await expect.poll(() => laptop.getByTestId('login-history-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await laptop.getByTestId('login-history-row').first().textContent()).toContain('Succeeded');
    await screenshotFromTop(laptop, 'account-settings-1280');
  });

  it('edits their name; the user menu shows the new one', async () => {
    await laptop.getByTestId('profile-first-name').fill('');
    await laptop.getByTestId('profile-save').click();
    await expect.poll(() => laptop.getByText('Enter your first name.').count()).toBe(1);
    await laptop.getByTestId('profile-first-name').fill('Rosalind');
    await laptop.getByTestId('profile-save').click();
    await expect.poll(() => laptop.getByText('Your name is saved.').count(), { timeout: 15_000 }).toBe(1);
    await laptop.getByTestId('user-menu-button').click();
    await expect.poll(() => laptop.getByTestId('user-menu-name').textContent(), { timeout: 15_000 }).toBe('Rosalind Quinn');
    await laptop.keyboard.press('Escape');
  });

  it('sees two sessions after signing in from a second browser, and signs the other one out', async () => {
    const phone = await signIn(
      firstPassword,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    );
    await laptop.reload();
    await expect.poll(() => sessionRows(laptop).count(), { timeout: 15_000 }).toBe(2);
    const current = sessionRows(laptop).and(laptop.locator('[data-current="true"]'));
    expect(await current.textContent()).toContain('This session');
    const other = sessionRows(laptop).and(laptop.locator('[data-current="false"]'));
    expect(await other.textContent()).toContain('Safari on iOS');
    await screenshotFromTop(laptop, 'account-settings-two-sessions-1280');

    await other.getByTestId('session-revoke').click();
    await expect.poll(() => laptop.getByTestId('sessions-notice').textContent(), { timeout: 15_000 }).toContain('The session is signed out.');
    await expect.poll(() => sessionRows(laptop).count()).toBe(1);
    expect(await laptop.getByTestId('sessions-only-this').textContent()).toContain('only active session');
    await screenshotFromTop(laptop, 'account-settings-session-revoked-1280');

    // The signed-out browser cannot renew its session: opening the app again asks it to sign in.
    await phone.reload();
    await phone.waitForURL(`${baseUrl}/login/`, { timeout: 15_000 });
    await phone.context().close();
  });

  it('changes their password: a wrong current password is refused on its field, the right one works', async () => {
    await changePassword(laptop, 'not my password at all', newPassword);
    await expect.poll(() => laptop.getByText('This is not your current password.').count(), { timeout: 15_000 }).toBe(1);
    expect(await laptop.getByTestId('current-password').getAttribute('aria-invalid')).toBe('true');
    // The refused attempt is in their login history.
    await expect.poll(() => laptop.getByTestId('login-history-row').first().textContent(), { timeout: 15_000 }).toContain('wrong password');
    await screenshotFromTop(laptop, 'account-settings-password-wrong-1280');

    await changePassword(laptop, firstPassword, newPassword);
    await expect.poll(() => laptop.getByTestId('password-changed').count(), { timeout: 15_000 }).toBe(1);
    await screenshotFromTop(laptop, 'account-settings-password-changed-1280');
    // This browser stays signed in, with the session the provider handed it.
    await laptop.reload();
    await expect.poll(() => sessionRows(laptop).count(), { timeout: 15_000 }).toBe(1);

    // The new password signs in.
    const again = await signIn(newPassword);
    await again.context().close();
  });
});
