import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SsoConnection } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { seriousAxeViolations } from '../../../testing/axe';
import { buildPersonalRecord } from '../../../testing/builders';
import { renderPageSignedIn, stubApi } from '../../../testing/signed-in';
import { SsoSettingsPage } from './sso-settings-page';

const admin = buildPersonalRecord({ role: 'Admin' });
const policy = { requireSso: false, requireMfa: false, allowedMethods: ['password', 'email', 'passkey'] };
const connection: SsoConnection = {
  id: 'C1',
  name: 'Microsoft Entra ID',
  protocol: 'saml',
  enabled: true,
  domains: ['northwind.example'],
  jitProvisioning: false,
  verifiedAt: null,
  saml: {
    idpEntityId: 'https://sts.windows.net/x/',
    idpSsoUrl: 'https://login.microsoftonline.com/x/saml2',
    certificates: [{ subject: 'CN=Microsoft Azure Federated SSO Certificate', fingerprintSha256: 'AB:CD', validFrom: '2026-01-01T00:00:00.000Z', validTo: '2026-12-10T00:00:00.000Z', expiresInDays: 12 }],
  },
  oidc: null,
  serviceProvider: {
    entityId: 'https://vigil.example/v1/sso/saml/metadata/C1',
    acsUrl: 'https://vigil.example/v1/sso/saml/acs/C1',
    metadataUrl: 'https://vigil.example/v1/sso/saml/metadata/C1',
    redirectUri: 'https://vigil.example/v1/sso/oidc/callback/C1',
  },
};

describe('SSO settings page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what to do when there is no connection yet, and keeps "require SSO" off until one is tested', async () => {
    stubApi(admin, { '/api/sso/': { body: { connections: [], policy } } });
    renderPageSignedIn(SsoSettingsPage, '/sso-settings/');
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No single sign-on yet');
    const requireSso = screen.getByRole('switch', { name: 'Require single sign-on' });
    expect(requireSso).toBeDisabled();
    expect(requireSso).toHaveAccessibleDescription('Available once a connection is on and has passed a test sign-in.');
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('shows what the identity provider needs, and warns of a certificate about to expire', async () => {
    stubApi(admin, { '/api/sso/': { body: { connections: [connection], policy } } });
    renderPageSignedIn(SsoSettingsPage, '/sso-settings/');
    const card = await screen.findByTestId('sso-connection');
    expect(within(card).getByText('Not tested yet')).toBeVisible();
    expect(within(card).getByRole('textbox', { name: 'Reply URL (Assertion Consumer Service URL)' })).toHaveValue('https://vigil.example/v1/sso/saml/acs/C1');
    expect(within(card).getByText(/The signing certificate expires in 12 days/)).toBeVisible();
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('adds a SAML connection from pasted metadata, and puts the server’s problem on its field', async () => {
    const refusal = { error: { code: 'VALIDATION_FAILED', message: 'x', details: [{ field: 'body.saml.metadataXml', problem: 'is not well-formed XML' }] } };
    const server = stubApi(admin, { '/api/sso/': { body: { connections: [], policy } }, '/api/sso/connections/': { body: refusal, status: 400 } });
    renderPageSignedIn(SsoSettingsPage, '/sso-settings/');
    fireEvent.click(await screen.findByRole('button', { name: 'Add a connection' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Okta' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email domains' }), { target: { value: 'northwind.example, northwind.co.uk' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Identity provider metadata (XML)' }), { target: { value: '<not xml' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Create accounts at first sign-in' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add connection' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Identity provider metadata (XML)' })).toHaveAccessibleDescription('is not well-formed XML'));
    const sent = server.mock.calls.find(([input, init]) => String(input) === '/api/sso/connections/' && init?.method === 'POST');
    expect(JSON.parse(String(sent![1]!.body))).toEqual({ name: 'Okta', protocol: 'saml', domains: ['northwind.example', 'northwind.co.uk'], jitProvisioning: true, saml: { metadataXml: '<not xml' } });
  });
});
