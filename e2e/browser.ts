import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type BrowserContextOptions, type Page, chromium } from 'playwright-core';

/** Debian's Chromium, headless; these flags keep it off the closed network of CI machines. */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

/**
 * A new browser context that asks for reduced motion, as some people's systems do: the app then runs
 * no transitions (see apps/web/src/app/theme.ts), so what a check reads or a screenshot shows is the
 * settled screen, never a colour half-way through a fade. Every spec opens its pages through this.
 */
export const newBrowserContext = (browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> =>
  browser.newContext({ reducedMotion: 'reduce', ...options });

/**
 * Waits until MUI's transitions (a menu opening, a dialog fading in) have finished, so a picture
 * shows the settled screen. Two frames first let a transition that React is about to start begin;
 * endless animations (progress spinners) are not waited for.
 */
export const settleAnimations = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    // A paused animation never finishes: give up on those after two seconds.
    const settled = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([settled, new Promise((done) => setTimeout(done, 2_000))]);
  });

/** Screenshots land in test-results/ so a person can look at what the browser showed. */
export const screenshot = async (page: Page, name: string) => {
  // The PostgreSQL pass runs beside the PGlite one: each keeps its pictures apart.
  const folder = join(import.meta.dirname, '..', 'test-results', process.env.E2E_DATABASE_URL ? 'screenshots-postgres' : 'screenshots');
  mkdirSync(folder, { recursive: true });
  await settleAnimations(page);
  // From the top: a full-page picture of a scrolled page draws the sticky top bar halfway down.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
};
