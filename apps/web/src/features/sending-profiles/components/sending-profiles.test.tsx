import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { serveApi } from '../../../testing/serve-api';
import { json, renderPageSignedIn } from '../../../testing/signed-in';
import { buildProfile } from '../testing';
import { SendingProfiles } from './sending-profiles';

const profile = buildProfile();

const fill = (dialog: HTMLElement, name: string | RegExp, value: string) => fireEvent.change(within(dialog).getByLabelText(name), { target: { value } });

describe('SendingProfiles', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what to do when there is no profile yet', async () => {
    serveApi({ 'GET /api/sending-profiles/': () => json({ items: [] }) });
    renderPageSignedIn(SendingProfiles, '/configure/testing/');
    expect(await screen.findByTestId('sending-profiles-empty')).toHaveTextContent('No sending profiles yet. Add the SMTP server');
  });

  it('lists profiles with whether a password is set, never a password', async () => {
    serveApi({ 'GET /api/sending-profiles/': () => json({ items: [profile, buildProfile({ id: '00000000-0000-4000-8000-000000000002', name: 'Plain relay', hasPassword: false, security: 'none', port: 25, activeCampaigns: 2, can: { edit: true, archive: false, test: true } })] }) });
    renderPageSignedIn(SendingProfiles, '/configure/testing/');
    const rows = await screen.findAllByTestId('sending-profile-row');
    expect(rows[0]).toHaveTextContent('smtp.relay.example:587');
    expect(rows[0]).toHaveTextContent('STARTTLS · Password set');
    expect(rows[0]).toHaveTextContent('60 per minute');
    expect(rows[1]).toHaveTextContent('No encryption · No password');
    expect(rows[1]).toHaveTextContent('Campaigns sending: 2');
    expect(within(rows[1]!).queryByRole('button', { name: 'Archive Plain relay' })).not.toBeInTheDocument();
  });

  it('adds a profile, showing the server’s problem on its field', async () => {
    let attempt = 0;
    const calls = serveApi({
      'GET /api/sending-profiles/': () => json({ items: [] }),
      'POST /api/sending-profiles/': () =>
        ++attempt === 1
          ? json({ error: { code: 'VALIDATION_FAILED', message: 'host', details: [{ field: 'body.host', problem: 'is a cloud metadata address, which outbound connections may never reach' }] } }, 400)
          : json(buildProfile({ name: 'New relay' }), 201),
    });
    renderPageSignedIn(SendingProfiles, '/configure/testing/');
    await screen.findByTestId('sending-profiles-empty');
    fireEvent.click(screen.getByRole('button', { name: 'Add sending profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a sending profile' });
    fill(dialog, /^Name/, 'New relay');
    fill(dialog, /^SMTP server/, '169.254.169.254');
    fill(dialog, /^From address/, 'it@lookalike.example');
    fill(dialog, /^Set password/, 's3cret-pass');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(within(dialog).getByLabelText(/^SMTP server/)).toHaveAccessibleDescription('is a cloud metadata address, which outbound connections may never reach'));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      name: 'New relay',
      host: '169.254.169.254',
      port: 587,
      security: 'starttls',
      username: null,
      password: 's3cret-pass',
      fromAddress: 'it@lookalike.example',
      fromName: '',
      replyTo: null,
      ratePerMinute: 60,
    });

    fill(dialog, /^SMTP server/, 'smtp.lookalike.example');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('sending-profiles-notice')).toHaveTextContent('New relay is saved. Send a test email to check it.');
  });

  it('checks the form with the contract before sending anything', async () => {
    const calls = serveApi({ 'GET /api/sending-profiles/': () => json({ items: [] }) });
    renderPageSignedIn(SendingProfiles, '/configure/testing/');
    await screen.findByTestId('sending-profiles-empty');
    fireEvent.click(screen.getByRole('button', { name: 'Add sending profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a sending profile' });
    fill(dialog, /^Port/, '70000');
    fill(dialog, /^From address/, 'not-an-address');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Port/)).toHaveAccessibleDescription('Enter a whole number from 1 to 65535.'));
    expect(within(dialog).getByLabelText(/^From address/)).toHaveAccessibleDescription('Enter a valid email address, like name@example.com.');
    expect(within(dialog).getByLabelText(/^Name/)).toHaveAccessibleDescription('This field is required.');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('keeps the password unless a new one is typed, and can remove it', async () => {
    const calls = serveApi({
      'GET /api/sending-profiles/': () => json({ items: [profile] }),
      'PATCH /api/sending-profiles/00000000-0000-4000-8000-000000000001/': () => json(profile),
    });
    renderPageSignedIn(SendingProfiles, '/configure/testing/');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Lookalike relay' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit Lookalike relay' });
    expect(within(dialog).getByLabelText(/^Change password/)).toHaveValue('');
    expect(within(dialog).getByLabelText(/^Change password/)).toHaveAccessibleDescription('A password is set. Leave this empty to keep it.');
    fill(dialog, /^Emails per minute/, '30');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByTestId('sending-profiles-notice');
    expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({ ratePerMinute: 30 });

    fireEvent.click(screen.getByRole('button', { name: 'Edit Lookalike relay' }));
    dialog = screen.getByRole('dialog', { name: 'Edit Lookalike relay' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove the password' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PATCH')[1]!.body).toEqual({ password: null });
  });

  it('sends a test email and shows what the server said, or why it failed', async () => {
    let attempt = 0;
    const calls = serveApi({
      'GET /api/sending-profiles/': () => json({ items: [profile] }),
      'POST /api/sending-profiles/00000000-0000-4000-8000-000000000001/test/': () =>
        ++attempt === 1
          ? json({ delivered: false, to: 'marcus@acme.example', problem: 'auth', message: 'Invalid login: 535 5.7.8 Authentication credentials invalid', smtpResponse: '535 5.7.8 Authentication credentials invalid' })
          : json({ delivered: true, to: 'deliverability@acme.example', messageId: '<test-1@acme.example>', smtpResponse: '250 2.0.0 OK queued' }),
    });
    renderPageSignedIn(SendingProfiles, '/configure/testing/');
    fireEvent.click(await screen.findByRole('button', { name: 'Send test email through Lookalike relay' }));
    const dialog = screen.getByRole('dialog', { name: 'Send a test email through Lookalike relay' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send test email' }));
    const failure = await within(dialog).findByTestId('test-email-result');
    expect(failure).toHaveTextContent('The email was not sent to marcus@acme.example.');
    expect(failure).toHaveTextContent('The server refused the user name or password.');
    expect(failure).toHaveTextContent('The server said: 535 5.7.8 Authentication credentials invalid');
    expect(calls.at(-1)!.body).toEqual({});

    fireEvent.change(within(dialog).getByLabelText('Send to'), { target: { value: 'deliverability@acme.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send test email' }));
    await waitFor(() => expect(within(dialog).getByTestId('test-email-result')).toHaveTextContent('The server accepted the email for deliverability@acme.example.'));
    expect(within(dialog).getByTestId('test-email-result')).toHaveTextContent('The server said: 250 2.0.0 OK queued');
    expect(calls.at(-1)!.body).toEqual({ to: 'deliverability@acme.example' });
  });

  it('archives a profile, and says why when campaigns still use it', async () => {
    let attempt = 0;
    serveApi({
      'GET /api/sending-profiles/': () => json({ items: [profile] }),
      'DELETE /api/sending-profiles/00000000-0000-4000-8000-000000000001/': () =>
        ++attempt === 1 ? json({ error: { code: 'CONFLICT', message: '1 campaign(s) still send through this profile' } }, 409) : json(buildProfile({ archivedAt: '2026-01-06T09:00:00Z' })),
    });
    renderPageSignedIn(SendingProfiles, '/configure/testing/');
    fireEvent.click(await screen.findByRole('button', { name: 'Archive Lookalike relay' }));
    const dialog = screen.getByRole('dialog', { name: 'Archive Lookalike relay?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Campaigns are still sending through this profile');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByTestId('sending-profiles-notice')).toHaveTextContent('Lookalike relay is archived.');
  });
});
