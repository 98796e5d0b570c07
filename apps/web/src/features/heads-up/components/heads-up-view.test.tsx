import { screen, within } from '@testing-library/react';
import type { HeadsUpSimulation } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { buildPersonalRecord } from '../../../testing/builders';
import { renderSignedIn, stubApi } from '../../../testing/signed-in';
import { HeadsUpView } from './heads-up-view';

const recipientId = '7a0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';
const robin = buildPersonalRecord({ role: 'User' });

const buildSimulation = (overrides: Partial<HeadsUpSimulation> = {}): HeadsUpSimulation => ({
  recipientId,
  vector: 'credential-harvest',
  sentAt: '2026-03-12T09:30:00.000Z',
  outcome: 'submitted',
  outcomeAt: '2026-03-12T10:02:00.000Z',
  openedAt: '2026-03-12T10:00:00.000Z',
  clickedAt: '2026-03-12T10:01:00.000Z',
  attachmentOpenedAt: null,
  qrScannedAt: null,
  repliedAt: null,
  calledAt: null,
  submittedAt: '2026-03-12T10:02:00.000Z',
  reportedAt: null,
  mail: {
    language: 'en_us',
    fromName: 'IT Service Desk',
    fromAddress: 'it-servicedesk@northwind-support.example',
    subject: 'Your password expires today, Robin',
    html: '<p>Hello Robin, <a href="#">Keep my password</a></p>',
    text: 'Hello Robin',
    sms: null,
    attachmentFileName: null,
  },
  redFlags: [
    { cue: 'tactics', title: 'A deadline of today', explanation: 'Pressure to act quickly is meant to stop you from checking.' },
    { cue: 'technical', title: 'The sender is not quite your company', explanation: 'The domain is spelled slightly differently from your company’s.' },
  ],
  redFlagsLanguage: 'en_us',
  nextLesson: null,
  ...overrides,
});

const page = (recipient: string | null) => [{ path: '/heads-up/', Component: () => <HeadsUpView recipientId={recipient} /> }];

describe('HeadsUpView', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what happened, shows the message with its links off, its red flags and what to do next time', async () => {
    const server = stubApi(robin, { [`/api/heads-up/?recipient=${recipientId}`]: { body: { simulation: buildSimulation() } } });
    renderSignedIn(page(recipientId), '/heads-up/');

    const outcome = await screen.findByTestId('heads-up-outcome');
    expect(outcome).toHaveTextContent('That was a simulated phishing attack');
    expect(outcome).toHaveTextContent('On March 12, 2026 you opened a simulated phishing email and entered your details on the page it led to.');
    expect(outcome).toHaveTextContent('nothing you typed was stored');

    const message = screen.getByRole('region', { name: 'The message you received' });
    expect(within(message).getByTestId('heads-up-mail-header')).toHaveTextContent('FromIT Service Desk <it-servicedesk@northwind-support.example>SubjectYour password expires today, Robin');
    const frame = within(message).getByTitle('The simulated message, with its links switched off');
    expect(frame).toHaveAttribute('sandbox', '');

    const flags = within(screen.getByRole('region', { name: 'The signs you could have spotted' })).getAllByRole('listitem');
    expect(flags.map((flag) => flag.textContent)).toEqual([
      'A deadline of todayPressure to act quickly is meant to stop you from checking.',
      'The sender is not quite your companyThe domain is spelled slightly differently from your company’s.',
    ]);
    // No lesson assigned yet: real advice instead, with the Report button.
    const advice = within(screen.getByRole('region', { name: 'What to do next time' })).getAllByRole('listitem');
    expect(advice).toHaveLength(4);
    expect(advice[3]).toHaveTextContent('report it with the Report button');
    expect(server.mock.calls.some(([url]) => url === `/api/heads-up/?recipient=${recipientId}`)).toBe(true);
  });

  it('congratulates a person who reported the message', async () => {
    stubApi(robin, { '/api/heads-up/': { body: { simulation: buildSimulation({ outcome: 'reported', outcomeAt: '2026-03-13T08:00:00.000Z', reportedAt: '2026-03-13T08:00:00.000Z', submittedAt: null, clickedAt: null }) } } });
    renderSignedIn(page(null), '/heads-up/');
    const outcome = await screen.findByTestId('heads-up-outcome');
    expect(outcome).toHaveTextContent('Well spotted');
    expect(outcome).toHaveTextContent('On March 13, 2026 you reported a simulated phishing email. That is exactly the right thing to do.');
  });

  it('names a QR scan when that is how the person fell for it', async () => {
    stubApi(robin, { '/api/heads-up/': { body: { simulation: buildSimulation({ vector: 'qr-code', outcome: 'clicked', outcomeAt: '2026-03-12T11:00:00.000Z', clickedAt: null, submittedAt: null, qrScannedAt: '2026-03-12T11:00:00.000Z' }) } } });
    renderSignedIn(page(null), '/heads-up/');
    expect(await screen.findByTestId('heads-up-outcome')).toHaveTextContent('On March 12, 2026 you scanned the QR code in a simulated phishing email.');
  });

  it('says so when the message is not one of the person’s, and offers their most recent', async () => {
    stubApi(robin, { [`/api/heads-up/?recipient=${recipientId}`]: { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No simulated message with this id was sent to you' } } } });
    renderSignedIn(page(recipientId), '/heads-up/');
    expect(await screen.findByTestId('heads-up-error')).toHaveTextContent('This simulated message was not sent to you, or it has not been sent yet.');
    expect(screen.getByRole('link', { name: 'Show my most recent simulation' })).toHaveAttribute('href', '/heads-up/');
  });

  it('shows a friendly empty state when nothing was sent to the person yet', async () => {
    stubApi(robin, { '/api/heads-up/': { body: { simulation: null } } });
    renderSignedIn(page(null), '/heads-up/');
    expect(await screen.findByTestId('heads-up-empty')).toHaveTextContent('No simulated phishing message has been sent to you yet.');
    expect(screen.getByRole('link', { name: 'Go to Vigil' })).toHaveAttribute('href', '/');
  });
});
