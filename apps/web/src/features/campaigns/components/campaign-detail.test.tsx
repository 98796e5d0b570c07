import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { buildCampaign, buildRecipient, buildResults, campaignId, departmentId, json, renderSignedIn, serveApi, zeroCounts } from '../testing';
import { CampaignDetail } from './campaign-detail';

const routes = [{ path: '/configure/testing/campaigns/:campaignId/', Component: () => <CampaignDetail campaignId={campaignId} /> }];
const page = `/configure/testing/campaigns/${campaignId}/`;

const counts = { ...zeroCounts, recipients: 40, scheduled: 2, sent: 36, uncertain: 2, opened: 20, clicked: 9, submitted: 3, reported: 12, machineClicks: 4 };
const sending = buildCampaign({
  status: 'sending',
  launchedAt: '2026-03-02T09:00:00Z',
  counts,
  can: { edit: false, launch: false, delete: false, pause: true, resume: false, cancel: true },
});
const results = buildResults({
  counts,
  uncertain: 2,
  byDepartment: [
    { departmentId, name: 'Finance', recipients: 30, sent: 28, opened: 15, clicked: 8, submitted: 3, reported: 9 },
    { departmentId: null, name: '', recipients: 10, sent: 8, opened: 5, clicked: 1, submitted: 0, reported: 3 },
  ],
  timeline: [{ hour: '2026-03-02T09:00:00Z', sent: 36, opened: 20, clicked: 9, submitted: 3, reported: 12 }],
});

const serveCampaign = (extra: Parameters<typeof serveApi>[0] = {}) =>
  serveApi({
    [`GET /api/campaigns/${campaignId}/`]: () => json(sending),
    [`GET /api/campaigns/${campaignId}/results/`]: () => json(results),
    [`GET /api/campaigns/${campaignId}/recipients/`]: () => json({ items: [buildRecipient({ clickedAt: '2026-03-02T09:20:00Z' })], nextCursor: null }),
    ...extra,
  });

describe('a campaign’s page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the funnel’s numbers in a table beside the chart, with shares of what was sent', async () => {
    serveCampaign();
    renderSignedIn(routes, page);
    const table = await screen.findByTestId('funnel-table');
    expect(within(table).getByTestId('funnel-sent')).toHaveTextContent(/^Sent36100%$/);
    expect(within(table).getByTestId('funnel-opened')).toHaveTextContent(/^Opened2056%$/);
    expect(within(table).getByTestId('funnel-clicked')).toHaveTextContent(/^Clicked925%$/);
    expect(within(table).getByTestId('funnel-submitted')).toHaveTextContent(/^Submitted data38%$/);
    expect(within(table).getByTestId('funnel-reported')).toHaveTextContent(/^Reported1233%$/);
    expect(within(table).getByTestId('funnel-machineClicks')).toHaveTextContent(/^Machine clicks411%$/);
    expect(screen.getByRole('figure', { name: /Bar chart of how many people were sent a lure/ })).toBeInTheDocument();

    const departments = screen.getByTestId('departments-table');
    expect(within(departments).getByRole('row', { name: /Finance/ })).toHaveTextContent(/^Finance302815839$/);
    expect(within(departments).getByRole('row', { name: /No department/ })).toBeInTheDocument();
    expect(within(screen.getByTestId('timeline-table')).getAllByRole('row')).toHaveLength(2);
  });

  it('shows status, live progress and only the moves the API allows', async () => {
    serveCampaign();
    renderSignedIn(routes, page);
    const summary = await screen.findByTestId('campaign-summary');
    expect(within(summary).getByRole('heading', { level: 2, name: 'Spring payroll check' })).toBeVisible();
    expect(within(summary).getByTestId('campaign-status')).toHaveTextContent('Sending');
    expect(within(summary).getByTestId('campaign-progress')).toHaveTextContent('36 of 40 sent');
    expect(summary).toHaveTextContent('Updates every 5 seconds while sending.');
    expect(within(summary).getByRole('button', { name: 'Pause' })).toBeVisible();
    expect(within(summary).getByRole('button', { name: 'Cancel campaign' })).toBeVisible();
    expect(within(summary).queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
    expect(within(summary).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('lists recipients whose delivery is uncertain, with a link that filters the table', async () => {
    const calls = serveCampaign();
    const { router } = renderSignedIn(routes, page);
    const alert = await screen.findByTestId('campaign-uncertain');
    expect(alert).toHaveTextContent("2 recipients' sends were interrupted");
    fireEvent.click(within(alert).getByRole('link', { name: 'Show them' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=uncertain'));
    await waitFor(() => expect(calls.some((call) => call.url.pathname.endsWith('/recipients/') && call.url.searchParams.get('state') === 'uncertain')).toBe(true));
  });

  it('keeps the recipients’ filters in the address and downloads the CSV with them and the session', async () => {
    const calls = serveCampaign({ [`GET /api/campaigns/${campaignId}/recipients/`]: (call) =>
      call.url.searchParams.get('format') === 'csv'
        ? new Response('name,email\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="campaign-recipients.csv"' } })
        : json({ items: [buildRecipient({ clickedAt: '2026-03-02T09:20:00Z' })], nextCursor: null }) });
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    renderSignedIn(routes, `${page}?outcome=clicked&departmentId=${departmentId}`);
    const row = await screen.findByTestId('recipient-row');
    expect(row).toHaveTextContent('Priya Natarajan');
    expect(row).toHaveTextContent('Clicked');
    const list = calls.find((call) => call.url.pathname.endsWith('/recipients/'))!;
    expect(list.url.searchParams.get('outcome')).toBe('clicked');
    expect(list.url.searchParams.get('departmentId')).toBe(departmentId);

    fireEvent.click(screen.getByTestId('recipients-download'));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const csv = calls.find((call) => call.url.searchParams.get('format') === 'csv')!;
    expect(Object.fromEntries(csv.url.searchParams)).toEqual({ outcome: 'clicked', departmentId, format: 'csv' });
    const init = vi.mocked(fetch).mock.calls.find(([input]) => String(input).includes('format=csv'))![1]!;
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer session.jwt');
  });

  it('says so when the campaign does not exist', async () => {
    serveApi({});
    renderSignedIn(routes, page);
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('This campaign does not exist');
    expect(screen.getByRole('link', { name: 'All campaigns' })).toHaveAttribute('href', '/configure/testing/');
  });
});
