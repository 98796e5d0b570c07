import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PhishMailboxSettings, PhishMailboxState, ReportedMessage } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { serveApi } from '../../../testing/serve-api';
import { json, renderPageSignedIn } from '../../../testing/signed-in';
import { PhishMailboxPanel } from './phish-mailbox-panel';

const settings: PhishMailboxSettings = {
  host: 'outlook.office365.com',
  port: 993,
  tlsMode: 'tls',
  username: 'report-phish@acme.test',
  folder: 'INBOX',
  auth: { method: 'microsoft', tenantId: 'acme.onmicrosoft.com', clientId: '6731de76-14a6-49ae-97bc-6eba6914391e', hasClientSecret: true },
  processedAction: 'move',
  processedFolder: 'Vigil processed',
  thankReporters: true,
  enabled: true,
  lastPolledAt: '2026-05-01T09:00:00.000Z',
  lastSuccessAt: null,
  lastError: 'The server refused the sign-in as report-phish@acme.test: check the app’s access to this mailbox (server said: NO AUTHENTICATE failed.)',
  updatedAt: '2026-05-01T08:00:00.000Z',
};
const stateWith = (overrides: Partial<PhishMailboxState> = {}): PhishMailboxState => ({ settings: null, pendingCount: 0, can: { edit: true, test: false, delete: false }, ...overrides });
const suspicious: ReportedMessage = {
  id: '00000000-0000-4000-8000-0000000000a1',
  kind: 'suspicious',
  reporter: { email: 'ada@acme.test', verified: true, personId: '00000000-0000-4000-8000-0000000000b1', name: 'Ada Lovelace' },
  sender: { address: 'billing@invoices-payable.example', name: 'Billing' },
  subject: 'Overdue invoice 4471',
  receivedAt: '2026-05-01T07:00:00.000Z',
  reportedAt: '2026-05-01T07:05:00.000Z',
  links: [{ url: 'https://pay.invoices-payable.example/x', host: 'pay.invoices-payable.example' }],
  attachments: [{ name: 'invoice-4471.pdf', contentType: 'application/pdf', size: 30, sha256: 'a'.repeat(64) }],
  excerpt: 'Pay now: portal',
  countedAsReport: false,
  verdict: 'pending',
  verdictBy: null,
  verdictAt: null,
  can: { setVerdict: true },
};
const simulation: ReportedMessage = { ...suspicious, id: '00000000-0000-4000-8000-0000000000a2', kind: 'simulation', subject: 'Your password expires today', links: [], attachments: [], verdict: null, countedAsReport: true, can: { setVerdict: false } };
const forged: ReportedMessage = { ...simulation, id: '00000000-0000-4000-8000-0000000000a3', reporter: { email: 'cfo@acme.test', verified: false, personId: null, name: null }, countedAsReport: false };

