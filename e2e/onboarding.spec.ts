import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expiredIdpCertificate, validIdpCertificate } from '../apps/server/src/modules/onboarding/test-certificates.ts';
import { expectNoSeriousViolations } from './accessibility.ts';
import type { CampaignList, SendingProfiles } from '@vigil/contracts';
import { apiPaths } from '../apps/web/src/config/paths.ts';
import { asPerson, cleanUp, demoPassword, notOnboardedAdmin, resetOnboarding } from './api.ts';
import { launchBrowser, newBrowserContext, screenshot } from './browser.ts';
import { startOpenIdProvider, startSamlIdentityProvider } from './identity-providers.ts';

const baseUrl = inject('baseUrl');
const email = notOnboardedAdmin;
let browser: Browser;
let page: Page | undefined;
let identityProvider: Awaited<ReturnType<typeof startSamlIdentityProvider>>;
let openId: Awaited<ReturnType<typeof startOpenIdProvider>>;
const oidcClientSecret = 'an-onboarding-client-secret-of-some-length';

// The launch sends the baseline through the organisation's sending profile: one on loopback (the
// product's outbound allow-list), where nothing listens, so no mail leaves and a send only retries.
const profileName = 'E2E onboarding baseline';

beforeAll(async () => {
  identityProvider = await startSamlIdentityProvider();
  openId = await startOpenIdProvider();
  browser = await launchBrowser();
  await asPerson(baseUrl, email, (admin) =>
    admin.call('POST', apiPaths.sendingProfiles.list, { name: profileName, host: '127.0.0.1', port: 2, security: 'none', fromAddress: 'it-desk@harborpike-support.example', fromName: 'IT Desk' }),
  );
});

/** Cancels the baseline the launch started and archives its profile, so a later run can launch again. */
const removeBaseline = () =>
  asPerson(baseUrl, email, async (admin) => {
    const { items } = await admin.call<CampaignList>('GET', apiPaths.campaigns.list);
    for (const campaign of items.filter((item) => item.kind === 'initial-testing' && item.can.cancel)) await admin.call('POST', apiPaths.campaigns.action(campaign.id, 'cancel'));
    const profiles = await admin.call<SendingProfiles>('GET', apiPaths.sendingProfiles.list);
    for (const profile of profiles.items.filter((item) => item.name === profileName)) await admin.call('DELETE', apiPaths.sendingProfiles.profile(profile.id));
  });

// The product is shared by every spec file: put Harbor & Pike back to "not onboarded", as the demo
// seeds it, whether or not the test got through (resetOnboarding says what the API cannot undo).
// The specs that need an admin still onboarding reset it themselves too, so they pass in any order.
afterAll(() => cleanUp([removeBaseline, () => resetOnboarding(baseUrl), async () => browser?.close(), async () => identityProvider?.close(), async () => openId?.close()]));

const path = () => new URL(page!.url()).pathname;

/** Top of the page, nothing focused: the full-page picture shows the page as it opens. */
const capture = async (name: string) => {
  await page!.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await screenshot(page!, name);
};
const visible = (testId: string) => () => page!.getByTestId(testId).isVisible();

