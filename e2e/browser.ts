import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';

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

/** Screenshots land in test-results/ so a person can look at what the browser showed. */
export const screenshot = async (page: Page, name: string) => {
  const folder = join(import.meta.dirname, '..', 'test-results', 'screenshots');
  mkdirSync(folder, { recursive: true });
  // Let MUI's transitions (about 250 ms) finish, so the picture shows the settled screen.
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
};
