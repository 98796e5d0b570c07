import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newBrowserContext, screenshot } from './browser.ts';
import { asPerson, cleanUp, createPerson, demoPassword, findPeople, retirePeople } from './api.ts';
import { waitForMail } from './mail.ts';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
// Resetting a password changes it: that happens to a person of this spec's own, whom no other spec
// signs in as. The other sign-ins here change nothing a later sign-in depends on.
const tag = Date.now().toString(36);
const resetEmail = `iris.holloway.${tag}@bluefin-health.example`;
const admin = 'daniel.osei@bluefin-health.example';
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  await asPerson(baseUrl, admin, (session) =>
    createPerson(baseUrl, mailDir, session, { firstName: 'Iris', lastName: 'Holloway', email: resetEmail, role: 'User' }),
  );
  browser = await launchBrowser();
});
afterAll(() =>
  cleanUp([
    () => asPerson(baseUrl, admin, async (session) => retirePeople(session, await findPeople(session, resetEmail))),
    async () => browser?.close(),
  ]),
);
beforeEach(async () => {
  context = await newBrowserContext(browser, { viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});
afterEach(async () => context?.close());

const storedTokens = () => page.evaluate(() => ({ session: localStorage.getItem('DS'), refresh: localStorage.getItem('DSR') }));
const signedInText = () => page.getByTestId('signed-in-as').textContent();
type StoredDeviceIds = { value: { vsid: string; vrid: string }; expiry: number } | null;
const storedDeviceIds = () => page.evaluate(() => JSON.parse(localStorage.getItem('fp') ?? 'null') as StoredDeviceIds);

describe('signing in to the started product, in a real browser', () => {
  it('with a password: sees the signed-in page, stays signed in across a reload, and logs out', async () => {
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    await page.goto(`${baseUrl}/login/`);
    // The device id: made from our own bundle, kept a day under the SDK's key, sent with the sign-in as fpData.
    await expect.poll(storedDeviceIds).not.toBeNull();
    const device = (await storedDeviceIds())!;
    expect(device.value.vsid).toMatch(/^[0-9a-f]{32}$/);
    expect(device.expiry - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
    expect(device.expiry - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
    await page.getByLabel('Email address').fill('owen.fletcher@northwind-logistics.example');
    await page.getByLabel('Password', { exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/dashboard/insights/`);
    const signIn = requests.find((request) => new URL(request.url()).pathname === '/v1/auth/password/signin');
    expect(JSON.parse(signIn?.postData() ?? '{}')).toMatchObject({ fpData: device.value });
    // No third party: every request the page made went to the product itself.
    expect(requests.map((request) => new URL(request.url()).origin).filter((origin) => origin !== baseUrl && origin !== 'null')).toEqual([]);
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
    const email = 'lucas.brennan@bluefin-health.example';
    await page.goto(`${baseUrl}/login/`);
    await page.getByRole('tab', { name: 'Email code' }).click();
    await page.getByLabel('Email address').fill(email);
    const sent = Date.now();
    await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
    await expect.poll(() => page.getByTestId('email-code-sent').isVisible()).toBe(true);
    const mail = await waitForMail(mailDir, email, { since: sent });
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toBeTruthy();
    await page.getByLabel('Sign-in code').fill(code!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/dashboard/insights/`);
    await expect.poll(signedInText, { timeout: 15_000 }).toContain('Lucas Brennan');
  });

  it('with a Google account: the provider (a certified OpenID provider standing in) vouches for the address', async () => {
    await page.goto(`${baseUrl}/login/oauth/?err=no-account`);
    await expect.poll(() => page.getByText(/No Vigil account matches that account/).isVisible()).toBe(true);
    await screenshot(page, 'sign-in-social-refused-1280');
    await page.setViewportSize({ width: 600, height: 900 });
    await page.goto(`${baseUrl}/login/`);
    await expect.poll(() => page.getByRole('button', { name: 'Continue with Google' }).isVisible()).toBe(true);
    await screenshot(page, 'sign-in-other-ways-600');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    // The stand-in's own sign-in and consent pages, on another site.
    await page.locator('input[name="login"]').fill(resetEmail);
    await page.locator('input[name="password"]').fill('anything: the stand-in checks no password');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').click();
    await expect.poll(signedInText, { timeout: 15_000 }).toContain('Iris Holloway');
    expect(new URL(page.url()).pathname).not.toBe('/login/oauth/');
    expect((await storedTokens()).refresh).toBeTruthy();
  });

  it('through the provider’s sign-up-or-in flow: each screen as the provider sends it', async () => {
    // Someone no other spec signs in as.
    await page.goto(`${baseUrl}/login/?flow=sign-up-or-in`);
    await page.getByRole('textbox', { name: 'Email address' }).fill('nora.fitzgerald@crestline-financial.example');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByText('Enter the password for nora.fitzgerald@crestline-financial.example.').isVisible()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill('not her password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText(/The email address or password is not correct/).isVisible()).toBe(true);
    await screenshot(page, 'sign-in-flow-password-1280');
    await page.getByLabel('Password', { exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // A manager's home is her reporting line's page.
    await page.waitForURL(`${baseUrl}/insights/your-reports/`, { timeout: 15_000 });
    expect((await storedTokens()).refresh).toBeTruthy();
  });

  it('a wrong password shows an error and signs nobody in', async () => {
    await page.goto(`${baseUrl}/login/`);
    // Someone no other spec signs in as: a wrong password counts towards their lock-out and rate limit.
    await page.getByLabel('Email address').fill('ethan.marsh@crestline-financial.example');
    await page.getByLabel('Password', { exact: true }).fill('definitely not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('The email address or password is not correct.');
    // The person can correct the password and try again at once.
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isEnabled()).toBe(true);
    await screenshot(page, 'sign-in-error-1280');
    expect(await storedTokens()).toEqual({ session: null, refresh: null });
  });
});

describe('signing in with links, in a real browser', () => {
  const linkIn = (text: string) => /(https?:\/\/\S+[?&]t=[\w-]+)/.exec(text)?.[1];

  it('with a magic link from the email', async () => {
    const email = 'rachel.adeyemi@bluefin-health.example';
    await page.goto(`${baseUrl}/login/`);
    await page.getByRole('tab', { name: 'Email link' }).click();
    await page.getByLabel('Email address').fill(email);
    const sent = Date.now();
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect.poll(() => page.getByTestId('magic-link-sent').isVisible()).toBe(true);
    const link = linkIn((await waitForMail(mailDir, email, { since: sent })).text);
    expect(link?.startsWith(`${baseUrl}/login/verify/?t=`)).toBe(true);
    await page.goto(link!);
    await page.waitForURL(`${baseUrl}/dashboard/insights/`);
    await expect.poll(signedInText, { timeout: 15_000 }).toContain('Rachel Adeyemi');
    // The same link a second time does not sign anyone in.
    const other = await newBrowserContext(browser);
    const second = await other.newPage();
    await second.goto(link!);
    await expect.poll(() => second.getByRole('heading', { level: 1 }).textContent()).toBe('This sign-in link did not work');
    await other.close();
  });

  it('with an enchanted link opened in another browser: the waiting page signs itself in', async () => {
    const email = 'grace.lindqvist@northwind-logistics.example';
    await page.goto(`${baseUrl}/login/`);
    await page.getByRole('tab', { name: 'Other device' }).click();
    await page.getByLabel('Email address').fill(email);
    const sent = Date.now();
    await page.getByRole('button', { name: 'Email me a link to approve this sign-in' }).click();
    await expect.poll(() => page.getByTestId('enchanted-link-id').isVisible()).toBe(true);
    const linkId = await page.getByTestId('enchanted-link-id').textContent();
    await screenshot(page, 'enchanted-link-waiting-1280');
    const mail = await waitForMail(mailDir, email, { since: sent });
    expect(mail.subject).toContain(`link ${linkId}`);

    const phone = await newBrowserContext(browser, { viewport: { width: 390, height: 800 } });
    const phonePage = await phone.newPage();
    await phonePage.goto(linkIn(mail.text)!);
    await expect.poll(() => phonePage.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe('Sign-in approved');
    await screenshot(phonePage, 'enchanted-link-approved-390');
    await phone.close();

    await page.waitForURL(`${baseUrl}/dashboard/insights/`, { timeout: 15_000 });
    await expect.poll(signedInText, { timeout: 15_000 }).toContain('Grace Lindqvist');
  });

  it('resets a forgotten password from the emailed link, then signs in with the new one', async () => {
    const email = resetEmail;
    await page.goto(`${baseUrl}/login/`);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email address').fill(email);
    const sent = Date.now();
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await expect.poll(() => page.getByTestId('password-reset-sent').isVisible()).toBe(true);
    const link = linkIn((await waitForMail(mailDir, email, { since: sent })).text)!;
    expect(link.startsWith(`${baseUrl}/login/reset-password/?t=`)).toBe(true);
    await page.goto(link);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe('Choose a new password');
    await page.getByLabel('New password').fill('a long new passphrase for her');
    await screenshot(page, 'reset-password-1280');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL(`${baseUrl}/dashboard/insights/`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${baseUrl}/login/`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a long new passphrase for her');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/dashboard/insights/`);
    await expect.poll(signedInText, { timeout: 15_000 }).toContain('Iris Holloway');
  });
});
