import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths.ts';
import { findSeriousViolations } from './accessibility.ts';
import { notOnboardedAdmin, resetOnboarding } from './api.ts';
import { launchBrowser, newBrowserContext, screenshot } from './browser.ts';
import { acceptablePaths, navigateInApp, resolveFinalPath, routeUrls, signIn, t, waitForScreen, type SignedIn } from './shell-model.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  // The onboarding spec may have completed the one company still onboarding: undo that first.
  await resetOnboarding(baseUrl);
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const isShellPath = (path: string) => path !== paths.error.path && path !== paths.headsUp.path && path !== paths.home.path;

// Pages that load their data show a progress indicator first: check what the person reads after.
// A page still loading after this long is a failure of its own, not something for axe to pass on.
// Only indeterminate indicators mean loading: a determinate bar (aria-valuenow) is content, such
// as a lesson's share watched on the learning page.
const waitForContent = async (page: Page, name: string) => {
  await expect
    .poll(() => page.locator('[role="progressbar"]:not([aria-valuenow])').count(), {
      timeout: 20_000,
      message: `${name} still shows a progress indicator after 20 s: its content never loaded, so axe could not check it`,
    })
    .toBe(0);
};

/** Checks each of `urls` the person may stay on (by the model), skipping those already checked. */
const checkPages = async (
  { page, user }: SignedIn,
  { urls, checked, found, label }: { urls: readonly string[]; checked: Set<string>; found: Record<string, string[]>; label: string },
) => {
  for (const url of urls) {
    if (!isShellPath(url) || checked.has(url) || resolveFinalPath(url, user) !== url) continue;
    checked.add(url);
    const fullLoad = new URL(page.url()).pathname === url;
    if (fullLoad) await page.goto(`${baseUrl}${url}`);
    else await navigateInApp(page, url);
    // A page may open on one of its own sub-pages (organisation settings on its first tab).
    const acceptable = acceptablePaths(url, user);
    const shown = await waitForScreen(page, acceptable, { focusMoved: !fullLoad });
    expect(acceptable, `${label} ${url} did not render (the browser shows ${shown}), so axe could not check it`).toContain(shown);
    checked.add(shown);
    await waitForContent(page, `${label} ${url}`);
    const violations = await findSeriousViolations(page);
    if (violations.length > 0) found[`${label} ${url}`] = violations;
  }
};

describe('accessibility (axe, WCAG 2.1 A and AA): no serious or critical violation', () => {
  // Every shell page, each seen by a person who may open it: the admin first, then the people
  // whose roles open the rest (end user, manager, direct manager, an admin still onboarding).
  it('on every shell page at 1280 px', async () => {
    const checked = new Set<string>();
    const found: Record<string, string[]> = {};
    for (const [label, email] of [
      ['admin', 'amelia.hart@northwind-logistics.example'],
      ['end user', 'owen.fletcher@northwind-logistics.example'],
      ['manager', 'priya.raman@northwind-logistics.example'],
      ['direct manager', 'grace.lindqvist@northwind-logistics.example'],
      ['department admin', 'tomas.alvarez@northwind-logistics.example'],
    ] as const) {
      const signedIn = await signIn(browser, baseUrl, email);
      try {
        await waitForScreen(signedIn.page, [signedIn.landingPath], { focusMoved: false });
        await checkPages(signedIn, { urls: routeUrls, checked, found, label });
      } finally {
        await signedIn.page.context().close();
      }
    }
    // Onboarding shows differently to an admin whose organisation has not finished it.
    const onboarding = await signIn(browser, baseUrl, notOnboardedAdmin);
    try {
      await waitForScreen(onboarding.page, [onboarding.landingPath], { focusMoved: false });
      const urls = [onboarding.landingPath, paths.welcome.getHref()];
      await checkPages(onboarding, { urls, checked: new Set(), found, label: 'admin onboarding' });
    } finally {
      await onboarding.page.context().close();
    }
    expect(found).toEqual({});
    // Every page of the table that somebody may open was checked.
    expect(checked.size).toBeGreaterThan(40);
  }, 240_000);

  it('on the pages outside the shell: sign-in, error, not found, heads-up', async () => {
    const page = await (await newBrowserContext(browser, { viewport: { width: 1280, height: 900 } })).newPage();
    const found: Record<string, string[]> = {};
    try {
      for (const url of [paths.login.getHref(), paths.error.getHref(), '/no-such-page/', paths.headsUp.getHref()]) {
        await page.goto(`${baseUrl}${url}`);
        await expect.poll(() => page.locator('h1').count()).toBeGreaterThan(0);
        const violations = await findSeriousViolations(page);
        if (violations.length > 0) found[url] = violations;
      }
    } finally {
      await page.context().close();
    }
    expect(found).toEqual({});
  });

  describe('the shell of an admin', () => {
    let signedIn: SignedIn;
    beforeAll(async () => {
      signedIn = await signIn(browser, baseUrl, 'amelia.hart@northwind-logistics.example', { width: 600 });
      await waitForScreen(signedIn.page, [signedIn.landingPath], { focusMoved: false });
    });
    afterAll(async () => signedIn?.page.context().close());

    it('at 600 px with the navigation drawer open', async () => {
      const { page } = signedIn;
      const button = page.getByRole('button', { name: t('shellAccessibility.openNavigation') });
      await screenshot(page, 'a11y-shell-600');
      await button.click();
      const drawer = page.getByRole('dialog', { name: t('shellAccessibility.navigationDrawer') });
      await expect.poll(() => drawer.isVisible()).toBe(true);
      await screenshot(page, 'a11y-drawer-open-600');
      expect(await findSeriousViolations(page)).toEqual([]);

      // Escape closes it and gives focus back to the menu button.
      await page.keyboard.press('Escape');
      await expect.poll(() => drawer.count()).toBe(0);
      await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);
    });

    it('at 1280 px, Tab first reaches the skip link, which leads into the main region', async () => {
      const { page } = signedIn;
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${baseUrl}${paths.reporting.getHref()}`);
      await waitForScreen(page, [paths.reporting.getHref()], { focusMoved: false });

      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: t('shellAccessibility.skipToMain') });
      expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
      // Hidden above the page until focused, then in view.
      await expect.poll(async () => (await skip.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
      await screenshot(page, 'a11y-skip-link-focused-1280');
      expect(await findSeriousViolations(page)).toEqual([]);

      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
      expect(new URL(page.url()).pathname).toBe(paths.reporting.getHref());
    });
  });
});
