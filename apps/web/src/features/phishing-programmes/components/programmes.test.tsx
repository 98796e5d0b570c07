import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PhishingProgramme } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { serveApi } from '../../../testing/serve-api';
import { json, renderPageSignedIn } from '../../../testing/signed-in';
import { Programmes } from './programmes';

const render = () => renderPageSignedIn(Programmes, '/configure/testing/schedule/');

const programme = (overrides: Partial<PhishingProgramme> = {}): PhishingProgramme => ({
  id: '00000000-0000-4000-8000-000000000010',
  name: 'Monthly check',
  departmentIds: ['00000000-0000-4000-8000-000000000020'],
  cadence: 'monthly',
  adaptive: true,
  templateIds: [],
  sendingProfileId: '00000000-0000-4000-8000-000000000001',
  businessHoursOnly: true,
  active: true,
  nextRunAt: '2026-04-14T08:37:00.000Z',
  createdAt: '2026-03-01T09:00:00.000Z',
  can: { edit: true, delete: true },
  ...overrides,
});

const choices = {
  'GET /api/organization/departments/': () => json({ departments: [{ id: '00000000-0000-4000-8000-000000000020', name: 'Finance', peopleCount: 12 }] }),
  'GET /api/sending-profiles/': () => json({ items: [] }),
  'GET /api/phishing-templates/': () => json({ items: [], nextCursor: null, canCreate: true }),
};

describe('Programmes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what to do when there is no programme yet', async () => {
    serveApi({ ...choices, 'GET /api/phishing-programmes/': () => json({ items: [], canCreate: true, timeZone: 'Europe/Paris' }) });
    render();
    expect(await screen.findByTestId('phishing-programmes-empty')).toHaveTextContent('No recurring programs yet');
  });

  it('lists programmes with their audience, cadence and next run, and pauses one', async () => {
    const calls = serveApi({
      ...choices,
      'GET /api/phishing-programmes/': () => json({ items: [programme(), programme({ id: '00000000-0000-4000-8000-000000000011', name: 'Quarterly all', departmentIds: [], cadence: 'quarterly', active: false, adaptive: false, templateIds: ['00000000-0000-4000-8000-000000000030'] })], canCreate: true, timeZone: 'Europe/Paris' }),
      'PATCH /api/phishing-programmes/00000000-0000-4000-8000-000000000010/': () => json(programme({ active: false })),
    });
    render();
    const rows = await screen.findAllByTestId('programme-row');
    await waitFor(() => expect(rows[0]).toHaveTextContent('Finance'));
    expect(rows[0]).toHaveTextContent('Every month');
    expect(rows[0]).toHaveTextContent('Tuesday, April 14, 2026 at 10:37 AM (Europe/Paris)');
    expect(rows[0]).toHaveTextContent('Adaptive');
    expect(rows[1]).toHaveTextContent('Whole organization');
    expect(rows[1]).toHaveTextContent('Paused: no run planned');
    expect(rows[1]).toHaveTextContent('Fixed set (1)');

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Pause Monthly check' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ active: false }));
  });

  it('puts the server’s problem on its field when adding a programme', async () => {
    const calls = serveApi({
      ...choices,
      'GET /api/sending-profiles/': () => json({ items: [{ id: '00000000-0000-4000-8000-000000000001', name: 'Relay', host: 'smtp.example', port: 587, security: 'starttls', username: null, hasPassword: false, fromAddress: 'it@example.com', fromName: 'IT', replyTo: null, ratePerMinute: 60, activeCampaigns: 0, createdAt: '2026-01-05T09:00:00Z', updatedAt: '2026-01-05T09:00:00Z', archivedAt: null, can: { edit: true, archive: true, test: true } }] }),
      'GET /api/phishing-programmes/': () => json({ items: [], canCreate: true, timeZone: 'Europe/Paris' }),
      'POST /api/phishing-programmes/': () => json({ error: { code: 'VALIDATION_FAILED', message: 'x', details: [{ field: 'body.departmentIds', problem: 'must name departments of this organization' }] } }, 400),
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Add program' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a recurring program' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Weekly finance' } });
    fireEvent.mouseDown(within(dialog).getByLabelText(/^Sending profile/));
    fireEvent.click(await screen.findByRole('option', { name: 'Relay' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByText('must name departments of this organization')).toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      name: 'Weekly finance',
      cadence: 'monthly',
      departmentIds: [],
      adaptive: true,
      templateIds: [],
      sendingProfileId: '00000000-0000-4000-8000-000000000001',
      businessHoursOnly: true,
      active: true,
    });
  });
});
