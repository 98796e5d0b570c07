import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TrainingSchedule } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { expectNoAxeViolations } from '../axe';
import { lastDayOf, monthOf, shiftDay, shiftMonth } from '../schedule-calendar';
import { dayAfter } from '../training-admin-format';
import { json, moduleId, renderTrainingAdmin, serveApi, type ApiCall } from '../testing';

const page = '/configure/trainings/schedule/';
const ruleId = '00000000-0000-4000-8000-00000000e001';

/** The month the page opens on (today's), with something due on the 10th and a run planned on the 20th. */
const today = dayAfter(new Date(), 0);
const month = monthOf(today);
const tenth = `${month.slice(0, 8)}10`;
const twentieth = `${month.slice(0, 8)}20`;

const scheduleOf = (call: ApiCall): TrainingSchedule => {
  const from = call.url.searchParams.get('from')!;
  const to = call.url.searchParams.get('to')!;
  if (from !== month) return { from, to, timeZone: 'Europe/Paris', days: [], items: [] };
  return {
    from,
    to,
    timeZone: 'Europe/Paris',
    days: [
      { date: tenth, due: 12, planned: 0 },
      { date: twentieth, due: 0, planned: 40 },
    ],
    items: [
      { date: tenth, kind: 'due', moduleId, moduleTitle: 'Passwords that hold up', people: 12, ruleId: null, cadence: null, period: null },
      { date: twentieth, kind: 'planned', moduleId, moduleTitle: 'Passwords that hold up', people: 40, ruleId, cadence: 'quarterly', period: '2027-Q1' },
    ],
  };
};

describe('the training schedule', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the month as a grid with headers, the counts of each day and the selected day’s list', async () => {
    const calls = serveApi({ 'GET /api/training-schedule/': (call) => json(scheduleOf(call)) });
    renderTrainingAdmin(page);
    const grid = await screen.findByRole('grid');
    expect(screen.getByRole('link', { name: 'Schedule' })).toHaveAttribute('aria-current', 'page');
    expect(calls.find((call) => call.url.pathname === '/api/training-schedule/')!.url.search).toBe(`?from=${month}&to=${lastDayOf(month)}`);
    expect(within(grid).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Week', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(within(grid).getAllByRole('rowheader')[0]).toHaveTextContent(/Week \d+/);
    const tenthCell = await waitFor(() => {
      const cell = grid.querySelector<HTMLElement>(`[data-day="${tenth}"]`)!;
      expect(cell).toHaveAccessibleName(/ 12 due$/);
      return cell;
    });
    expect(tenthCell).toHaveTextContent(/^10.*12 due$/);
    expect(grid.querySelector(`[data-day="${twentieth}"]`)).toHaveAccessibleName(/ 40 planned$/);
    expect(screen.getByText(/Days are in your organization's time zone \(Europe\/Paris\)/)).toBeInTheDocument();

    // Today is the one cell in the tab order, marked as today and selected.
    const todayCell = grid.querySelector<HTMLElement>(`[data-day="${today}"]`)!;
    expect(todayCell).toHaveAttribute('tabindex', '0');
    expect(todayCell).toHaveAttribute('aria-current', 'date');
    expect(todayCell).toHaveAttribute('aria-selected', 'true');

    fireEvent.click(tenthCell);
    const list = screen.getByTestId('schedule-day');
    expect(within(list).getByRole('listitem')).toHaveTextContent('Due: Passwords that hold up, 12 people');
    fireEvent.click(grid.querySelector(`[data-day="${twentieth}"]`)!);
    expect(within(list).getByRole('listitem')).toHaveTextContent('Planned (Every quarter, 2027-Q1): Passwords that hold up, 40 people');
    await expectNoAxeViolations();
  });

  it('moves by keyboard: arrows between days, Home and End in the week, Page Down to the next month', async () => {
    const calls = serveApi({ 'GET /api/training-schedule/': (call) => json(scheduleOf(call)) });
    renderTrainingAdmin(page);
    const grid = await screen.findByRole('grid');
    const cell = (day: string) => grid.querySelector<HTMLElement>(`[data-day="${day}"]`)!;
    cell(tenth).focus();
    fireEvent.click(cell(tenth));
    fireEvent.keyDown(cell(tenth), { key: 'ArrowRight' });
    await waitFor(() => expect(cell(shiftDay(tenth, 1))).toHaveFocus());
    expect(cell(shiftDay(tenth, 1))).toHaveAttribute('aria-selected', 'true');
    expect(cell(tenth)).toHaveAttribute('tabindex', '-1');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    await waitFor(() => expect(cell(shiftDay(tenth, 8))).toHaveFocus());
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    await waitFor(() => expect(cell(tenth)).toHaveFocus());

    fireEvent.keyDown(document.activeElement!, { key: 'PageDown' });
    const next = shiftMonth(month, 1);
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-day', `${next.slice(0, 8)}10`));
    await waitFor(() => expect(calls.some((call) => call.url.searchParams.get('from') === next)).toBe(true));
    expect(await screen.findByTestId('schedule-empty')).toHaveTextContent('Nothing falls due and nothing is planned in');
    expect(within(screen.getByTestId('schedule-empty')).getByRole('link', { name: 'Add a cadence rule' })).toHaveAttribute('href', '/configure/trainings/frequency/');

    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(screen.queryByTestId('schedule-empty')).not.toBeInTheDocument());
  });

  it('shows the same lines as a table, and downloads them as CSV', async () => {
    const calls = serveApi({
      'GET /api/training-schedule/': (call) =>
        call.url.searchParams.get('format') === 'csv'
          ? new Response('date,kind,module,people,cadence,period\r\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="training-schedule-x.csv"' } })
          : json(scheduleOf(call)),
    });
    const createObjectURL = vi.fn(() => 'blob:schedule');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderTrainingAdmin(page);
    await screen.findByRole('grid');
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    const table = await screen.findByTestId('schedule-table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[2]!).getAllByRole('cell').map((cell) => cell.textContent).slice(1)).toEqual(['Planned', 'Passwords that hold up', '40', 'Every quarter', '2027-Q1']);
    await expectNoAxeViolations();

    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(calls.some((call) => call.url.searchParams.get('format') === 'csv' && call.url.searchParams.get('from') === month)).toBe(true));
  });
});
