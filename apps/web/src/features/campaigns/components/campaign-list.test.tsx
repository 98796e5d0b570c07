import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { buildCampaign, buildProfile, json, renderSignedIn, serveApi, zeroCounts } from '../testing';
import { Campaigns } from './campaign-list';

const routes = [{ path: '/configure/testing/', Component: Campaigns }];

describe('Campaigns', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says to add a sending profile first when there is none, and leads there', async () => {
    serveApi({
      'GET /api/campaigns/': () => json({ items: [], nextCursor: null }),
      'GET /api/sending-profiles/': () => json({ items: [] }),
    });
    renderSignedIn(routes, '/configure/testing/');
    const empty = await screen.findByTestId('campaigns-empty');
    await waitFor(() => expect(empty).toHaveTextContent('First add a sending profile'));
    expect(within(empty).getByRole('link', { name: 'Go to Sending profiles' })).toHaveAttribute('href', '/configure/testing/?tab=sendingProfiles');
  });

  it('says to create a campaign once a profile exists', async () => {
    serveApi({
      'GET /api/campaigns/': () => json({ items: [], nextCursor: null }),
      'GET /api/sending-profiles/': () => json({ items: [buildProfile()] }),
    });
    renderSignedIn(routes, '/configure/testing/');
    await waitFor(() => expect(screen.getByTestId('campaigns-empty')).toHaveTextContent('No campaigns yet. Create one'));
  });

  it('lists campaigns with status, progress and rates of what was sent, and shows more by key', async () => {
    const sending = buildCampaign({
      name: 'Q1 invoices',
      status: 'sending',
      launchedAt: '2026-03-02T09:00:00Z',
      counts: { ...zeroCounts, recipients: 312, sent: 200, clicked: 30, submitted: 9, reported: 50 },
      can: { edit: false, launch: false, delete: false, pause: true, resume: false, cancel: true },
    });
    const draft = buildCampaign({ id: '00000000-0000-4000-8000-0000000000c2', name: 'Spring payroll check' });
    const older = buildCampaign({ id: '00000000-0000-4000-8000-0000000000c3', name: 'Winter deliveries', status: 'completed', counts: { ...zeroCounts, recipients: 4, sent: 4, clicked: 1 } });
    const calls = serveApi({
      'GET /api/campaigns/': (call) =>
        call.url.searchParams.get('cursor') === 'next' ? json({ items: [older], nextCursor: null }) : json({ items: [sending, draft], nextCursor: 'next' }),
      'GET /api/sending-profiles/': () => json({ items: [buildProfile()] }),
    });
    renderSignedIn(routes, '/configure/testing/');
    const rows = await screen.findAllByTestId('campaign-row');
    expect(rows[0]).toHaveTextContent('Q1 invoices');
    expect(rows[0]).toHaveTextContent('Sending');
    expect(rows[0]).toHaveTextContent('200 of 312 sent');
    expect(within(rows[0]!).getByRole('progressbar', { name: 'Sending progress of Q1 invoices' })).toHaveAttribute('aria-valuenow', '64');
    // Clicked, submitted and reported as a share of what was sent.
    expect(rows[0]).toHaveTextContent('15%');
    expect(rows[0]).toHaveTextContent('5%');
    expect(rows[0]).toHaveTextContent('25%');
    expect(within(rows[0]!).getByRole('link', { name: 'Q1 invoices' })).toHaveAttribute('href', '/configure/testing/campaigns/00000000-0000-4000-8000-0000000000c1/');
    expect(within(rows[0]!).queryByRole('button', { name: 'Edit Q1 invoices' })).not.toBeInTheDocument();
    // A draft: no rates yet, and its moves.
    expect(rows[1]).toHaveTextContent('Draft');
    expect(within(rows[1]!).getAllByText('Not yet').length).toBeGreaterThan(0);
    expect(within(rows[1]!).getByRole('button', { name: 'Launch Spring payroll check' })).toBeVisible();
    expect(within(rows[1]!).getByRole('button', { name: 'Edit Spring payroll check' })).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Show more campaigns' }));
    await waitFor(() => expect(screen.getAllByTestId('campaign-row')).toHaveLength(3));
    expect(calls.filter((call) => call.url.pathname === '/api/campaigns/').map((call) => call.url.searchParams.get('cursor'))).toEqual([null, 'next']);
    expect(screen.queryByRole('button', { name: 'Show more campaigns' })).not.toBeInTheDocument();
  });
});