describe('the onboarding wizard, as the admin of a company not yet onboarded', () => {
  it('goes through every step, sees the SCIM token once, and lands in the product', async () => {
    page = await (await newBrowserContext(browser, { viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${baseUrl}/login/`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/onboarding/`, { timeout: 15_000 });

    // Welcome: the five steps, none done yet.
    await expect.poll(() => page!.getByTestId('welcome-heading').textContent(), { timeout: 15_000 }).toContain('Harbor & Pike Legal');
    expect(await page.getByTestId('welcome-step-sso').textContent()).toContain('To do');
    await capture('onboarding-welcome-1280');
    await expectNoSeriousViolations(page, 'onboarding-welcome-1280');
    await page.getByTestId('welcome-start').click();
    await page.waitForURL(`${baseUrl}/onboarding/setup-sso-and-scim/`);
    await expect.poll(visible('provider-okta')).toBe(true);
    await capture('onboarding-sso-choice-1280');

    // Okta: the values to paste, with Okta's own field names.
    await page.getByTestId('provider-okta').getByRole('link').click();
    await page.waitForURL(`${baseUrl}/onboarding/setup-sso-and-scim/okta/`);
    await expect.poll(visible('sso-settings-form')).toBe(true);
    const acsUrl = await page.getByTestId('value-acsUrl').inputValue();
    expect(acsUrl).toMatch(new RegExp(`^${baseUrl}/v1/sso/saml/acs/[0-9a-f-]{36}$`));
    expect(await page.getByLabel('Audience URI (SP Entity ID)', { exact: true }).inputValue()).toMatch(/\/v1\/sso\/saml\/metadata\/[0-9a-f-]{36}$/);
    expect(await page.getByTestId('value-scimBaseUrl').inputValue()).toMatch(new RegExp(`^${baseUrl}/scim/v2/[0-9a-f-]{36}$`));
    // The SCIM endpoint answers: no "not connected" notice on this step.
    expect(await page.getByTestId('not-connected').count()).toBe(0);

    // A sign-on URL that is not https is refused in the browser; an expired certificate by the server.
    await page.getByTestId('field-idpSsoUrl').fill('http://harborpike.okta.com/app/vigil/sso/saml');
    await page.getByTestId('field-idpEntityId').fill('http://www.okta.com/exk1harborpike');
    await page.getByTestId('field-idpMetadataUrl').fill('https://harborpike.okta.com/app/exk1harborpike/sso/saml/metadata');
    await page.getByTestId('field-idpCertificate').fill(expiredIdpCertificate);
    await page.getByTestId('sso-save').click();
    await expect.poll(() => page!.getByText('must be an https:// URL').isVisible()).toBe(true);
    await page.getByTestId('field-idpSsoUrl').fill('https://harborpike.okta.com/app/vigil/exk1harborpike/sso/saml');
    await page.getByTestId('sso-save').click();
    await expect.poll(() => page!.getByText(/expired on 2021-01-01/).isVisible()).toBe(true);
    expect(await page.getByTestId('field-idpCertificate').getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('field-idpCertificate').fill(validIdpCertificate);
    await page.getByTestId('sso-save').click();
    await expect.poll(visible('sso-saved')).toBe(true);
    expect(await page.getByTestId('sso-saved').textContent()).toContain('CN=Okta test IdP');
    // Then the values of a SAML identity provider that answers (samlify, standing in for Okta).
    await page.getByTestId('field-idpSsoUrl').fill(identityProvider.values.ssoUrl);
    await page.getByTestId('field-idpEntityId').fill(identityProvider.values.entityId);
    await page.getByTestId('field-idpMetadataUrl').fill('');
    await page.getByTestId('field-idpCertificate').fill(identityProvider.values.certificate);
    await page.getByTestId('sso-save').click();
    await expect.poll(() => page!.getByTestId('sso-saved').textContent()).toContain('Vigil test IdP');

    // The SCIM token: shown once, with a warning.
    expect(await page.getByTestId('to-verification').getAttribute('aria-disabled')).toBe('true');
    await page.getByTestId('scim-token-generate').click();
    await expect.poll(visible('scim-token-value')).toBe(true);
    const token = await page.getByTestId('scim-token-value').inputValue();
    expect(token).toMatch(/^vigil_scim_[A-Za-z0-9_-]{43}$/);
    expect(await page.getByTestId('scim-token-warning').textContent()).toContain('shown only this once');
    await capture('onboarding-sso-okta-1280');
    await expectNoSeriousViolations(page, 'onboarding-sso-okta-1280');

    // After a reload it is masked: only its last four characters are known.
    await page.reload();
    await expect.poll(visible('scim-token-masked'), { timeout: 15_000 }).toBe(true);
    expect(await page.getByTestId('scim-token-value').count()).toBe(0);
    expect(await page.getByTestId('scim-token-masked').inputValue()).toMatch(new RegExp(`^•+${token.slice(-4)}$`));
    expect(await page.content()).not.toContain(token);

    // Post-setup verification: what can be checked, what cannot yet, and the confirmation.
    const toVerification = async () => {
      await page!.getByTestId('to-verification').click();
      await page!.waitForURL(`${baseUrl}/onboarding/setup-sso-and-scim/post-setup-verification/`);
      await expect.poll(visible('verification-checks')).toBe(true);
      expect(await page!.getByTestId('check-scim-token').getAttribute('data-status')).toBe('ok');
      // Nothing proves single sign-on until a test sign-in through the identity provider works.
      expect(await page!.getByTestId('check-sign-in').getAttribute('data-status')).toBe('failed');
    };
    const testSignInWorked = async () => {
      await page!.waitForURL(/\/post-setup-verification\/\?sso_test=/, { timeout: 15_000 });
      await expect.poll(() => page!.getByTestId('sso-test-result').textContent(), { timeout: 15_000 }).toContain(`signed in ${email}`);
      await expect.poll(() => page!.getByTestId('check-sign-in').getAttribute('data-status'), { timeout: 15_000 }).toBe('ok');
    };
    await toVerification();
    // Over SAML: the identity provider answers the request with a signed assertion.
    identityProvider.signInAs(email);
    await page.getByRole('button', { name: 'Run a test sign-in' }).click();
    await testSignInWorked();
    await capture('onboarding-verification-1280');
    await expectNoSeriousViolations(page, 'onboarding-verification-1280');

    // Okta offers OpenID Connect too. The admin switches, registers Vigil's redirect URI with the
    // provider (a certified OpenID provider stands in for Okta) and enters the client it gives.
    await page.goto(`${baseUrl}/onboarding/setup-sso-and-scim/okta/`);
    await page.getByTestId('sso-protocol-oidc').check();
    const redirectUri = await page.getByTestId('value-redirectUri').inputValue();
    expect(redirectUri).toMatch(new RegExp(`^${baseUrl}/v1/sso/oidc/callback/[0-9a-f-]{36}$`));
    openId.register({ clientId: 'vigil-onboarding', clientSecret: oidcClientSecret, redirectUri });
    await page.getByTestId('field-oidcIssuer').fill(openId.issuer);
    await page.getByTestId('field-oidcClientId').fill('vigil-onboarding');
    await page.getByTestId('field-oidcClientSecret').fill(oidcClientSecret);
    await page.getByTestId('sso-save').click();
    await expect.poll(() => page!.getByTestId('sso-saved').textContent()).toContain('vigil-onboarding');
    // The secret is write-only: the page never shows it again.
    expect(await page.getByTestId('field-oidcClientSecret').inputValue()).toBe('');
    await capture('onboarding-sso-okta-oidc-1280');
    await expectNoSeriousViolations(page, 'onboarding-sso-okta-oidc-1280');

    // New settings need a new test sign-in, here at the OpenID provider's own pages (its development login: any password).
    await toVerification();
    await page.getByRole('button', { name: 'Run a test sign-in' }).click();
    await openId.signInAt(page, email);
    await testSignInWorked();
    await capture('onboarding-verification-oidc-1280');
    await page.getByTestId('verification-confirm').click();
    await expect.poll(() => page!.getByText('confirm that the people who use Vigil are assigned to the app').isVisible()).toBe(true);
    await page.getByTestId('field-usersAssigned').check();
    await page.getByTestId('verification-confirm').click();
    await page.waitForURL(`${baseUrl}/onboarding/setup-dmi/`);
    await expect.poll(visible('provider-exchange')).toBe(true);
    await expect.poll(() => page!.getByTestId('step-sso').getAttribute('data-done')).toBe('true');
    await expect.poll(() => page!.getByTestId('step-scim').getAttribute('data-done')).toBe('true');

    // Direct mail injection through Exchange Online.
    await page.getByTestId('provider-exchange').getByRole('link').click();
    await page.waitForURL(`${baseUrl}/onboarding/setup-dmi/exchange/`);
    await expect.poll(visible('dmi-exchange-form')).toBe(true);
    expect(await page.getByTestId('permission-table').textContent()).toContain('Mail.ReadWrite');
    await page.getByTestId('field-tenantId').fill('harbor pike');
    await page.getByTestId('field-applicationId').fill('3f2b9c4e-8d1a-4b6f-9e2c-7a5d1f0e8b3c');
    await page.getByTestId('dmi-exchange-form-submit').click();
    await expect.poll(() => page!.getByText(/must be a tenant ID/).isVisible()).toBe(true);
    await page.getByTestId('field-tenantId').fill('harborpike.onmicrosoft.com');
    await page.getByTestId('field-permissionsGranted').check();
    await capture('onboarding-dmi-exchange-1280');
    await expectNoSeriousViolations(page, 'onboarding-dmi-exchange-1280');
    await page.getByTestId('dmi-exchange-form-submit').click();

    // Watchtower: Microsoft, suggested after Exchange, with the app's ids carried over.
    await page.waitForURL(`${baseUrl}/onboarding/setup-watchtower/microsoft/`);
    await expect.poll(visible('watchtower-microsoft-form')).toBe(true);
    expect(await page.getByTestId('field-tenantId').inputValue()).toBe('harborpike.onmicrosoft.com');
    expect(await page.getByTestId('permission-table').textContent()).toContain('AuditLog.Read.All');
    await page.getByLabel('P1', { exact: true }).check();
    await page.getByTestId('field-permissionsGranted').check();
    await capture('onboarding-watchtower-microsoft-1280');
    await expectNoSeriousViolations(page, 'onboarding-watchtower-microsoft-1280');
    await page.getByTestId('watchtower-microsoft-form-submit').click();

    // Launch: what was set up, the plan, and the launch.
    await page.waitForURL(`${baseUrl}/onboarding/launch-initial-testing/`);
    await expect.poll(visible('launch-form')).toBe(true);
    expect(await page.getByTestId('launch-audience').textContent()).toMatch(/\d+ active people will be included/);
    expect(await page.getByTestId('launch-sending-profile').textContent()).toContain(profileName);
    await expect.poll(() => page!.getByTestId('check-dmi').getAttribute('data-status')).toBe('ok');
    await capture('onboarding-launch-1280');
    await expectNoSeriousViolations(page, 'onboarding-launch-1280');
    await page.getByTestId('launch-form-submit').click();
    await expect.poll(visible('onboarding-complete'), { timeout: 15_000 }).toBe(true);
    await capture('onboarding-complete-1280');
    await expectNoSeriousViolations(page, 'onboarding-complete-1280');

    // Into the product; onboarding no longer holds the admin back.
    await page.getByTestId('go-to-vigil').click();
    await page.waitForURL((url) => url.pathname !== '/' && !url.pathname.startsWith('/onboarding/'), { timeout: 15_000 });
    await page.goto(`${baseUrl}/configure/testing/`);
    await expect.poll(() => page!.getByTestId('page-title').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(path()).toBe('/configure/testing/');

    // The wizard stays open to review: the Google pages too.
    for (const [url, form] of [
      ['/onboarding/setup-dmi/google-workspace/', 'dmi-google-form'],
      ['/onboarding/setup-watchtower/google/', 'watchtower-google-form'],
    ] as const) {
      await page.goto(`${baseUrl}${url}`);
      await expect.poll(visible(form), { timeout: 15_000 }).toBe(true);
      await capture(`onboarding${url.replace(/\//g, '-').replace(/-$/, '').replace(/^-onboarding/, '')}-1280`);
      await expectNoSeriousViolations(page, url);
    }

    // And it fits a narrow screen.
    await page.setViewportSize({ width: 600, height: 900 });
    await page.goto(`${baseUrl}/onboarding/setup-sso-and-scim/okta/`);
    await expect.poll(visible('scim-token-masked'), { timeout: 15_000 }).toBe(true);
    await capture('onboarding-sso-okta-600');
    await expectNoSeriousViolations(page, 'onboarding-sso-okta-600');
  }, 180_000);
});
