import { Secret, TOTP } from 'otpauth';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoSeriousViolations } from './accessibility.ts';
import { asPerson, cleanUp, createPerson, findPeople, retirePeople } from './api.ts';
import { launchBrowser, newBrowserContext, screenshot } from './browser.ts';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
// A person of this spec's own: nobody else signs in as them, so their factors touch no other spec.
const tag = Date.now().toString(36);
const email = `tomas.reyes.${tag}@bluefin-health.example`;
const password = 'granite meadow lantern 58';
const admin = 'daniel.osei@bluefin-health.example';
let browser: Browser;
let page: Page;
let authenticator: { cdp: CDPSession; authenticatorId: string };
let recoveryCodes: string[] = [];

const signInWithPassword = async () => {
  await page.goto(`${baseUrl}/login/`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};
const signOut = async () => {
  await page.goto(`${baseUrl}/dashboard/insights/`);
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(`${baseUrl}/login/`);
};

beforeAll(async () => {
  await asPerson(baseUrl, admin, (session) => createPerson(baseUrl, mailDir, session, { firstName: 'Tomas', lastName: 'Reyes', email, role: 'User' }, password));
  browser = await launchBrowser();
  page = await (await newBrowserContext(browser, { viewport: { width: 1280, height: 900 } })).newPage();
  // Chromium's virtual authenticator (DevTools protocol): a platform authenticator with a fingerprint reader, as a laptop has.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  authenticator = { cdp, authenticatorId };
});
afterAll(() =>
  cleanUp([
    () => asPerson(baseUrl, admin, async (session) => retirePeople(session, await findPeople(session, email))),
    async () => browser?.close(),
  ]),
);

describe('two-step verification, as an end user', () => {
  it('sets up an authenticator app with its first code and gets recovery codes to save', async () => {
    await signInWithPassword();
    await page.waitForURL(`${baseUrl}/dashboard/insights/`, { timeout: 15_000 });
    await page.goto(`${baseUrl}/account-settings/`);
    const section = page.getByTestId('account-two-step');
    await expect.poll(() => section.getByText('Two-step verification is off.', { exact: false }).count(), { timeout: 15_000 }).toBe(1);
    await section.getByRole('button', { name: 'Set up authenticator app' }).click();
    const key = (await page.getByTestId('authenticator-key').inputValue()).replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await expect.poll(() => page.getByRole('img', { name: 'QR code to add your Vigil account to an authenticator app' }).count()).toBe(1);
    await expectNoSeriousViolations(page, 'the authenticator app set-up');
    await screenshot(page, 'two-step-app-setup-1280');

    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(() => page.getByText('That code is wrong', { exact: false }).count(), { timeout: 15_000 }).toBe(1);
    const code = new TOTP({ secret: Secret.fromBase32(key), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
    await page.getByLabel('Code from the app').fill(code);
    await page.getByRole('button', { name: 'Turn on' }).click();

    const codes = page.getByTestId('recovery-code-list').locator('li');
    await expect.poll(() => codes.count(), { timeout: 15_000 }).toBe(10);
    recoveryCodes = await codes.allTextContents();
    expect(recoveryCodes.every((recovery) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(recovery))).toBe(true);
    expect(await page.getByTestId('authenticator-app').textContent()).toContain('On since');
    await screenshot(page, 'two-step-recovery-codes-1280');
  });

  it('adds a passkey with the device’s fingerprint reader', async () => {
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Your passkeys' }).locator('li').count(), { timeout: 15_000 }).toBe(1);
    const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', { authenticatorId: authenticator.authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    await page.getByRole('button', { name: /^Rename / }).click();
    await page.getByTestId('passkeys').getByLabel('Name', { exact: true }).fill('Work laptop');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByTestId('passkeys').getByText('Work laptop').count(), { timeout: 15_000 }).toBe(1);
    await expectNoSeriousViolations(page, 'two-step verification with an app and a passkey');
    // A full-page picture taken while scrolled shows the sticky top bar halfway down.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'two-step-on-1280');
  });

  it('signs in with the passkey alone, without typing an address', async () => {
    await signOut();
    // Below the email methods: a passkey opens its own form, whose button signs in.
    await page.getByRole('button', { name: 'Use your passkey' }).click();
    await expect.poll(() => page.getByTestId('passkey-sign-in-form').count()).toBe(1);
    await screenshot(page, 'sign-in-passkey-1280');
    await page.getByTestId('passkey-sign-in-form').getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(`${baseUrl}/dashboard/insights/`, { timeout: 15_000 });
  });

  it('asks for the second step after a password, and takes a recovery code once', async () => {
    await signOut();
    await signInWithPassword();
    await page.waitForURL(`${baseUrl}/login/confirm/`, { timeout: 15_000 });
    await expect.poll(() => page.getByLabel('Code from your authenticator app').count(), { timeout: 15_000 }).toBe(1);
    await expectNoSeriousViolations(page, 'the second step');
    await screenshot(page, 'second-step-app-1280');
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${baseUrl}/dashboard/insights/`, { timeout: 15_000 });

    await signOut();
    await signInWithPassword();
    await page.waitForURL(`${baseUrl}/login/confirm/`, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByRole('alert').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(page.url()).toBe(`${baseUrl}/login/confirm/`);
    // The passkey confirms as well.
    await page.getByRole('button', { name: 'Use a passkey instead' }).click();
    await page.getByRole('button', { name: 'Use your passkey' }).click();
    await page.waitForURL(`${baseUrl}/dashboard/insights/`, { timeout: 15_000 });
  });
});
