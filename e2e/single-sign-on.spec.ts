import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoSeriousViolations } from './accessibility.ts';
import { apiSignIn, asPerson, cleanUp, createPerson, demoPassword, findPeople, retirePeople } from './api.ts';
import { launchBrowser, newBrowserContext, screenshot } from './browser.ts';
import { startOpenIdProvider, startSamlIdentityProvider } from './identity-providers.ts';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
const dnsDir = inject('dnsDir');
const domain = 'verdant-energy.example';
// Verdant Energy's superadmin: no other spec signs in as her, so the per-address sign-in limit is hers alone.
const admin = 'claire.donnelly@verdant-energy.example';
const tag = Date.now().toString(36);
const member = { email: `ines.moreau.${tag}@verdant-energy.example`, password: 'willow quarry lantern 73' };
const newcomer = `tomas.reyes.${tag}@verdant-energy.example`;
let browser: Browser;
let page: Page;
let saml: Awaited<ReturnType<typeof startSamlIdentityProvider>>;
let openId: Awaited<ReturnType<typeof startOpenIdProvider>>;

const openAsAdmin = async () => {
  page = await (await newBrowserContext(browser, { viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(`${baseUrl}/login/`);
  await page.getByLabel('Email address').fill(admin);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login/', { timeout: 15_000 });
  await page.goto(`${baseUrl}/sso-settings/`);
};

/** Removes what the spec added to the organization: its connections and a policy it set. */
const resetSso = async () => {
  const session = await apiSignIn(baseUrl, admin);
  try {
    await session.call('PUT', '/api/sso/policy/', { requireSso: false, requireMfa: false, allowedMethods: ['password', 'email', 'passkey'] });
    const { connections, domains } = (await session.call('GET', '/api/sso/')) as { connections: { id: string }[]; domains: { domain: string; proved: boolean }[] };
    for (const connection of connections) await session.call('DELETE', `/api/sso/connections/${connection.id}/`);
    for (const proved of domains.filter((item) => item.proved)) await session.call('DELETE', `/api/sso/domains/${proved.domain}/`);
    rmSync(join(dnsDir, domain), { force: true });
  } finally {
    await session.signOut();
  }
};

beforeAll(async () => {
  saml = await startSamlIdentityProvider();
  openId = await startOpenIdProvider();
  await resetSso();
  await asPerson(baseUrl, admin, (session) => createPerson(baseUrl, mailDir, session, { firstName: 'Ines', lastName: 'Moreau', email: member.email, role: 'User' }, member.password));
  browser = await launchBrowser();
  await openAsAdmin();
});
afterAll(() =>
  cleanUp([
    resetSso,
    () => asPerson(baseUrl, admin, async (session) => retirePeople(session, [...(await findPeople(session, member.email)), ...(await findPeople(session, newcomer))])),
    async () => browser?.close(),
    async () => saml?.close(),
    async () => openId?.close(),
  ]),
);

describe('single sign-on, set up by an admin and used by the organization', () => {
  it('adds a SAML connection from the IdP’s metadata and proves it with a test sign-in', async () => {
    await expect.poll(() => page.getByTestId('empty-state').count(), { timeout: 15_000 }).toBe(1);
    await screenshot(page, 'sso-settings-empty-1280');
    await page.getByRole('button', { name: 'Add a connection' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Example IdP (SAML)');
    await dialog.getByLabel('Email domains').fill('verdant-energy.example');
    await dialog.getByLabel('Identity provider metadata (XML)').fill(saml.metadataXml());
    await dialog.getByRole('button', { name: 'Add connection' }).click();
    const card = page.getByTestId('sso-connection');
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
    expect(await card.getByTestId('sso-acs-url').inputValue()).toMatch(new RegExp(`^${baseUrl}/v1/sso/saml/acs/C[0-9a-f]+$`));
    await expect.poll(() => card.getByText('Not tested yet').count()).toBe(1);
    await expectNoSeriousViolations(page, 'SSO settings with a connection');
    await screenshot(page, 'sso-settings-saml-1280');

    saml.signInAs(admin);
    await card.getByRole('button', { name: 'Run a test sign-in' }).click();
    await page.waitForURL(/\/sso-settings\/\?sso_test=/, { timeout: 15_000 });
    await expect.poll(() => page.getByTestId('sso-test-result').textContent(), { timeout: 15_000 }).toContain(`worked: your identity provider signed in`);
    await expect.poll(() => card.getByText(/^Tested /).count(), { timeout: 15_000 }).toBe(1);
    await screenshot(page, 'sso-settings-tested-1280');
  });

  it('signs a member in through the SSO tab with just their work email', async () => {
    const memberPage = await (await newBrowserContext(browser, { viewport: { width: 1280, height: 900 } })).newPage();
    await memberPage.goto(`${baseUrl}/login/`);
    await memberPage.getByRole('button', { name: 'Continue with single sign-on' }).click();
    const form = memberPage.getByTestId('sso-sign-in-form');
    await form.getByLabel('Email address').fill(member.email);
    await screenshot(memberPage, 'sign-in-sso-1280');
    saml.signInAs(member.email);
    await form.getByRole('button', { name: 'Continue with single sign-on' }).click();
    await memberPage.waitForURL(`${baseUrl}/dashboard/insights/`, { timeout: 30_000 });
    await memberPage.context().close();
  });

  it('proves the organization’s email domain with a DNS record it publishes', async () => {
    const row = page.locator(`[data-testid="sso-domain"][data-domain="${domain}"]`);
    await expect.poll(() => row.getByText('Not proved', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    // Checked before the record is published: not there yet.
    await row.getByRole('button', { name: 'Check now' }).click();
    await expect.poll(() => row.getByText(`The record was not found at ${domain} yet`, { exact: false }).count(), { timeout: 15_000 }).toBe(1);
    await screenshot(page, 'sso-settings-domain-unproved-1280');
    // The admin publishes the value at their DNS provider (here: the product's DNS server reads it from a file).
    writeFileSync(join(dnsDir, domain), `${await row.getByLabel('Value', { exact: true }).inputValue()}\n`);
    await row.getByRole('button', { name: 'Check now' }).click();
    await expect.poll(() => row.getByText(/^Proved on /).count(), { timeout: 15_000 }).toBe(1);
    await expectNoSeriousViolations(page, 'SSO email domains');
    await screenshot(page, 'sso-settings-domains-1280');
  });

  it('makes a newcomer a person at their first sign-in once the connection creates accounts', async () => {
    const card = page.getByTestId('sso-connection');
    await card.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Create accounts at first sign-in').check();
    await expectNoSeriousViolations(page, 'SSO connection dialog');
    await screenshot(page, 'sso-connection-dialog-1280');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);

    const newcomerPage = await (await newBrowserContext(browser, { viewport: { width: 1280, height: 900 } })).newPage();
    await newcomerPage.goto(`${baseUrl}/login/`);
    await newcomerPage.getByRole('button', { name: 'Continue with single sign-on' }).click();
    const form = newcomerPage.getByTestId('sso-sign-in-form');
    await form.getByLabel('Email address').fill(newcomer);
    saml.signInAs(newcomer);
    await form.getByRole('button', { name: 'Continue with single sign-on' }).click();
    await newcomerPage.waitForURL(`${baseUrl}/dashboard/insights/`, { timeout: 30_000 });
    await newcomerPage.context().close();
    // The organization now holds them, made by its identity provider.
    await asPerson(baseUrl, admin, async (session) => expect(await findPeople(session, newcomer)).toHaveLength(1));
  });

  it('requires single sign-on: a member’s password is refused, an admin’s still works', async () => {
    const policy = page.getByTestId('sign-in-policy');
    await policy.getByLabel('Require single sign-on').check();
    await policy.getByRole('button', { name: 'Save policy' }).click();
    await expect.poll(() => policy.getByText('The sign-in policy is saved', { exact: false }).count(), { timeout: 15_000 }).toBe(1);

    const memberPage = await (await newBrowserContext(browser)).newPage();
    await memberPage.goto(`${baseUrl}/login/`);
    await memberPage.getByLabel('Email address').fill(member.email);
    await memberPage.getByLabel('Password', { exact: true }).fill(member.password);
    await memberPage.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => memberPage.getByTestId('sign-in-error').textContent(), { timeout: 15_000 }).toContain('Your organization signs in with single sign-on');
    await memberPage.context().close();
    // Break-glass: the admin still signs in with a password.
    await (await apiSignIn(baseUrl, admin)).signOut();

    await policy.getByLabel('Require single sign-on').uncheck();
    await policy.getByRole('button', { name: 'Save policy' }).click();
    await expect.poll(() => policy.getByText('The sign-in policy is saved', { exact: false }).count(), { timeout: 15_000 }).toBe(1);
  });

  it('adds an OpenID Connect connection and signs in at the provider’s own pages in a test', async () => {
    await page.getByRole('button', { name: 'Add a connection' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Example IdP (OpenID Connect)');
    await dialog.getByLabel('OpenID Connect').check();
    await dialog.getByLabel('Issuer URL').fill(openId.issuer);
    await dialog.getByLabel('Client ID').fill('vigil-e2e');
    await dialog.getByLabel('Client secret').fill('an-e2e-client-secret-of-some-length');
    await dialog.getByRole('button', { name: 'Add connection' }).click();
    const card = page.getByTestId('sso-connection').filter({ hasText: 'OpenID Connect' });
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
    openId.register({ clientId: 'vigil-e2e', clientSecret: 'an-e2e-client-secret-of-some-length', redirectUri: await card.getByTestId('sso-redirect-uri').inputValue() });

    await card.getByRole('button', { name: 'Run a test sign-in' }).click();
    await openId.signInAt(page, admin);
    await page.waitForURL(/\/sso-settings\/\?sso_test=/, { timeout: 15_000 });
    await expect.poll(() => page.getByTestId('sso-test-result').textContent(), { timeout: 15_000 }).toContain('Ida Peer');
  });
});
