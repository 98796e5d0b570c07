import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { buildAssignment, buildModule, json, moduleId, renderTrainingAdmin, serveApi } from '../testing';

const page = '/configure/trainings/';
const modules = { 'GET /api/training-modules/': () => json({ items: [buildModule()] }) };

const person = (index: number) =>
  buildAssignment({ id: `00000000-0000-4000-8000-0000000b${String(index).padStart(4, '0')}`, name: `Person ${index}`, email: `person${index}@northwind.example` });

describe('the training assignments', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('pages by key: "Show more" sends the cursor and adds the next rows', async () => {
    const calls = serveApi({
      ...modules,
      'GET /api/training-assignments/': (call) =>
        call.url.searchParams.get('cursor') === 'after-50'
          ? json({ items: [person(51)], nextCursor: null })
          : json({ items: Array.from({ length: 50 }, (_, index) => person(index + 1)), nextCursor: 'after-50' }),
    });
    renderTrainingAdmin(page);
    await waitFor(() => expect(screen.getAllByTestId('assignment-row')).toHaveLength(50));
    expect(calls.find((call) => call.url.pathname === '/api/training-assignments/')!.url.searchParams.get('limit')).toBe('50');

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('assignment-row')).toHaveLength(51));
    expect(screen.getAllByTestId('assignment-row')[50]).toHaveTextContent('Person 51');
    expect(Object.fromEntries(calls.at(-1)!.url.searchParams)).toEqual({ limit: '50', cursor: 'after-50' });
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('shows status, overdue, remedial and score, and sends the filters to the list and the CSV', async () => {
    const calls = serveApi({
      ...modules,
      'GET /api/training-assignments/': (call) =>
        call.url.searchParams.get('format') === 'csv'
          ? new Response('name,email\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="training-assignments.csv"' } })
          : json({
              items: [
                buildAssignment({ status: 'in_progress', overdue: true, reason: 'remedial' }),
                buildAssignment({ id: '00000000-0000-4000-8000-00000000b002', status: 'completed', completedAt: '2026-03-05T10:00:00Z', score: 100, department: null }),
              ],
              nextCursor: null,
            }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    const { router } = renderTrainingAdmin(`${page}?status=in_progress&overdue=true`);
    const rows = await screen.findAllByTestId('assignment-row');
    expect(rows[0]).toHaveTextContent('In progress');
    expect(rows[0]).toHaveTextContent('Overdue');
    expect(rows[0]).toHaveTextContent('Remedial');
    expect(within(rows[0]!).getByRole('button', { name: 'Cancel Passwords that hold up for Priya Natarajan' })).toBeVisible();
    expect(rows[1]).toHaveTextContent('Completed');
    expect(rows[1]).toHaveTextContent('Score 100%');
    expect(rows[1]).toHaveTextContent('No department');
    expect(within(rows[1]!).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();

    fireEvent.mouseDown(screen.getByTestId('assignments-module'));
    fireEvent.click(await screen.findByRole('option', { name: 'Passwords that hold up' }));
    fireEvent.change(screen.getByTestId('assignments-search'), { target: { value: 'priya' } });
    await waitFor(() => expect(router.state.location.search).toBe(`?status=in_progress&overdue=true&moduleId=${moduleId}&search=priya`));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('search')).toBe('priya'));

    fireEvent.click(screen.getByTestId('assignments-download'));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const csv = calls.find((call) => call.url.searchParams.get('format') === 'csv')!;
    expect(Object.fromEntries(csv.url.searchParams)).toEqual({ status: 'in_progress', overdue: 'true', moduleId, search: 'priya', format: 'csv' });
    const init = vi.mocked(fetch).mock.calls.find(([input]) => String(input).includes('format=csv'))![1]!;
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer session.jwt');
  });

  it('cancels an open assignment after asking, and says so', async () => {
    let cancelled = false;
    const calls = serveApi({
      ...modules,
      'GET /api/training-assignments/': () => json({ items: [buildAssignment({ status: cancelled ? 'cancelled' : 'assigned' })], nextCursor: null }),
      [`POST /api/training-assignments/${buildAssignment().id}/cancel/`]: () => {
        cancelled = true;
        return json(buildAssignment({ status: 'cancelled' }));
      },
    });
    renderTrainingAdmin(page);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Passwords that hold up for Priya Natarajan' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel this assignment?' });
    expect(confirm).toHaveTextContent('Priya Natarajan will no longer see Passwords that hold up');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel assignment' }));

    expect(await screen.findByTestId('assignments-notice')).toHaveTextContent('The assignment of Passwords that hold up to Priya Natarajan is cancelled.');
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname.endsWith('/cancel/'))).toBe(true);
    await waitFor(() => expect(screen.getByTestId('assignment-row')).toHaveTextContent('Cancelled'));
  });

  it('links to the request and schedule pages', async () => {
    serveApi({ 'GET /api/training-schedule/': (call) => json({ from: call.url.searchParams.get('from'), to: call.url.searchParams.get('to'), timeZone: 'UTC', days: [], items: [] }), 'GET /api/training-module-requests/': () => json({ items: [] }) });
    renderTrainingAdmin('/configure/trainings/schedule/');
    expect(await screen.findByTestId('training-schedule')).toHaveTextContent('Training schedule');
    fireEvent.click(screen.getByRole('link', { name: 'Requests' }));
    expect(await screen.findByTestId('module-request')).toHaveTextContent('Request a custom module');
    expect(screen.getByRole('link', { name: 'Requests' })).toHaveAttribute('aria-current', 'page');
  });
});
