import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser.ts';
import { waitForMail } from './mail.ts';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
const demoPassword = 'vigil-demo-password';
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});
afterEach(async () => context?.close());

const storedTokens = () => page.evaluate(() => ({ session: localStorage.getItem('DS'), refresh: localStorage.getItem('DSR') }));
const signedInText = () => page.getByTestId('signed-in-as').textContent();

describe('signing in to the started product, in a real browser', () => {
  it('with a password: sees the signed-in page, stays signed in across a reload, and logs out', async () => {
    await page.goto(`${baseUrl}/login/`);
    await page.getByLabel('Email address').fill('owen.fletcher@northwind-logistics.example');
    await page.getByLabel('Password', { exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/dashboard/insights/`);
    await expect.poll(signedInText, { timeout: 15_000 }).toContain('Owen Fletcher');
    expect(await page.getByTestId('personal-company').textContent()).toContain('Northwind Logistics');
    await screenshot(page, 'signed-in-1280');

    await page.reload();
    await expect.poll(signedInText, { timeout: 15_000 }).toContain('Owen Fletcher');
    expect(new URL(page.url()).pathname).toBe('/dashboard/insights/');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${baseUrl}/login/`);
    expect(await storedTokens()).toEqual({ session: null, refresh: null });
    // Signed out for real: the guarded page sends the browser back to sign-in.
    await page.goto(`${baseUrl}/dashboard/insights/`);
    await page.waitForURL(`${baseUrl}/login/`);
  });

  it('with a code emailed to a real SMTP server', async () => {
    const email = 'marcus.bell@northwind-logistics.example';
    await page.goto(`${baseUrl}/login/`);
    await page.getByRole('tab', { name: 'Email code' }).click();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
    await expect.poll(() => page.getByTestId('email-code-sent').isVisible()).toBe(true);
    const mail = await waitForMail(mailDir, email);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toBeTruthy();
    await page.getByLabel('Sign-in code').fill(code!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/dashboard/insights/`);
    await expect.poll(signedInText, { timeout: 15_000 }).toContain('Marcus Bell');
  });

  it('a wrong password shows an error and signs nobody in', async () => {
    await page.goto(`${baseUrl}/login/`);
    await page.getByLabel('Email address').fill('owen.fletcher@northwind-logistics.example');
    await page.getByLabel('Password', { exact: true }).fill('definitely not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('The email address or password is not correct.');
    // The person can correct the password and try again at once.
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isEnabled()).toBe(true);
    await screenshot(page, 'sign-in-error-1280');
    expect(await storedTokens()).toEqual({ session: null, refresh: null });
  });
});