describe('PhishMailboxPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sets up a password mailbox, showing the server’s problem on its field, and says what to do while nothing is reported', async () => {
    let attempt = 0;
    const calls = serveApi({
      'GET /api/integrations/phish-mailbox/': () => json(stateWith()),
      'PUT /api/integrations/phish-mailbox/': () =>
        ++attempt === 1
          ? json({ error: { code: 'VALIDATION_FAILED', message: 'host', details: [{ field: 'body.host', problem: 'is a loopback address' }] } }, 400)
          : json(stateWith({ settings: { ...settings, auth: { method: 'password', hasPassword: true }, host: 'imap.acme.test', lastError: null }, can: { edit: true, test: true, delete: true } })),
      'GET /api/integrations/phish-mailbox/messages/': () => json({ items: [], nextCursor: null }),
    });
    renderPageSignedIn(PhishMailboxPanel, '/configure/integrations/phish-mailbox/');
    expect(await screen.findByTestId('phish-mailbox-mail-empty')).toHaveTextContent('Tell your people the address of the mailbox');

    fireEvent.change(screen.getByRole('textbox', { name: /IMAP server/ }), { target: { value: '127.0.0.1' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Mailbox address/ }), { target: { value: 'report-phish@acme.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'app password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('is a loopback address')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      host: '127.0.0.1',
      port: 993,
      tlsMode: 'tls',
      username: 'report-phish@acme.test',
      folder: 'INBOX',
      auth: { method: 'password', password: 'app password' },
      processedAction: 'move',
      processedFolder: 'Vigil processed',
      thankReporters: true,
      enabled: true,
    });

    fireEvent.change(screen.getByRole('textbox', { name: /IMAP server/ }), { target: { value: 'imap.acme.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('button', { name: 'Test connection' })).toBeInTheDocument();
    // The saved password is never shown: the field says it is kept.
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByText('Saved. Leave empty to keep it.')).toBeInTheDocument();
  });

  it('asks for the saved password again when the server or mailbox address changes, and says why', async () => {
    const calls = serveApi({
      'GET /api/integrations/phish-mailbox/': () => json(stateWith({ settings: { ...settings, host: 'imap.acme.test', auth: { method: 'password', hasPassword: true }, lastError: null }, can: { edit: true, test: true, delete: true } })),
      'PUT /api/integrations/phish-mailbox/': () =>
        json({ error: { code: 'VALIDATION_FAILED', message: 'password', details: [{ field: 'body.auth.password', problem: 'is required again: the host changed' }] } }, 400),
      'GET /api/integrations/phish-mailbox/messages/': () => json({ items: [], nextCursor: null }),
    });
    renderPageSignedIn(PhishMailboxPanel, '/configure/integrations/phish-mailbox/');
    const password = await screen.findByLabelText(/^Password/);
    expect(password).not.toBeRequired();
    expect(screen.getByText('Saved. Leave empty to keep it.')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: /IMAP server/ }), { target: { value: 'imap.elsewhere.example' } });
    expect(password).toBeRequired();
    expect(password).toHaveAccessibleDescription(
      'You changed the server, account or app: enter it again. A saved secret is only used for the server and account it was saved for.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('is required again: the host changed')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ host: 'imap.elsewhere.example', auth: { method: 'password' } });

    // Back to the saved server, the saved password is kept; another mailbox address asks again.
    fireEvent.change(screen.getByRole('textbox', { name: /IMAP server/ }), { target: { value: 'imap.acme.test' } });
    expect(password).not.toBeRequired();
    fireEvent.change(screen.getByRole('textbox', { name: /Mailbox address/ }), { target: { value: 'ceo@acme.test' } });
    expect(password).toBeRequired();
  });

  it('shows the last error and what the server said when the connection test fails', async () => {
    serveApi({
      'GET /api/integrations/phish-mailbox/': () => json(stateWith({ settings, can: { edit: true, test: true, delete: true } })),
      'GET /api/integrations/phish-mailbox/messages/': () => json({ items: [], nextCursor: null }),
      'POST /api/integrations/phish-mailbox/test/': () => json({ ok: false, stage: 'token', message: 'Microsoft refused the app’s credentials (HTTP 401)', serverResponse: 'invalid_client: AADSTS7000215: Invalid client secret provided.' }),
    });
    renderPageSignedIn(PhishMailboxPanel, '/configure/integrations/phish-mailbox/');
    expect(await screen.findByTestId('phish-mailbox-last-error')).toHaveTextContent('The last check failed: The server refused the sign-in');
    expect(screen.getByRole('textbox', { name: /Directory \(tenant\) ID/ })).toHaveValue('acme.onmicrosoft.com');
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    const result = await screen.findByTestId('phish-mailbox-test-result');
    expect(result).toHaveTextContent('Getting a sign-in token failed. Microsoft refused the app’s credentials (HTTP 401) — the server said: invalid_client: AADSTS7000215');
  });

  it('lists reported mail for triage, sets a verdict, and shows links and attachment hashes in the details', async () => {
    const calls = serveApi({
      'GET /api/integrations/phish-mailbox/': () => json(stateWith({ settings: { ...settings, lastError: null, lastSuccessAt: '2026-05-01T09:00:00.000Z' }, pendingCount: 1, can: { edit: true, test: true, delete: true } })),
      'GET /api/integrations/phish-mailbox/messages/': () => json({ items: [suspicious, simulation, forged], nextCursor: null }),
      'PATCH /api/integrations/phish-mailbox/messages/00000000-0000-4000-8000-0000000000a1/': () => json({ ...suspicious, verdict: 'phishing' }),
    });
    renderPageSignedIn(PhishMailboxPanel, '/configure/integrations/phish-mailbox/');
    const table = await screen.findByRole('table', { name: 'Reported mail' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('SuspiciousAda Lovelacebilling@invoices-payable.exampleOverdue invoice 4471');
    expect(rows[0]).toHaveTextContent('1 / 1');
    expect(rows[1]).toHaveTextContent('Counted as a report');
    // A reporter address the mail server did not vouch for is marked, and says why it did not count.
    expect(rows[0]).not.toHaveTextContent('Address not verified');
    expect(rows[2]).toHaveTextContent('cfo@acme.testAddress not verified');
    expect(rows[2]).toHaveTextContent('Not counted: the reporter’s address could not be verified');
    expect(screen.getByTestId('phish-mailbox-mail')).toHaveTextContent('1 report waits for a verdict');

    fireEvent.mouseDown(within(rows[0]!).getByRole('combobox', { name: 'Verdict for “Overdue invoice 4471”' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Phishing' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ verdict: 'phishing' }));

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Overdue invoice 4471' }));
    const details = await screen.findByTestId('phish-mailbox-details');
    expect(details).toHaveTextContent('pay.invoices-payable.example — https://pay.invoices-payable.example/x');
    expect(details).toHaveTextContent(`invoice-4471.pdf (application/pdf, 30 bytes)SHA-256 ${'a'.repeat(64)}`);
  });
});
