import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newBrowserContext, screenshot } from './browser.ts';

const baseUrl = inject('baseUrl');
const demoPassword = 'vigil-demo-password';
const owen = 'owen.fletcher@northwind-logistics.example';
const operator = 'demo@vigil.example';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const signIn = async (email: string, width = 1280, prepare?: (context: BrowserContext) => Promise<void>): Promise<Page> => {
  const context = await newBrowserContext(browser, { viewport: { width, height: 900 } });
  await prepare?.(context);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login/`);
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(demoPassword);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname !== '/' && !url.pathname.startsWith('/login/'), { timeout: 15_000 });
  await page.getByTestId('organization-name').waitFor({ timeout: 15_000 });
  return page;
};

const languageCookie = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'language');

const organizationName = (page: Page) => page.getByTestId('organization-name').textContent();

describe('languages', () => {
  it('an end user picks Deutsch: the page reloads in German, the cookie keeps it, and a reload stays German', async () => {
    const page = await signIn(owen);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    await page.getByRole('button', { name: 'Language: English' }).click();
    const menu = page.getByRole('menu', { name: 'Languages' });
    await menu.waitFor();
    await expect.poll(() => menu.getByRole('menuitemradio').count()).toBe(14);
    // §9: 300px wide, at most 360px high.
    // Layout sizes, which the opening animation's scale does not change.
    const paper = page.getByTestId('language-picker-popup').locator('..');
    const [width, height] = await paper.evaluate((element: HTMLElement) => [element.offsetWidth, element.offsetHeight]);
    expect(width).toBe(300);
    expect(height).toBeLessThanOrEqual(360);
    await screenshot(page, 'language-picker-open-1280');

    // Search narrows the list by label, whatever the case.
    await page.getByRole('searchbox', { name: 'Search languages' }).fill('DEUT');
    await expect.poll(() => menu.getByRole('menuitemradio').allTextContents()).toEqual(['Deutsch']);

    await Promise.all([page.waitForEvent('load'), menu.getByRole('menuitemradio', { name: 'Deutsch' }).click()]);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 15_000 }).toBe('de');
    await page.getByRole('button', { name: 'Sprache: Deutsch' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('navigation', { name: 'Hauptnavigation' }).isVisible()).toBe(true);

    const cookie = await languageCookie(page);
    expect(cookie).toMatchObject({ value: 'de_de', path: '/', sameSite: 'Lax' });
    // §9 asks for 999 days; Chromium caps every cookie at 400 (RFC 6265bis), so that is what it keeps
    // (the app stores the choice again on each visit; the unit tests check the 999 days it asks for).
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(399);
    expect(days).toBeLessThanOrEqual(999);
    await screenshot(page, 'shell-german-1280');

    await page.reload();
    await page.getByRole('button', { name: 'Sprache: Deutsch' }).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.context().close();
  });

  it('Hebrew turns the whole shell right to left', async () => {
    const page = await signIn('amelia.hart@northwind-logistics.example', 1280, (context) =>
      context.addCookies([{ name: 'language', value: 'he_il', url: baseUrl }]),
    );
    await page.getByTestId('page-title').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['he', 'rtl']);
    expect(await page.getByRole('button', { name: 'שפה: עברית' }).isVisible()).toBe(true);
    // Right to left: the side navigation sits on the right of the page.
    const nav = await page.getByTestId('side-nav').boundingBox();
    expect((nav?.x ?? 0) + (nav?.width ?? 0)).toBeGreaterThan(1200);
    await screenshot(page, 'shell-hebrew-1280');
    await page.context().close();
  });

  it('the learning page shows its language picker to the demo account only', async () => {
    const demo = await signIn(operator);
    await demo.goto(`${baseUrl}/dashboard/trainings/learning/`);
    await demo.getByTestId('learning-language-picker').waitFor({ timeout: 15_000 });
    await demo.getByTestId('learning-language-picker').click();
    const menu = demo.getByRole('menu', { name: 'Training languages' });
    await expect.poll(() => menu.getByRole('menuitemradio').allTextContents()).toEqual([
      'Français',
      'English',
      'Deutsch',
      'Español',
      'Português (Brasil)',
      'हिन्दी',
      'Italiano',
    ]);
    await screenshot(demo, 'learning-language-picker-open-1280');
    await demo.context().close();

    const user = await signIn(owen);
    await user.goto(`${baseUrl}/dashboard/trainings/learning/`);
    // Owen's learning page lists his demo trainings; it offers no language picker (only the demo account's does).
    await user.getByTestId('learning-list').waitFor({ timeout: 15_000 });
    expect(await user.getByTestId('learning-language-picker').count()).toBe(0);
    await user.context().close();
  });
});

describe('the managed-service switcher', () => {
  it('the demo operator switches to a client company and back, and every view reloads for it', async () => {
    const page = await signIn(operator);
    await expect.poll(() => organizationName(page), { timeout: 15_000 }).toBe('Vigil Demo Managed Services');
    const switcher = page.getByTestId('company-switcher').getByRole('combobox');
    await switcher.waitFor({ timeout: 15_000 });

    await switcher.click();
    const options = page.getByRole('listbox').getByRole('option');
    // Their own organisation and the six companies of the demo.
    await expect.poll(() => options.count()).toBe(7);
    await screenshot(page, 'company-switcher-open-1280');

    await page.getByRole('option', { name: 'Northwind Logistics' }).click();
    await expect.poll(() => organizationName(page), { timeout: 15_000 }).toBe('Northwind Logistics');
    // Sent on from "/" to the admin's landing page, with Northwind's data.
    await page.waitForURL(`${baseUrl}/insights/organization/`, { timeout: 15_000 });
    await expect.poll(() => switcher.textContent()).toContain('Northwind Logistics');

    // The session itself changed: a reload stays in Northwind Logistics.
    await page.reload();
    await expect.poll(() => organizationName(page), { timeout: 15_000 }).toBe('Northwind Logistics');
    await screenshot(page, 'company-switched-1280');

    await switcher.click();
    await page.getByRole('option', { name: /Vigil Demo Managed Services/ }).click();
    await expect.poll(() => organizationName(page), { timeout: 15_000 }).toBe('Vigil Demo Managed Services');
    await page.context().close();
  });

  it('below md the switch is in the top bar', async () => {
    const page = await signIn(operator, 600);
    expect(await page.getByTestId('side-nav').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Switch company' }).click();
    const menu = page.getByRole('menu', { name: 'Switch company' });
    await menu.waitFor();
    await expect.poll(() => menu.getByRole('menuitemradio').count()).toBe(7);
    await screenshot(page, 'company-switcher-top-bar-600');
    await menu.getByRole('menuitemradio', { name: 'Bluefin Health' }).click();
    await expect.poll(() => organizationName(page), { timeout: 15_000 }).toBe('Bluefin Health');
    await page.context().close();
  });
});
