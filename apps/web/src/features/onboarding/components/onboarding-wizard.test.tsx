import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { IssuedScimToken } from '@vigil/contracts';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json } from '../../../testing/signed-in';
import { renderRoutes } from '../../../testing/test-utils';
import { buildWizard, organizationId } from '../testing';
import { OnboardingWizardView } from './onboarding-wizard';

const certificate = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

type Handler = { status?: number; body: unknown };
type Handlers = Record<string, Handler | ((body: unknown) => Handler)>;

/** Answers the API by "METHOD path", and records what was sent. */
/** The server's 400 naming one field, as the API answers it. */
const refusal = (field: string, problem: string): Handler => ({
  status: 400,
  body: { error: { code: 'VALIDATION_FAILED', message: `${field}: ${problem}`, details: [{ field, problem }] } },
});

const serve = (handlers: Handlers) => {
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const method = init?.method ?? 'GET';
      const path = String(input);
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method, path, body });
      const handler = handlers[`${method} ${path}`];
      if (!handler) return json({ error: { code: 'NOT_FOUND', message: 'No such route' } }, 404);
      const answer = typeof handler === 'function' ? handler(body) : handler;
      return answer.status === 204 ? new Response(null, { status: 204 }) : json(answer.body, answer.status ?? 200);
    }),
  );
  return sent;
};

const Wizard = () => <OnboardingWizardView pathname={useLocation().pathname} />;

const renderWizardAt = (path: string) => renderRoutes([{ path: '/onboarding/*', Component: Wizard }], path);

const valueOf = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;

