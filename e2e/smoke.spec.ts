import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser.ts';

const baseUrl = inject('baseUrl');
const databaseKind = inject('databaseKind');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
});
afterAll(async () => browser?.close());

describe(`the started product on ${databaseKind}, in a real browser`, () => {
  it('serves the sign-in page at /login/', async () => {
    const response = await page.goto(`${baseUrl}/login/`);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in to Vigil');
    expect(await page.title()).toContain('Vigil');
    await screenshot(page, `login-1280-${databaseKind}`);
  });

  it('adds the trailing slash to an app path', async () => {
    await page.goto(`${baseUrl}/login`);
    expect(new URL(page.url()).pathname).toBe('/login/');
  });

  it('shows Page Not Found for an unknown path, and Go to Platform leads to /login/', async () => {
    await page.goto(`${baseUrl}/no/such/page/`);
    await expect.poll(() => page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).toBe(true);
    await screenshot(page, 'not-found-1280');
    await page.getByRole('link', { name: 'Go to Platform' }).click();
    await page.waitForURL(`${baseUrl}/login/`);
  });

  it('answers the API in the error shape and is ready', async () => {
    const unauthenticated = await page.request.get(`${baseUrl}/api/personal_user_data/`);
    expect(unauthenticated.status()).toBe(401);
    expect((await unauthenticated.json()).error.code).toBe('UNAUTHENTICATED');
    const ready = await page.request.get(`${baseUrl}/readyz`);
    expect(await ready.json()).toMatchObject({ status: 'ready', database: databaseKind });
  });

  it('serves the OpenAPI document and its interactive docs', async () => {
    const openapi = await page.request.get(`${baseUrl}/api/openapi.json`);
    expect(openapi.status()).toBe(200);
    await page.goto(`${baseUrl}/api/docs/`);
    await expect.poll(() => page.locator('.swagger-ui').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, 'api-docs');
  });

  it('has a page at 600 px wide that still shows the sign-in heading', async () => {
    await page.setViewportSize({ width: 600, height: 800 });
    await page.goto(`${baseUrl}/login/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    await screenshot(page, 'login-600');
  });
});
