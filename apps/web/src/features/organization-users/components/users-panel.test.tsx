import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrganizationDepartments } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json } from '../../../testing/signed-in';
import { serveApi, type ApiCall } from '../../../testing/serve-api';
import { buildUser, buildUserPage, renderSignedInPanel } from '../testing';
import { UsersPanel } from './users-panel';

const departments: OrganizationDepartments = {
  departments: [{ id: '00000000-0000-4000-8000-0000000000d1', name: 'Finance', peopleCount: 2 }],
};

const will = buildUser({
  firstName: 'Will',
  lastName: 'Worker',
  department: { id: departments.departments[0]!.id, name: 'Finance' },
  manager: { id: '00000000-0000-4000-8000-0000000000b1', name: 'Bea Boss', email: 'bea@acme.example' },
  startDate: '2023-04-01',
});
const me = buildUser({ firstName: 'Ada', lastName: 'Admin', role: 'Admin', isYou: true, can: { edit: true, changeRole: false, deactivate: false, reactivate: false } });
const boss = buildUser({ firstName: 'Sam', lastName: 'Super', role: 'Superadmin', can: { edit: false, changeRole: false, deactivate: false, reactivate: false } });

const listCalls = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/organization/users/');

describe('UsersPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each person with role, department, manager and start date; buttons follow what the server allows', async () => {
    serveApi({
      'GET /api/organization/users/': () => json(buildUserPage([me, boss, will], { total: 3 })),
      'GET /api/organization/departments/': () => json(departments),
    });
    renderSignedInPanel(UsersPanel);

    const table = await screen.findByRole('table', { name: 'Users' });
    const rows = within(table).getAllByTestId('user-row');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent('Will Worker');
    expect(rows[2]).toHaveTextContent('Finance');
    expect(rows[2]).toHaveTextContent('Bea Boss');
    expect(rows[2]).toHaveTextContent('Apr 1, 2023');
    expect(within(rows[0]!).getByText('You')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Edit Ada Admin' })).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: 'More actions for Ada Admin' })).not.toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Only a superadmin can change this person');
    expect(within(rows[2]!).getByRole('button', { name: 'More actions for Will Worker' })).toBeInTheDocument();
  });

  it('shows each person’s job title in its own column, and opens their edit dialog with the organization’s time zone as the default', async () => {
    const grace = buildUser({ firstName: 'Grace', lastName: 'Lindqvist', jobTitle: 'Fleet Coordinator' });
    serveApi({
      'GET /api/organization/users/': () => json(buildUserPage([grace, will], { organizationTimeZone: 'America/New_York' })),
      'GET /api/organization/departments/': () => json(departments),
    });
    renderSignedInPanel(UsersPanel);

    const table = await screen.findByRole('table', { name: 'Users' });
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers.slice(0, 3)).toEqual(['Name', 'Job title', 'Role']);
    const [graceRow, willRow] = within(table).getAllByTestId('user-row');
    expect(within(graceRow!).getAllByRole('cell')[1]).toHaveTextContent('Fleet Coordinator');
    expect(within(willRow!).getAllByRole('cell')[1]).toHaveTextContent('—');

    fireEvent.click(within(graceRow!).getByRole('button', { name: 'Edit Grace Lindqvist' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('combobox', { name: 'Time zone' })).toHaveValue('Organization default (America/New York)');
  });

  it('marks a person provisioned over SCIM, and edits only what their identity provider does not keep', async () => {
    // What the provider stored need not meet the form's own rules; it is neither checked nor sent.
    const scimPerson = buildUser({ firstName: 'Sara', lastName: 'Scim', source: 'scim', jobTitle: 'Analyst', phone: '(415) 555-0123' });
    const calls = serveApi({
      'GET /api/organization/users/': () => json(buildUserPage([scimPerson, will])),
      'GET /api/organization/departments/': () => json(departments),
      [`PATCH /api/organization/users/${scimPerson.id}/`]: ({ body }) => json({ ...scimPerson, ...(body as object) }),
    });
    renderSignedInPanel(UsersPanel);

    const [scimRow, willRow] = within(await screen.findByRole('table', { name: 'Users' })).getAllByTestId('user-row');
    expect(within(scimRow!).getByTestId('user-source')).toHaveTextContent('SCIM');
    expect(within(willRow!).queryByTestId('user-source')).not.toBeInTheDocument();

    fireEvent.click(within(scimRow!).getByRole('button', { name: 'Edit Sara Scim' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Your identity provider provisions this person over SCIM');
    expect(within(dialog).getByRole('textbox', { name: 'First name' })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: 'Email address' })).toBeDisabled();
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(role).not.toHaveAttribute('aria-disabled');

    fireEvent.mouseDown(role);
    fireEvent.click(await screen.findByRole('option', { name: 'Manager' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ role: 'Manager' }));
  });

  it('keeps what Google Workspace manages read-only for a person it syncs, but lets their time zone change here', async () => {
    const googlePerson = buildUser({ firstName: 'Gia', lastName: 'Google', source: 'google' });
    serveApi({
      'GET /api/organization/users/': () => json(buildUserPage([googlePerson])),
      'GET /api/organization/departments/': () => json(departments),
    });
    renderSignedInPanel(UsersPanel);
    const [row] = within(await screen.findByRole('table', { name: 'Users' })).getAllByTestId('user-row');
    expect(within(row!).getByTestId('user-source')).toHaveTextContent('Google Workspace');
    fireEvent.click(within(row!).getByRole('button', { name: 'Edit Gia Google' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Your Google Workspace directory provisions this person');
    expect(within(dialog).getByRole('textbox', { name: 'Last name' })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: 'Job title' })).toBeDisabled();
    expect(within(dialog).getByTestId('user-form-time-zone')).not.toBeDisabled();
  });

  it('searches on the server once typing pauses, from the first page', async () => {
    const calls = serveApi({
      'GET /api/organization/users/': ({ url }) =>
        json(url.searchParams.get('search') === 'bea' ? buildUserPage([]) : buildUserPage([will], { total: 60 })),
      'GET /api/organization/departments/': () => json(departments),
    });
    renderSignedInPanel(UsersPanel, '/settings/organization/users/?page=2');
    await screen.findByRole('table', { name: 'Users' });
    expect(listCalls(calls)[0]!.url.searchParams.get('page')).toBe('2');

    const box = screen.getByRole('searchbox', { name: 'Search users' });
    fireEvent.change(box, { target: { value: 'b' } });
    fireEvent.change(box, { target: { value: 'be' } });
    fireEvent.change(box, { target: { value: 'bea' } });
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('search')).toBe('bea'), { timeout: 5000 });
    // One request for the pause, not one per key, and back to page 1.
    expect(listCalls(calls).filter((c) => c.url.searchParams.has('search'))).toHaveLength(1);
    expect(listCalls(calls).at(-1)!.url.searchParams.get('page')).toBe('1');
    expect(await screen.findByTestId('users-empty')).toHaveTextContent('No users match');
  });

  it('filters by role, department and status, and pages with the server', async () => {
    const calls = serveApi({
      'GET /api/organization/users/': () => json(buildUserPage([will], { total: 60 })),
      'GET /api/organization/departments/': () => json(departments),
    });
    renderSignedInPanel(UsersPanel);
    await screen.findByRole('table', { name: 'Users' });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Department' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Finance' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('departmentId')).toBe(departments.departments[0]!.id));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Deactivated' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('status')).toBe('inactive'));

    fireEvent.click(screen.getByRole('button', { name: 'Go to the next page' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('page')).toBe('2'));
    expect(screen.getByText('26–50 of 60')).toBeInTheDocument();
  });

  it('says what to do next when the organisation has nobody yet', async () => {
    serveApi({
      'GET /api/organization/users/': () => json(buildUserPage([])),
      'GET /api/organization/departments/': () => json({ departments: [] }),
    });
    renderSignedInPanel(UsersPanel);
    expect(await screen.findByTestId('users-empty')).toHaveTextContent('No users yet. Add people one at a time, or import everyone at once');
    expect(screen.getAllByRole('button', { name: 'Add user' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Import CSV' })).toHaveLength(2);
  });

  it('deactivates only after confirmation, and says so', async () => {
    const calls = serveApi({
      'GET /api/organization/users/': () => json(buildUserPage([will])),
      'GET /api/organization/departments/': () => json(departments),
      [`POST /api/organization/users/${will.id}/deactivate/`]: () =>
        json({ ...will, isActive: false, can: { ...will.can, deactivate: false, reactivate: true } }),
    });
    renderSignedInPanel(UsersPanel);
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for Will Worker' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));

    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Will Worker?' });
    expect(dialog).toHaveTextContent('signed out everywhere');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByTestId('users-notice')).toHaveTextContent('Will Worker was deactivated and signed out everywhere.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([`/api/organization/users/${will.id}/deactivate/`]);
  });

  it('shows the server’s refusal in the confirmation', async () => {
    serveApi({
      'GET /api/organization/users/': () => json(buildUserPage([will])),
      'GET /api/organization/departments/': () => json(departments),
      [`POST /api/organization/users/${will.id}/deactivate/`]: () =>
        json({ error: { code: 'CONFLICT', message: 'This is the organization’s last active superadmin; make someone else a superadmin first.' } }, 409),
    });
    renderSignedInPanel(UsersPanel);
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for Will Worker' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByText(/last active superadmin/)).toBeInTheDocument();
  });

  it('exports the people matching the current filters as CSV', async () => {
    const createObjectURL = vi.fn(() => 'blob:users');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const calls = serveApi({
      'GET /api/organization/users/': ({ url }) =>
        url.searchParams.get('format') === 'csv'
          ? new Response('first_name,last_name\n', { headers: { 'Content-Disposition': 'attachment; filename="users-2026-01-05.csv"' } })
          : json(buildUserPage([will])),
      'GET /api/organization/departments/': () => json(departments),
    });
    renderSignedInPanel(UsersPanel, '/settings/organization/users/?role=Manager&page=3');
    await screen.findByRole('table', { name: 'Users' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exportCall = calls.find((c) => c.url.searchParams.get('format') === 'csv')!;
    expect(exportCall.url.searchParams.get('role')).toBe('Manager');
    expect(exportCall.url.searchParams.has('page')).toBe(false);
  });

  it('keeps the search box in step with the address when it changes from elsewhere (the tab’s link, back)', async () => {
    const calls = serveApi({
      'GET /api/organization/users/': () => json(buildUserPage([will])),
      'GET /api/organization/departments/': () => json(departments),
    });
    const { router } = renderSignedInPanel(UsersPanel, '/settings/organization/users/?search=will');
    await screen.findByRole('table', { name: 'Users' });
    const box = screen.getByRole('searchbox', { name: 'Search users' });
    expect(box).toHaveValue('will');

    // The Users tab's own link: the address without a query.
    await act(() => router.navigate('/settings/organization/users/'));
    expect(box).toHaveValue('');

    await act(() => router.navigate(-1));
    expect(box).toHaveValue('will');
    // The box followed the address; it did not send the address anywhere else.
    expect(router.state.location.search).toBe('?search=will');
    expect(listCalls(calls).map((call) => call.url.searchParams.get('search'))).toEqual(['will', null]);
  });

  it('moves to the last page left when the one shown empties (its last person deactivated)', async () => {
    let willActive = true;
    const firstPage = Array.from({ length: 25 }, (_, index) => buildUser({ firstName: `Person${index}` }));
    const calls = serveApi({
      'GET /api/organization/users/': ({ url }) =>
        url.searchParams.get('page') === '2'
          ? json(buildUserPage(willActive ? [will] : [], { total: willActive ? 26 : 25, page: 2 }))
          : json(buildUserPage(firstPage, { total: 25 })),
      'GET /api/organization/departments/': () => json(departments),
      [`POST /api/organization/users/${will.id}/deactivate/`]: () => {
        willActive = false;
        return json({ ...will, isActive: false, can: { ...will.can, deactivate: false, reactivate: true } });
      },
    });
    const { router } = renderSignedInPanel(UsersPanel, '/settings/organization/users/?page=2');
    expect(await screen.findByText('26–26 of 26')).toBeInTheDocument();

    fireEvent.click(await screen.findByRole('button', { name: 'More actions for Will Worker' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));

    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Users' })).getAllByTestId('user-row')).toHaveLength(25));
    expect(screen.getByText('1–25 of 25')).toBeInTheDocument();
    expect(listCalls(calls).at(-1)!.url.searchParams.get('page')).toBe('1');
  });
});
