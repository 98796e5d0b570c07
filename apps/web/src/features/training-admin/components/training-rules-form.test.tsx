import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { buildSettings, json, renderTrainingAdmin, serveApi } from '../testing';

const page = '/configure/trainings/frequency/';

describe('the training rules', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the saved rules and saves the whole set', async () => {
    const calls = serveApi({
      'GET /api/training-settings/': () => json(buildSettings({ reminders: { enabled: true, daysBefore: 3, overdueEveryDays: 0, escalateAfterDays: 14 } })),
      'PUT /api/training-settings/': (call) => json(call.body),
    });
    renderTrainingAdmin(page);
    const form = await screen.findByTestId('training-rules-form');
    expect(within(form).getByRole('switch', { name: 'No skipping ahead' })).toBeChecked();
    expect(within(form).getByRole('switch', { name: 'No skipping ahead' })).toHaveAccessibleDescription('People cannot move the video past the point they have watched.');
    expect(within(form).getByRole('switch', { name: 'Allow testing out' })).not.toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Replied' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Training rules' })).toHaveAttribute('aria-current', 'page');
    expect(within(form).getByRole('switch', { name: 'Email reminders about trainings' })).toBeChecked();
    expect(within(form).getByRole('spinbutton', { name: 'Remind before the due date (days)' })).toHaveValue(3);
    expect(within(form).getByRole('spinbutton', { name: 'Repeat while overdue (days)' })).toHaveValue(0);
    expect(within(form).getByRole('spinbutton', { name: 'Repeat while overdue (days)' })).toHaveAccessibleDescription(
      'Once a training is overdue, remind again every this many days; 0 means one overdue reminder only.',
    );
    expect(within(form).getByRole('spinbutton', { name: 'Tell the manager after (days overdue)' })).toHaveValue(14);

    fireEvent.click(within(form).getByRole('switch', { name: 'Allow testing out' }));
    fireEvent.change(within(form).getByRole('spinbutton', { name: 'Quiz attempts' }), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Replied' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Called the number' }));
    fireEvent.change(within(form).getByRole('spinbutton', { name: 'Due in (days)' }), { target: { value: '10' } });
    fireEvent.change(within(form).getByRole('spinbutton', { name: 'Remind before the due date (days)' }), { target: { value: '0' } });
    fireEvent.change(within(form).getByRole('spinbutton', { name: 'Repeat while overdue (days)' }), { target: { value: '5' } });
    fireEvent.change(within(form).getByRole('spinbutton', { name: 'Tell the manager after (days overdue)' }), { target: { value: '30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByRole('status')).toHaveTextContent('The training rules are saved.');
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toEqual({
      noSkipAhead: true,
      testOutAllowed: true,
      maxQuizAttempts: 3,
      remedial: { enabled: true, failureEvents: ['clicked', 'submitted', 'attachment_opened', 'qr_scanned'], dueInDays: 10 },
      reminders: { enabled: true, daysBefore: 0, overdueEveryDays: 5, escalateAfterDays: 30 },
    });
  });

  it('turns the reminders off without losing their numbers', async () => {
    const calls = serveApi({
      'GET /api/training-settings/': () => json(buildSettings()),
      'PUT /api/training-settings/': (call) => json(call.body),
    });
    renderTrainingAdmin(page);
    const form = await screen.findByTestId('training-rules-form');
    const daysBefore = within(form).getByRole('spinbutton', { name: 'Remind before the due date (days)' });
    expect(daysBefore).toBeEnabled();

    fireEvent.click(within(form).getByRole('switch', { name: 'Email reminders about trainings' }));
    expect(daysBefore).toBeDisabled();
    expect(within(form).getByRole('spinbutton', { name: 'Repeat while overdue (days)' })).toBeDisabled();
    expect(within(form).getByRole('spinbutton', { name: 'Tell the manager after (days overdue)' })).toBeDisabled();
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByRole('status')).toHaveTextContent('The training rules are saved.');
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ reminders: { enabled: false, daysBefore: 2, overdueEveryDays: 7, escalateAfterDays: 7 } });
    expect(daysBefore).toHaveValue(2);
  });

  it('checks the numbers and the outcomes before sending, and puts the server’s problem on its field', async () => {
    const calls = serveApi({
      'GET /api/training-settings/': () => json(buildSettings({ remedial: { enabled: true, failureEvents: ['clicked'], dueInDays: 7 } })),
      'PUT /api/training-settings/': () =>
        json({ error: { code: 'VALIDATION_FAILED', message: 'Invalid', details: [{ field: 'body.remedial.dueInDays', problem: 'must be at most the organization’s limit of 30' }] } }, 400),
    });
    renderTrainingAdmin(page);
    const form = await screen.findByTestId('training-rules-form');
    const attempts = within(form).getByRole('spinbutton', { name: 'Quiz attempts' });
    fireEvent.change(attempts, { target: { value: '11' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Clicked a link' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(attempts).toHaveAccessibleDescription('Enter a whole number from 0 to 10.'));
    expect(within(form).getByText('Choose at least one outcome.')).toBeVisible();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(attempts, { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Clicked a link' }));
    fireEvent.change(within(form).getByRole('spinbutton', { name: 'Due in (days)' }), { target: { value: '60' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(form).getByRole('spinbutton', { name: 'Due in (days)' })).toHaveAccessibleDescription('must be at most the organization’s limit of 30'));
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    expect(within(form).queryByRole('status')).not.toBeInTheDocument();
  });

  it('checks the reminder days before sending, and puts the server’s problem on the reminder field', async () => {
    const calls = serveApi({
      'GET /api/training-settings/': () => json(buildSettings()),
      'PUT /api/training-settings/': () =>
        json({ error: { code: 'VALIDATION_FAILED', message: 'Invalid', details: [{ field: 'body.reminders.daysBefore', problem: 'must be at most 30' }] } }, 400),
    });
    renderTrainingAdmin(page);
    const form = await screen.findByTestId('training-rules-form');
    const daysBefore = within(form).getByRole('spinbutton', { name: 'Remind before the due date (days)' });
    const escalate = within(form).getByRole('spinbutton', { name: 'Tell the manager after (days overdue)' });
    fireEvent.change(daysBefore, { target: { value: '31' } });
    fireEvent.change(escalate, { target: { value: '91' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(daysBefore).toHaveAccessibleDescription('Enter a whole number of days from 0 to 30.'));
    expect(escalate).toHaveAccessibleDescription('Enter a whole number of days from 0 to 90.');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(daysBefore, { target: { value: '30' } });
    fireEvent.change(escalate, { target: { value: '90' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(daysBefore).toHaveAccessibleDescription('must be at most 30'));
    expect(daysBefore).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });
});
