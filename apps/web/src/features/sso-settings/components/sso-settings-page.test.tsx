import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SsoConnection, SsoDomain } from '@vigil/contracts';
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

const unproved: SsoDomain = {
  domain: 'northwind.example',
  proved: false,
  provedAt: null,
  record: { type: 'TXT', name: 'northwind.example', value: 'vigil-domain-verification=0123456789abcdef0123456789abcdef' },
  connections: ['Microsoft Entra ID'],
};
const proved: SsoDomain = { ...unproved, proved: true, provedAt: '2026-03-02T10:00:00.000Z' };
const sentTo = (server: ReturnType<typeof stubApi>, path: string, method: string) =>
  server.mock.calls.filter(([input, init]) => String(input) === path && init?.method === method).map(([, init]) => JSON.parse(String(init!.body)) as unknown);

describe('SSO settings page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what to do when there is no connection yet, and keeps "require SSO" off until one is tested', async () => {
    stubApi(admin, { '/api/sso/': { body: { connections: [], policy, domains: [] } } });
    renderPageSignedIn(SsoSettingsPage, '/sso-settings/');
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No single sign-on yet');
    const requireSso = screen.getByRole('switch', { name: 'Require single sign-on' });
    expect(requireSso).toBeDisabled();
    expect(requireSso).toHaveAccessibleDescription('Available once a connection is on and has passed a test sign-in.');
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('shows what the identity provider needs, and warns of a certificate about to expire', async () => {
    stubApi(admin, { '/api/sso/': { body: { connections: [connection], policy, domains: [] } } });
    renderPageSignedIn(SsoSettingsPage, '/sso-settings/');
    const card = await screen.findByTestId('sso-connection');
    expect(within(card).getByText('Not tested yet')).toBeVisible();
    expect(within(card).getByRole('textbox', { name: 'Reply URL (Assertion Consumer Service URL)' })).toHaveValue('https://vigil.example/v1/sso/saml/acs/C1');
    expect(within(card).getByText(/The signing certificate expires in 12 days/)).toBeVisible();
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('adds a SAML connection from pasted metadata, and puts the server’s problem on its field', async () => {
    const refusal = { error: { code: 'VALIDATION_FAILED', message: 'x', details: [{ field: 'body.saml.metadataXml', problem: 'is not well-formed XML' }] } };
    const server = stubApi(admin, { '/api/sso/': { body: { connections: [], policy, domains: [] } }, '/api/sso/connections/': { body: refusal, status: 400 } });
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

  describe('email domains', () => {
    it('says where domains come from when there are none', async () => {
      stubApi(admin, { '/api/sso/': { body: { connections: [], policy, domains: [] } } });
      renderPageSignedIn(SsoSettingsPage, '/sso-settings/');
      expect(await screen.findByTestId('sso-domains-empty')).toHaveTextContent('Add your domains to a connection, or prove one below.');
    });

    it('shows the TXT record to publish at an unproved domain, and says it works only at proved domains', async () => {
      stubApi(admin, { '/api/sso/': { body: { connections: [connection], policy, domains: [unproved] } } });
      renderPageSignedIn(SsoSettingsPage, '/sso-settings/');
      const row = await screen.findByTestId('sso-domain');
      expect(row).toHaveAttribute('data-domain', 'northwind.example');
      expect(within(row).getByText('Not proved')).toBeVisible();
      expect(within(row).getByText('Used by Microsoft Entra ID.')).toBeVisible();
      expect(within(row).getByText('Type: TXT')).toBeVisible();
      expect(within(row).getByRole('textbox', { name: 'Name / host' })).toHaveValue('northwind.example');
      expect(within(row).getByRole('textbox', { name: 'Value' })).toHaveValue('vigil-domain-verification=0123456789abcdef0123456789abcdef');
      expect(await seriousAxeViolations(document.body)).toEqual([]);
      fireEvent.click(within(screen.getByTestId('sso-connection')).getByRole('button', { name: 'Edit' }));
      expect(within(await screen.findByRole('dialog')).getByRole('switch', { name: 'Create accounts at first sign-in' })).toHaveAccessibleDescription(/It works only at domains you have proved/);
    });

    it('checks a domain now, and shows the Vigil records it found instead of this one', async () => {
      const server = stubApi(admin, {
        '/api/sso/': { body: { connections: [connection], policy, domains: [unproved] } },
        '/api/sso/domains/check/': { body: { domain: unproved, found: ['vigil-domain-verification=old'] } },
      });
      renderPageSignedIn(SsoSettingsPage, '/sso-settings/');
      fireEvent.click(within(await screen.findByTestId('sso-domain')).getByRole('button', { name: 'Check now' }));
      const row = screen.getByTestId('sso-domain');
      const status = within(row).getByRole('status');
      await waitFor(() => expect(status).toHaveTextContent('The record was not found at northwind.example yet'));
      expect(status).toHaveTextContent('Found instead:');
      expect(within(status).getByText('vigil-domain-verification=old')).toBeVisible();
      expect(sentTo(server, '/api/sso/domains/check/', 'POST')).toEqual([{ domain: 'northwind.example' }]);
    });

    it('shows a domain as proved once the check found the record', async () => {
      const settings = { body: { connections: [connection], policy, domains: [unproved] } };
      stubApi(admin, { '/api/sso/': settings, '/api/sso/domains/check/': { body: { domain: proved, found: [proved.record.value] } } });
      renderPageSignedIn(SsoSettingsPage, '/sso-settings/');
      const button = within(await screen.findByTestId('sso-domain')).getByRole('button', { name: 'Check now' });
      // As the server does: from now on, the settings list the domain as proved.
      settings.body = { ...settings.body, domains: [proved] };
      fireEvent.click(button);
      const row = screen.getByTestId('sso-domain');
      expect(await within(row).findByText('Proved on Mar 2, 2026')).toBeVisible();
      expect(within(row).queryByRole('textbox', { name: 'Value' })).not.toBeInTheDocument();
      expect(within(row).getByRole('status')).toBeEmptyDOMElement();
      expect(within(row).getByRole('button', { name: 'Give up proof' })).toBeVisible();
    });

    it('shows the record of a typed domain the list does not have yet', async () => {
      const other: SsoDomain = { ...unproved, domain: 'northwind.co.uk', record: { type: 'TXT', name: 'northwind.co.uk', value: 'vigil-domain-verification=fedcba' }, connections: [] };
      const server = stubApi(admin, { '/api/sso/': { body: { connections: [], policy, domains: [] } }, '/api/sso/domains/check/': { body: { domain: other, found: [] } } });
      renderPageSignedIn(SsoSettingsPage, '/sso-settings/');
      fireEvent.change(await screen.findByRole('textbox', { name: 'Domain' }), { target: { value: ' northwind.co.uk ' } });
      fireEvent.click(screen.getByRole('button', { name: 'Check domain' }));
      const row = await screen.findByTestId('sso-domain');
      expect(row).toHaveAttribute('data-domain', 'northwind.co.uk');
      expect(within(row).getByRole('textbox', { name: 'Value' })).toHaveValue('vigil-domain-verification=fedcba');
      expect(within(row).getByRole('status')).toHaveTextContent('The record was not found at northwind.co.uk yet');
      expect(within(row).getByRole('status')).not.toHaveTextContent('Found instead');
      expect(screen.getByText('northwind.co.uk is not proved yet: its record to publish is shown above.')).toHaveAttribute('role', 'status');
      expect(sentTo(server, '/api/sso/domains/check/', 'POST')).toEqual([{ domain: 'northwind.co.uk' }]);
    });

    it('puts the server’s problem with a typed domain on the field', async () => {
      const refusal = { error: { code: 'VALIDATION_FAILED', message: 'x', details: [{ field: 'body.domain', problem: 'gmail.com is a public mail service that no organization owns' }] } };
      stubApi(admin, { '/api/sso/': { body: { connections: [], policy, domains: [] } }, '/api/sso/domains/check/': { body: refusal, status: 400 } });
      renderPageSignedIn(SsoSettingsPage, '/sso-settings/');
      const field = await screen.findByRole('textbox', { name: 'Domain' });
      fireEvent.change(field, { target: { value: 'gmail.com' } });
      fireEvent.click(screen.getByRole('button', { name: 'Check domain' }));
      await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
      expect(field).toHaveAccessibleDescription('gmail.com is a public mail service that no organization owns');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('says so when DNS could not answer', async () => {
      const failure = { error: { code: 'BAD_GATEWAY', message: 'The DNS servers could not be asked about northwind.example (ETIMEOUT); try again in a minute' } };
      stubApi(admin, { '/api/sso/': { body: { connections: [], policy, domains: [] } }, '/api/sso/domains/check/': { body: failure, status: 502 } });
      renderPageSignedIn(SsoSettingsPage, '/sso-settings/');
      fireEvent.change(await screen.findByRole('textbox', { name: 'Domain' }), { target: { value: 'northwind.example' } });
      fireEvent.click(screen.getByRole('button', { name: 'Check domain' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The DNS servers could not be asked about northwind.example (ETIMEOUT); try again in a minute');
      expect(screen.getByRole('textbox', { name: 'Domain' })).not.toHaveAttribute('aria-invalid', 'true');
    });

    it('gives up a proof after asking', async () => {
      const settings = { body: { connections: [connection], policy, domains: [proved] } };
      const server = stubApi(admin, { '/api/sso/': settings, '/api/sso/domains/northwind.example/': { body: {} } });
      renderPageSignedIn(SsoSettingsPage, '/sso-settings/');
      fireEvent.click(within(await screen.findByTestId('sso-domain')).getByRole('button', { name: 'Give up proof' }));
      const dialog = await screen.findByRole('dialog', { name: 'Give up the proof of northwind.example?' });
      settings.body = { ...settings.body, domains: [unproved] };
      fireEvent.click(within(dialog).getByRole('button', { name: 'Give up proof' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(within(screen.getByTestId('sso-domain')).getByText('Not proved')).toBeVisible();
      expect(server.mock.calls.some(([input, init]) => String(input) === '/api/sso/domains/northwind.example/' && init?.method === 'DELETE')).toBe(true);
    });
  });
});