describe('the onboarding wizard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells someone who is not an admin that their administrator is setting Vigil up', async () => {
    serve({ 'GET /api/onboarding/': { status: 403, body: { error: { code: 'FORBIDDEN', message: 'Only an admin may set up the organisation' } } } });
    renderWizardAt('/onboarding/');
    expect(await screen.findByText('Your administrator is setting up Vigil')).toBeInTheDocument();
  });

  it("welcomes the admin with the five steps and what each one's state is", async () => {
    serve({ 'GET /api/onboarding/': { body: buildWizard({ steps: { sso: true, scim: true, dmi: false, watchtower: false, initialTesting: false } }) } });
    renderWizardAt('/onboarding/');
    expect(await screen.findByText("Let's set up Vigil for Harbor & Pike Legal")).toBeInTheDocument();
    expect(within(screen.getByTestId('welcome-step-sso')).getByText('Done')).toBeInTheDocument();
    expect(within(screen.getByTestId('welcome-step-dmi')).getByText('To do')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue set-up' })).toHaveAttribute('href', '/onboarding/setup-dmi/');
  });

  it("shows the values to paste into Okta under Okta's own field names", async () => {
    serve({ 'GET /api/onboarding/': { body: buildWizard() } });
    renderWizardAt('/onboarding/setup-sso-and-scim/okta/');
    expect(await screen.findByRole('textbox', { name: 'Single sign-on URL' })).toHaveValue(`https://vigil.example.com/v1/auth/saml/acs/${organizationId}`);
    expect(screen.getByRole('textbox', { name: 'Audience URI (SP Entity ID)' })).toHaveValue(`https://vigil.example.com/v1/auth/saml/metadata/${organizationId}`);
    expect(valueOf('value-scimBaseUrl')).toBe(`https://vigil.example.com/scim/v2/${organizationId}`);
    // The SCIM endpoint answers: nothing on this page says it is not connected.
    expect(screen.queryByText('Not connected yet')).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue to verification' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('checks the settings in the browser first, then puts the server’s problems on the fields', async () => {
    const sent = serve({
      'GET /api/onboarding/': { body: buildWizard() },
      'PUT /api/onboarding/sso/': refusal('body.idpCertificate', 'expired on 2021-01-01; download the current certificate from the identity provider'),
    });
    renderWizardAt('/onboarding/setup-sso-and-scim/okta/');
    const ssoUrl = await screen.findByTestId('field-idpSsoUrl');
    fireEvent.change(ssoUrl, { target: { value: 'http://harborpike.okta.com/sso' } });
    fireEvent.change(screen.getByTestId('field-idpEntityId'), { target: { value: 'http://www.okta.com/exk1' } });
    fireEvent.change(screen.getByTestId('field-idpCertificate'), { target: { value: certificate } });
    fireEvent.click(screen.getByTestId('sso-save'));
    expect(await screen.findByText('must be an https:// URL')).toBeInTheDocument();
    expect(sent.filter((call) => call.method === 'PUT')).toEqual([]);

    fireEvent.change(ssoUrl, { target: { value: 'https://harborpike.okta.com/sso' } });
    fireEvent.click(screen.getByTestId('sso-save'));
    expect(await screen.findByText(/expired on 2021-01-01/)).toBeInTheDocument();
    expect(screen.getByTestId('field-idpCertificate')).toHaveAttribute('aria-invalid', 'true');
    expect(sent.find((call) => call.method === 'PUT')?.body).toEqual({
      provider: 'okta',
      protocol: 'saml',
      idpSsoUrl: 'https://harborpike.okta.com/sso',
      idpEntityId: 'http://www.okta.com/exk1',
      idpMetadataUrl: '',
      idpCertificate: certificate.trim(),
    });
  });

  it('switches the Okta page to OpenID Connect: the redirect URI to paste, the client to enter, the server’s problems on its fields', async () => {
    const sent = serve({
      'GET /api/onboarding/': { body: buildWizard() },
      'PUT /api/onboarding/sso/': refusal('body.oidcClientSecret', 'is required'),
    });
    renderWizardAt('/onboarding/setup-sso-and-scim/okta/');
    const saml = await screen.findByTestId('sso-protocol-saml');
    expect(saml).toBeChecked();
    expect(screen.getByRole('radiogroup', { name: 'How people sign in' })).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('sso-protocol-oidc'));
    expect(screen.getByTestId('sso-protocol-oidc')).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Sign-in redirect URIs' })).toHaveValue(`https://vigil.example.com/v1/sso/oidc/callback/${organizationId}`);
    expect(valueOf('value-redirectUri')).toBe(`https://vigil.example.com/v1/sso/oidc/callback/${organizationId}`);
    expect(screen.getByRole('textbox', { name: 'Initiate login URI' })).toHaveValue('https://vigil.example.com/login/');
    expect(screen.queryByTestId('value-acsUrl')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('sso-create-instructions')).getByText('OIDC - OpenID Connect')).toBeInTheDocument();
    expect(screen.queryByTestId('field-idpSsoUrl')).not.toBeInTheDocument();
    expect(screen.getByTestId('field-oidcClientSecret')).toHaveAttribute('type', 'password');

    fireEvent.change(screen.getByTestId('field-oidcIssuer'), { target: { value: 'https://harborpike.okta.com' } });
    fireEvent.change(screen.getByTestId('field-oidcClientId'), { target: { value: '0oa1harborpike' } });
    fireEvent.change(screen.getByTestId('field-oidcClientSecret'), { target: { value: 's3cret-from-okta' } });
    fireEvent.click(screen.getByTestId('sso-save'));
    await waitFor(() => expect(screen.getByTestId('field-oidcClientSecret')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('is required')).toBeInTheDocument();
    expect(sent.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { provider: 'okta', protocol: 'oidc', oidcIssuer: 'https://harborpike.okta.com', oidcClientId: '0oa1harborpike', oidcClientSecret: 's3cret-from-okta' },
    ]);
  });

  it('shows a new SCIM token once, with a warning; a token issued earlier only by its last four characters', async () => {
    const issued: IssuedScimToken = {
      id: '0e6d2c1b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
      token: 'vigil_scim_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCd',
      lastFour: 'AbCd',
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    let wizard = buildWizard();
    serve({
      'GET /api/onboarding/': () => ({ body: wizard }),
      'POST /api/onboarding/scim-tokens/': () => {
        wizard = buildWizard({ scimToken: { id: issued.id, lastFour: issued.lastFour, createdAt: issued.createdAt, lastUsedAt: null } });
        return { status: 201, body: issued };
      },
    });
    const first = renderWizardAt('/onboarding/setup-sso-and-scim/entra-id/');
    fireEvent.click(await screen.findByTestId('scim-token-generate'));
    await waitFor(() => expect(valueOf('scim-token-value')).toBe(issued.token));
    expect(screen.getByText('Copy this token now')).toBeInTheDocument();
    expect(screen.getByTestId('scim-token-warning')).toHaveFocus();
    first.unmount();

    renderWizardAt('/onboarding/setup-sso-and-scim/entra-id/');
    expect(await screen.findByTestId('scim-token-masked')).toHaveValue(`${'•'.repeat(24)}AbCd`);
    expect(screen.queryByTestId('scim-token-value')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(issued.token);
  });

  it('asks for confirmation before replacing the SCIM token', async () => {
    const sent = serve({
      'GET /api/onboarding/': { body: buildWizard({ scimToken: { id: '0e6d2c1b-5a4f-4e3d-8c2b-1a0f9e8d7c6b', lastFour: 'WxYz', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null } }) },
    });
    renderWizardAt('/onboarding/setup-sso-and-scim/okta/');
    fireEvent.click(await screen.findByTestId('scim-token-regenerate'));
    const dialog = await screen.findByRole('dialog', { name: 'Generate a new SCIM token?' });
    expect(dialog).toHaveTextContent('The token ending in WxYz keeps working for one more day');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows provisioning's live state beside the token: the last call, 30 days of changes, and the last refused request", async () => {
    serve({
      'GET /api/onboarding/': {
        body: buildWizard({
          scimToken: { id: '0e6d2c1b-5a4f-4e3d-8c2b-1a0f9e8d7c6b', lastFour: 'WxYz', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: '2026-11-22T08:15:00.000Z' },
          scimActivity: {
            lastRequestAt: '2026-11-22T08:15:00.000Z',
            last30Days: { provisioned: 1240, updated: 37, deprovisioned: 5, reactivated: 1 },
            lastError: { at: '2026-11-22T08:10:00.000Z', status: 400, summary: 'PATCH /Users/3f0c: invalidValue: manager 9a1e is not a User of this organization' },
          },
        }),
      },
    });
    renderWizardAt('/onboarding/setup-sso-and-scim/okta/');
    const activity = await screen.findByTestId('scim-activity');
    expect(activity).toHaveTextContent("Your identity provider last called Vigil's SCIM endpoint on");
    expect(within(screen.getByTestId('scim-activity-counts')).getByText('People added').parentElement).toHaveTextContent('1,240');
    expect(within(screen.getByTestId('scim-activity-counts')).getByText('People deactivated').parentElement).toHaveTextContent('5');
    expect(screen.getByTestId('scim-activity-last-error')).toHaveTextContent('(HTTP 400)');
    expect(screen.getByTestId('scim-activity-last-error')).toHaveTextContent('manager 9a1e is not a User of this organization');
  });

  it('shows the replaced SCIM token while it still works, and stops it at once on request', async () => {
    const retired = { id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', lastFour: 'Old1', worksUntil: '2026-11-21T10:00:00.000Z' };
    const sent = serve({
      'GET /api/onboarding/': { body: buildWizard({ scimToken: { id: '0e6d2c1b-5a4f-4e3d-8c2b-1a0f9e8d7c6b', lastFour: 'WxYz', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null }, retiredScimToken: retired }) },
      [`DELETE /api/onboarding/scim-tokens/${retired.id}/`]: { status: 204, body: null },
    });
    renderWizardAt('/onboarding/setup-sso-and-scim/okta/');
    expect(await screen.findByTestId('scim-token-retired')).toHaveTextContent('The previous token, ending in Old1, still works until');
    fireEvent.click(screen.getByRole('button', { name: 'Stop it now' }));
    await waitFor(() => expect(sent.some((call) => call.method === 'DELETE' && call.path === `/api/onboarding/scim-tokens/${retired.id}/`)).toBe(true));
  });

  it('lets Google Workspace continue without a SCIM token, which Google cannot use for custom apps', async () => {
    const sso = {
      provider: 'google-workspace' as const,
      protocol: 'saml' as const,
      idpSsoUrl: 'https://accounts.google.com/o/saml2/idp?idpid=C03az79cb',
      idpEntityId: 'https://accounts.google.com/o/saml2?idpid=C03az79cb',
      idpMetadataUrl: null,
      idpCertificate: certificate,
      certificate: { subject: 'CN=Google', expiresAt: '2031-01-01T00:00:00.000Z', fingerprintSha256: 'AA:BB' },
      oidc: null,
      updatedAt: '2026-11-20T10:00:00.000Z',
      verifiedAt: null,
      signInTestedAt: '2026-11-20T10:05:00.000Z',
      connectionId: 'org-1',
    };
    serve({ 'GET /api/onboarding/': { body: buildWizard({ sso }) } });
    const page = renderWizardAt('/onboarding/setup-sso-and-scim/google-workspace/');
    expect(await screen.findByRole('link', { name: 'Continue to verification' })).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByRole('textbox', { name: /Metadata URL/ })).not.toBeInTheDocument();
    page.unmount();

    renderWizardAt('/onboarding/setup-sso-and-scim/post-setup-verification/');
    expect(await screen.findByTestId('check-scim-token')).toHaveAttribute('data-status', 'ok');
    // A test sign-in through Google worked: nothing blocks the confirmation.
    expect(screen.getByTestId('check-sign-in')).toHaveAttribute('data-status', 'ok');
    expect(screen.queryByTestId('check-provisioning')).not.toBeInTheDocument();
    expect(screen.getByTestId('verification-confirm')).toBeEnabled();
  });

  it('says on the launch page, in full sentences, what was set up with which provider', async () => {
    const record = <T,>(settings: T) => ({ settings, confirmedAt: '2025-05-02T09:00:00.000Z', updatedAt: '2025-05-02T09:00:00.000Z' });
    const entraApp = { tenantId: 'harborpike.onmicrosoft.com', applicationId: '00000000-0000-0000-0000-000000000001', permissionsGranted: true as const };
    serve({
      'GET /api/onboarding/': {
        body: buildWizard({
          steps: { sso: true, scim: true, dmi: true, watchtower: true, initialTesting: false },
          sso: {
            provider: 'entra-id',
            protocol: 'saml',
            idpSsoUrl: 'https://login.microsoftonline.com/x/saml2',
            idpEntityId: 'https://sts.windows.net/x/',
            idpMetadataUrl: null,
            idpCertificate: certificate,
            certificate: { subject: 'CN=Microsoft Azure Federated SSO Certificate', expiresAt: '2028-01-01T00:00:00.000Z', fingerprintSha256: 'AB:CD' },
            oidc: null,
            updatedAt: '2025-05-02T09:00:00.000Z',
            verifiedAt: '2025-05-02T09:00:00.000Z',
            signInTestedAt: '2025-05-02T09:00:00.000Z',
            connectionId: 'org-1',
          },
          scimToken: { id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f', lastFour: 'x9Q2', createdAt: '2025-05-02T09:00:00.000Z', lastUsedAt: '2025-05-02T09:30:00.000Z' },
          dmi: { exchange: record(entraApp), googleWorkspace: null },
          watchtower: {
            google: record({
              customerId: 'C03az79cb',
              serviceAccountClientId: '123456789012345678901',
              adminEmail: 'it@harborpike.example',
              permissionsGranted: true as const,
            }),
            microsoft: record({ ...entraApp, entraLicense: 'p2' as const }),
          },
        }),
      },
    });
    renderWizardAt('/onboarding/launch-initial-testing/');
    const summary = within(await screen.findByRole('list', { name: 'What you set up' }));
    expect(summary.getByText('Single sign-on with Microsoft Entra ID')).toBeInTheDocument();
    expect(summary.getByText('SCIM token ending in x9Q2')).toBeInTheDocument();
    expect(summary.getByText('Direct mail injection through Microsoft Exchange Online')).toBeInTheDocument();
    expect(summary.getByText('Watchtower for Google Workspace and Microsoft 365')).toBeInTheDocument();
  });

  it('says so on the launch page when a step is marked done but its provider was not recorded here', async () => {
    // The demo seeds the onboarding flags alone, as PATCH /api/organization/onboarding/ can.
    serve({ 'GET /api/onboarding/': { body: buildWizard({ steps: { sso: true, scim: true, dmi: true, watchtower: true, initialTesting: false } }) } });
    renderWizardAt('/onboarding/launch-initial-testing/');
    const items = within(await screen.findByRole('list', { name: 'What you set up' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Single sign-on is marked as done; no identity provider was recorded in this wizardDone',
      'Provisioning is marked as done; no SCIM token is activeDone',
      'Direct mail injection is marked as done; no mail provider was recorded in this wizardDone',
      'Watchtower is marked as done; no provider was recorded in this wizardDone',
    ]);
  });

  it('offers the spread in days and, once launched, says for how many days the test runs', async () => {
    serve({ 'GET /api/onboarding/': { body: buildWizard({ steps: { sso: true, scim: true, dmi: true, watchtower: true, initialTesting: false } }) } });
    const page = renderWizardAt('/onboarding/launch-initial-testing/');
    const spread = within(await screen.findByTestId('field-durationDays'));
    expect(spread.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['7 days', '14 days', '28 days']);
    page.unmount();

    const launched = { startsOn: '2025-06-02', durationDays: 28 as const, launchedAt: '2025-05-30T09:00:00.000Z' };
    serve({ 'GET /api/onboarding/': { body: buildWizard({ steps: { sso: true, scim: true, dmi: true, watchtower: true, initialTesting: true }, isOnboarded: true, initialTesting: launched }) } });
    renderWizardAt('/onboarding/launch-initial-testing/');
    expect(await screen.findByTestId('onboarding-complete')).toHaveTextContent(/and run for 28 days\. Vigil is ready for your organization\.$/);
  });

  it('lists what is not done on the launch page and keeps the launch disabled', async () => {
    serve({ 'GET /api/onboarding/': { body: buildWizard({ steps: { sso: true, scim: true, dmi: false, watchtower: false, initialTesting: false } }) } });
    renderWizardAt('/onboarding/launch-initial-testing/');
    expect(await screen.findByText('Direct mail injection is not set up')).toBeInTheDocument();
    expect(screen.getByText('163 active people will be included.')).toBeInTheDocument();
    expect(screen.getByTestId('launch-form-submit')).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Mail delivery' })).toHaveAttribute('href', '/onboarding/setup-dmi/');
  });

  it('names the sending profile the emails go through, or explains what to set up first and keeps the launch disabled', async () => {
    const allDone = { sso: true, scim: true, dmi: true, watchtower: true, initialTesting: false };
    serve({ 'GET /api/onboarding/': { body: buildWizard({ steps: allDone }) } });
    const page = renderWizardAt('/onboarding/launch-initial-testing/');
    expect(await screen.findByTestId('launch-sending-profile')).toHaveTextContent('The emails go out through the sending profile Simulations, on working days between 9:00 and 17:00');
    expect(screen.queryByTestId('sending-profile-missing')).not.toBeInTheDocument();
    expect(screen.getByTestId('launch-form-submit')).toBeEnabled();
    page.unmount();

    serve({ 'GET /api/onboarding/': { body: buildWizard({ steps: allDone, sendingProfileName: null }) } });
    renderWizardAt('/onboarding/launch-initial-testing/');
    const notice = await screen.findByTestId('sending-profile-missing');
    expect(notice).toHaveTextContent('Set up a sending profile first');
    expect(within(notice).getByRole('link', { name: 'Open sending profiles' })).toHaveAttribute('href', '/configure/testing/?tab=sendingProfiles');
    expect(screen.getByTestId('launch-form-submit')).toBeDisabled();
  });
});
