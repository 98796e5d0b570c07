import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { notOnboardedAdmin, resetOnboarding } from './api.ts';
import { launchBrowser, newBrowserContext, screenshot } from './browser.ts';

const baseUrl = inject('baseUrl');
const demoPassword = 'vigil-demo-password';
let browser: Browser;

beforeAll(async () => {
  // The onboarding spec may have completed the one company still onboarding: undo that first.
  await resetOnboarding(baseUrl);
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const signIn = async (email: string, width: number): Promise<Page> => {
  const page = await (await newBrowserContext(browser, { viewport: { width, height: 900 } })).newPage();
  await page.goto(`${baseUrl}/login/`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Sign-in lands on "/", which sends each person on to their own landing page.
  await page.waitForURL((url) => url.pathname !== '/' && !url.pathname.startsWith('/login/'), { timeout: 15_000 });
  return page;
};

describe('the shell, per role (first cut: landing pages, menus, the title)', () => {
  it.each([1280, 600])('an end user lands on their insights; at %i px', async (width) => {
    const page = await signIn('owen.fletcher@northwind-logistics.example', width);
    expect(new URL(page.url()).pathname).toBe('/dashboard/insights/');
    await expect.poll(() => page.getByTestId('organization-name').textContent(), { timeout: 15_000 }).toContain('Northwind Logistics');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // The side navigation shows from the md breakpoint (900 px) up only.
    expect(await nav.isVisible()).toBe(width >= 900);
    if (width >= 900) {
      expect(await page.getByTestId('nav-dashboardTrainings').isVisible()).toBe(true);
      expect(await page.getByTestId('nav-organization').count()).toBe(0);
    }
    await screenshot(page, `shell-end-user-${width}`);
    // An end user is sent away from admin pages.
    await page.goto(`${baseUrl}/settings/organization/general/`);
    await page.waitForURL(`${baseUrl}/error/`);
    await page.context().close();
  });

  it.each([1280, 600])('an admin whose company is onboarded lands on organisation insights; at %i px', async (width) => {
    const page = await signIn('amelia.hart@northwind-logistics.example', width);
    await page.waitForURL(`${baseUrl}/insights/organization/`, { timeout: 15_000 });
    await expect.poll(() => page.getByTestId('page-title').textContent(), { timeout: 15_000 }).toBeTruthy();
    if (width >= 900) {
      // The Insights group is open on an /insights/ page and marks where we are; Configure stays closed.
      await expect.poll(() => page.getByTestId('nav-organization').getAttribute('aria-current')).toBe('page');
      expect(await page.getByTestId('nav-group-configure').getAttribute('aria-expanded')).toBe('false');
    }
    await screenshot(page, `shell-admin-${width}`);
    await page.context().close();
  });

  it('an admin of a company still onboarding is sent to onboarding', async () => {
    const page = await signIn(notOnboardedAdmin, 1280);
    await page.waitForURL(`${baseUrl}/onboarding/`, { timeout: 15_000 });
    await page.context().close();
  });

  it('an admin whose baseline assessment is not done is sent to initial testing', async () => {
    const page = await signIn('victoria.sterling@crestline-financial.example', 1280);
    await page.waitForURL(`${baseUrl}/insights/initial-testing/`, { timeout: 15_000 });
    await screenshot(page, 'shell-admin-before-bra-1280');
    await page.context().close();
  });
});
