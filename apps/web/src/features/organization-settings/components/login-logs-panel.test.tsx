import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LoginLogEntry, LoginLogs } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createFakeAuthSdk } from '../../../testing/fake-auth-sdk';
import { json } from '../../../testing/signed-in';
import { renderRoutes } from '../../../testing/test-utils';
import { LoginLogsPanel } from './login-logs-panel';

const entry = (overrides: Partial<LoginLogEntry>): LoginLogEntry => ({
  id: 'E1',
  time: '2026-03-02T09:15:00.000Z',
  email: 'priya.raman@northwind-logistics.example',
  name: 'Priya Raman',
  event: 'signin',
  method: 'password',
  success: true,
  reason: '',
  ip: '198.51.100.7',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  new_device: false,
  ...overrides,
});

const logs = (entries: LoginLogEntry[], total = entries.length, page = 1): LoginLogs => ({ total, page, page_size: 25, entries });

/** Answers the login log by its query, and records each query asked. */
const serveLogs = (answer: (query: URLSearchParams) => LoginLogs) => {
  const queries: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://vigil.test');
      queries.push(url.searchParams);
      return json(answer(url.searchParams));
    }),
  );
  return queries;
};

const renderPanel = () => {
  const fake = createFakeAuthSdk();
  fake.signIn(undefined, 'session.jwt');
  renderRoutes([{ path: '/', Component: LoginLogsPanel }], '/', { sdk: fake.sdk });
};

describe('LoginLogsPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists who signed in, how, from where and on what', async () => {
    serveLogs(() => logs([entry({ id: 'E2' }), entry({ id: 'E1', success: false, reason: 'wrong password', event: 'signin', method: 'otp-email' })]));
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Login log' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Priya Raman');
    expect(rows[0]).toHaveTextContent('Sign-in');
    expect(rows[0]).toHaveTextContent('Succeeded');
    expect(rows[0]).toHaveTextContent('Firefox on Linux');
    expect(rows[1]).toHaveTextContent('Email code');
    expect(rows[1]).toHaveTextContent('Failed');
    expect(rows[1]).toHaveTextContent('wrong password');
  });

  it('asks the server for the filtered page and starts again from page 1', async () => {
    const queries = serveLogs((query) => logs([entry({ id: `E${query.get('page')}` })], 60, Number(query.get('page'))));
    renderPanel();
    await screen.findByRole('table', { name: 'Login log' });
    fireEvent.click(screen.getByRole('button', { name: 'Go to the next page' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Person or email' }), { target: { value: ' priya ' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-02' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Outcome' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Failed' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('priya'));
    const query = queries.at(-1)!;
    expect(query.get('page')).toBe('1');
    expect(query.get('outcome')).toBe('failure');
    // Whole days in the person's time zone: from the start of the first to the start of the day after the last.
    expect(query.get('from')).toBe(new Date('2026-03-01T00:00:00').toISOString());
    expect(query.get('to')).toBe(new Date('2026-03-03T00:00:00').toISOString());
  });

  it('refuses an end date before the start date, on the field', async () => {
    const queries = serveLogs(() => logs([entry({})]));
    renderPanel();
    await screen.findByRole('table', { name: 'Login log' });
    const asked = queries.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-05' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(screen.getByLabelText('To')).toHaveAccessibleDescription('The end date must be on or after the start date.'));
    expect(queries).toHaveLength(asked);
  });

  it('says what to do when nothing matches, and when nobody has signed in yet', async () => {
    serveLogs(() => logs([]));
    renderPanel();
    expect(await screen.findByTestId('login-log-empty')).toHaveTextContent('No one has signed in yet.');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Person or email' }), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(screen.getByTestId('login-log-empty')).toHaveTextContent('Widen the dates or clear the filters'));
  });

  it('downloads the filtered log as the CSV file the server names', async () => {
    const queries = serveLogs(() => logs([entry({})]));
    renderPanel();
    await screen.findByRole('table', { name: 'Login log' });
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        queries.push(new URL(String(input), 'http://vigil.test').searchParams);
        return new Response('time,email\n', { headers: { 'Content-Disposition': 'attachment; filename="login-log-2026-03-02.csv"' } });
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('login-log-2026-03-02.csv');
    expect(clicked[0]!.href).toBe('blob:csv');
    expect(queries.at(-1)?.get('format')).toBe('csv');
    click.mockRestore();
  });
});
