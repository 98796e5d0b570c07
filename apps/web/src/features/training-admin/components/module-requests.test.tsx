import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ModuleRequest } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { expectNoAxeViolations } from '../axe';
import { json, renderTrainingAdmin, serveApi } from '../testing';

const page = '/configure/trainings/request/';

const buildRequest = (overrides: Partial<ModuleRequest> = {}): ModuleRequest => ({
  id: '00000000-0000-4000-8000-00000000f001',
  topic: 'Tailgating at the warehouse gate',
  objectives: 'Yard staff challenge people without a badge and report them.',
  audience: 'Warehouse staff',
  languages: ['en_us', 'de_de'],
  minutes: 4,
  wantedBy: '2099-03-01',
  notes: '',
  status: 'in_review',
  requestedBy: 'Ava Admin',
  createdAt: '2026-11-02T10:00:00Z',
  updatedAt: '2026-11-03T10:00:00Z',
  ...overrides,
});

describe('custom module requests', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what to do when there are none, and checks the form before sending', async () => {
    const calls = serveApi({ 'GET /api/training-module-requests/': () => json({ items: [] }) });
    renderTrainingAdmin(page);
    expect(await screen.findByTestId('module-requests-empty')).toHaveTextContent('No requests yet. Describe the module you need in the form above');
    expect(screen.getByRole('link', { name: 'Requests' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations();

    const form = screen.getByTestId('module-request-form');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'English' }));
    fireEvent.change(within(form).getByRole('textbox', { name: 'What it should teach' }), { target: { value: 'Too short' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await within(form).findByText('Enter a topic.')).toBeVisible();
    expect(within(form).getByRole('textbox', { name: 'What it should teach' })).toHaveAccessibleDescription('Say in at least 20 characters what people should be able to do afterwards.');
    expect(within(form).getByRole('group', { name: 'Languages' })).toHaveAccessibleDescription('Choose at least one language.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sends the request, says so, and lists it with its status', async () => {
    let saved: ModuleRequest[] = [];
    const calls = serveApi({
      'GET /api/training-module-requests/': () => json({ items: saved }),
      'POST /api/training-module-requests/': (call) => {
        saved = [buildRequest({ ...(call.body as Partial<ModuleRequest>), status: 'requested' })];
        return json(saved[0], 201);
      },
    });
    renderTrainingAdmin(page);
    const form = await screen.findByTestId('module-request-form');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Topic' }), { target: { value: 'Tailgating at the warehouse gate' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'What it should teach' }), { target: { value: 'Yard staff challenge people without a badge and report them.' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Who it is for' }), { target: { value: 'Warehouse staff' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'German' }));
    fireEvent.change(within(form).getByRole('spinbutton', { name: 'Length (minutes)' }), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Wanted by'), { target: { value: '2099-03-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send request' }));

    expect(await within(form).findByRole('status')).toHaveTextContent('Your request is sent.');
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      topic: 'Tailgating at the warehouse gate',
      objectives: 'Yard staff challenge people without a badge and report them.',
      audience: 'Warehouse staff',
      languages: ['en_us', 'de_de'],
      minutes: 3,
      wantedBy: '2099-03-01',
      notes: '',
    });
    const row = await screen.findByTestId('module-request-row');
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Tailgating at the warehouse gate', 'English and German', '3 minutes', 'Mar 1, 2099', 'Requested', 'Nov 2, 2026 by Ava Admin']);
    // The form is empty again for the next request.
    expect(within(form).getByRole('textbox', { name: 'Topic' })).toHaveValue('');
    await expectNoAxeViolations();
  });

  it('puts the server’s problem on its field', async () => {
    serveApi({
      'GET /api/training-module-requests/': () => json({ items: [buildRequest({ status: 'declined' })] }),
      'POST /api/training-module-requests/': () => json({ error: { code: 'VALIDATION_FAILED', message: 'body.topic: must not contain control characters', details: [{ field: 'body.topic', problem: 'must not contain control characters' }] } }, 400),
    });
    renderTrainingAdmin(page);
    expect(await screen.findByText('Declined')).toBeInTheDocument();
    const form = screen.getByTestId('module-request-form');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Topic' }), { target: { value: 'Fine topic' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'What it should teach' }), { target: { value: 'People report suspicious badges at the gate.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Topic' })).toHaveAccessibleDescription('must not contain control characters'));
  });
});
