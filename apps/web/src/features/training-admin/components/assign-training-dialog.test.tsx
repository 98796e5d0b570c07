import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { dayAfter, dueAtOf } from '../training-admin-format';
import { buildModule, departmentId, json, moduleId, renderTrainingAdmin, serveApi } from '../testing';

const choices = {
  'GET /api/training-modules/': () => json({ items: [buildModule()] }),
  'GET /api/training-assignments/': () => json({ items: [], nextCursor: null }),
  'GET /api/organization/departments/': () => json({ departments: [{ id: departmentId, name: 'Finance', peopleCount: 312 }] }),
  'POST /api/campaigns/audience-preview/': () => json({ count: 310, withoutEmail: 2 }),
};

const openDialog = async () => {
  renderTrainingAdmin('/configure/trainings/');
  await screen.findByTestId('assignments-empty');
  fireEvent.click(screen.getByRole('button', { name: 'Assign training' }));
  return screen.getByRole('dialog', { name: 'Assign training' });
};

const chooseModule = async (dialog: HTMLElement) => {
  fireEvent.mouseDown(within(dialog).getByTestId('assign-module'));
  fireEvent.click(await screen.findByRole('option', { name: /Passwords that hold up/ }));
};

const chooseFinance = async (dialog: HTMLElement) => {
  fireEvent.click(within(dialog).getByLabelText('Departments'));
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Departments/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'Finance (312 people)' }));
};

describe('assigning a training', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is due in 14 days unless told otherwise, and checks the form before sending anything', async () => {
    const calls = serveApi(choices);
    const dialog = await openDialog();
    const due = within(dialog).getByLabelText(/^Due date/);
    expect(due).toHaveValue(dayAfter(new Date(), 14));

    fireEvent.click(within(dialog).getByLabelText('Departments'));
    fireEvent.change(due, { target: { value: '2020-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(await within(dialog).findByText('Choose a training module.')).toBeVisible();
    expect(within(dialog).getByText('Choose at least one department or person, or one manager.')).toBeVisible();
    expect(due).toHaveAccessibleDescription('Choose a due date from today on.');
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/training-assignments/')).toBe(false);
  });

  it('counts everyone active in the audience, assigns, and says how many already had it', async () => {
    const calls = serveApi({ ...choices, 'POST /api/training-assignments/': () => json({ assigned: 300, alreadyAssigned: 12 }, 201) });
    const dialog = await openDialog();
    await chooseModule(dialog);
    await chooseFinance(dialog);
    // People without an email address still take trainings: 310 + 2.
    await waitFor(() => expect(within(dialog).getByTestId('audience-count')).toHaveTextContent('312 people are in this audience'));
    fireEvent.change(within(dialog).getByLabelText(/^Due date/), { target: { value: '2099-05-14' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(await within(dialog).findByTestId('assign-result')).toHaveTextContent('300 assigned, 12 already had it.');
    const post = calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/training-assignments/')!;
    expect(post.body).toEqual({ moduleId, audience: { kind: 'departments', ids: [departmentId] }, dueAt: dueAtOf('2099-05-14') });
    // The list behind the dialog is asked again, so the new assignments show.
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/training-assignments/')).toHaveLength(2));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('puts the server’s problem on its field', async () => {
    serveApi({
      ...choices,
      'POST /api/training-assignments/': () =>
        json({ error: { code: 'VALIDATION_FAILED', message: 'Invalid', details: [{ field: 'body.dueAt', problem: 'must be at most 2 years ahead' }] } }, 400),
    });
    const dialog = await openDialog();
    await chooseModule(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Due date/)).toHaveAccessibleDescription('must be at most 2 years ahead'));
    expect(within(dialog).queryByTestId('assign-result')).not.toBeInTheDocument();
  });
});
