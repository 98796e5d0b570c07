import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrganizationUser } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json } from '../../../testing/signed-in';
import { buildUser, buildUserPage, renderSignedInPanel, serveApi } from '../testing';
import { UserFormDialog } from './user-form-dialog';

const finance = { id: '00000000-0000-4000-8000-0000000000d1', name: 'Finance', peopleCount: 2 };

const renderDialog = (user?: OrganizationUser) => {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderSignedInPanel(() => <UserFormDialog user={user} assignableRoles={['Admin', 'Manager', 'User']} onClose={onClose} onSaved={onSaved} />);
  const dialog = screen.getByRole('dialog');
  return { dialog, onSaved, onClose, field: (name: string) => within(dialog).getByRole('textbox', { name }) };
};

const baseApi = {
  'GET /api/organization/departments/': () => json({ departments: [finance] }),
  'GET /api/organization/users/': () => json(buildUserPage([])),
};

describe('UserFormDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the fields with the contract before sending anything', async () => {
    const calls = serveApi(baseApi);
    const { dialog, field } = renderDialog();
    fireEvent.change(field('First name'), { target: { value: 'Nia' } });
    fireEvent.change(field('Email address'), { target: { value: 'nia@' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));

    await waitFor(() => expect(field('Email address')).toHaveAttribute('aria-invalid', 'true'));
    expect(field('Email address')).toHaveAccessibleDescription('Enter a valid email address, like name@example.com.');
    expect(field('Last name')).toHaveAccessibleDescription('Fill this in.');
    expect(field('First name')).toHaveAttribute('aria-invalid', 'false');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('adds the person and shows the server’s problem on the field it names', async () => {
    let attempt = 0;
    const calls = serveApi({
      ...baseApi,
      'POST /api/organization/users/': ({ body }) =>
        ++attempt === 1
          ? json(
              { error: { code: 'CONFLICT', message: 'body.email: taken', details: [{ field: 'body.email', problem: 'Another person in this organization already has this email address.' }] } },
              409,
            )
          : json(buildUser({ ...(body as object), department: { id: finance.id, name: 'Finance' } })),
    });
    const { dialog, field, onSaved } = renderDialog();
    fireEvent.change(field('First name'), { target: { value: 'Nia' } });
    fireEvent.change(field('Last name'), { target: { value: 'New' } });
    fireEvent.change(field('Email address'), { target: { value: ' will@acme.example ' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Department' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Finance' }));
    fireEvent.change(within(dialog).getByLabelText('Start date'), { target: { value: '2025-02-03' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));

    await waitFor(() => expect(field('Email address')).toHaveAccessibleDescription('Another person in this organization already has this email address.'));
    expect(field('Email address')).toHaveFocus();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      firstName: 'Nia',
      lastName: 'New',
      email: 'will@acme.example',
      role: 'User',
      departmentId: finance.id,
      managerId: null,
      startDate: '2025-02-03',
    });

    fireEvent.change(field('Email address'), { target: { value: 'nia@acme.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ email: 'nia@acme.example' }), true));
  });

  it('sends only what changed when editing', async () => {
    const will = buildUser({ department: { id: finance.id, name: 'Finance' }, startDate: '2023-04-01' });
    const calls = serveApi({ ...baseApi, [`PATCH /api/organization/users/${will.id}/`]: ({ body }) => json({ ...will, ...(body as object) }) });
    const { dialog, field, onSaved } = renderDialog(will);
    expect(within(dialog).getByRole('heading', { name: 'Edit Will Worker' })).toBeInTheDocument();
    fireEvent.change(field('Last name'), { target: { value: 'Wright' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ lastName: 'Wright' });
  });

  it('locks your own role, and says why', () => {
    serveApi(baseApi);
    const me = buildUser({ role: 'Admin', isYou: true, can: { edit: true, changeRole: false, deactivate: false, reactivate: false } });
    const { dialog } = renderDialog(me);
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(role).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByText('You cannot change your own role; ask another admin.')).toBeInTheDocument();
  });
});
