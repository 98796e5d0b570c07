import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrganizationAdmins } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json } from '../../../testing/signed-in';
import { serveApi } from '../../../testing/serve-api';
import { buildAdmin, buildUser, renderSignedInPanel } from '../testing';
import { AdminsPanel } from './admins-panel';

const me = buildAdmin({ firstName: 'Sam', lastName: 'Super', role: 'Superadmin', isYou: true, can: { changeRole: false, remove: false } });
const marcus = buildAdmin({ firstName: 'Marcus', lastName: 'Bell', email: 'marcus@acme.example' });
const admins: OrganizationAdmins = { items: [me, marcus], assignableRoles: ['Superadmin', 'Admin'] };

const renderPanel = () => renderSignedInPanel(AdminsPanel, '/settings/organization/admins/');

describe('AdminsPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the admins; what may be changed follows the server', async () => {
    serveApi({ 'GET /api/organization/admins/': () => json(admins) });
    renderPanel();
    const rows = await screen.findAllByTestId('admin-row');
    expect(rows[0]).toHaveTextContent('Sam Super');
    expect(rows[0]).toHaveTextContent('You cannot change your own role');
    expect(within(rows[0]!).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('combobox', { name: 'Role of Marcus Bell' })).toHaveTextContent('Admin');
    expect(within(rows[1]!).getByRole('button', { name: 'Remove admin rights from Marcus Bell' })).toBeInTheDocument();
  });

  it('invites an admin, showing the server’s problems on the fields, then says the email went out', async () => {
    let attempt = 0;
    const calls = serveApi({
      'GET /api/organization/admins/': () => json(admins),
      'POST /api/organization/admins/': () =>
        ++attempt === 1
          ? json(
              {
                error: {
                  code: 'VALIDATION_FAILED',
                  message: 'names',
                  details: [
                    { field: 'body.firstName', problem: 'is required for someone who is not a user yet' },
                    { field: 'body.lastName', problem: 'is required for someone who is not a user yet' },
                  ],
                },
              },
              400,
            )
          : json({ admin: buildAdmin({ firstName: 'Olga', lastName: 'New', email: 'olga@acme.example' }), created: true, invitationSent: true }, 201),
    });
    renderPanel();
    await screen.findAllByTestId('admin-row');
    fireEvent.click(screen.getByRole('button', { name: 'Invite admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite an admin' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email address' }), { target: { value: 'olga@acme.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invite admin' }));

    const firstName = within(dialog).getByRole('textbox', { name: 'First name' });
    await waitFor(() => expect(firstName).toHaveAccessibleDescription('is required for someone who is not a user yet'));
    // Names left empty are not sent: the person might be a user already.
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ email: 'olga@acme.example', role: 'Admin' });

    fireEvent.change(firstName, { target: { value: 'Olga' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Last name' }), { target: { value: 'New' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /^Superadmin/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invite admin' }));
    expect(await screen.findByTestId('admins-notice')).toHaveTextContent('Olga New is now an admin (Admin). We emailed olga@acme.example how to sign in.');
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({ email: 'olga@acme.example', firstName: 'Olga', lastName: 'New', role: 'Superadmin' });
  });

  it('says how to reach a new admin when no email could be sent', async () => {
    serveApi({
      'GET /api/organization/admins/': () => json(admins),
      'POST /api/organization/admins/': () => json({ admin: buildAdmin({ firstName: 'Uma', lastName: 'User', email: 'uma@acme.example' }), created: false, invitationSent: false }, 201),
    });
    renderPanel();
    await screen.findAllByTestId('admin-row');
    fireEvent.click(screen.getByRole('button', { name: 'Invite admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite an admin' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email address' }), { target: { value: 'uma@acme.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invite admin' }));
    expect(await screen.findByTestId('admins-notice')).toHaveTextContent('we could not email them. Tell them to sign in at http://localhost:3000/login/ with uma@acme.example');
  });

  it('changes a role and removes admin rights only after confirmation', async () => {
    const calls = serveApi({
      'GET /api/organization/admins/': () => json(admins),
      [`PATCH /api/organization/admins/${marcus.id}/`]: () => json({ ...marcus, role: 'Superadmin' }),
      [`DELETE /api/organization/admins/${marcus.id}/`]: () => json(buildUser({ id: marcus.id, firstName: 'Marcus', lastName: 'Bell' })),
    });
    renderPanel();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Role of Marcus Bell' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Superadmin' }));
    const roleDialog = await screen.findByRole('dialog', { name: 'Change Marcus Bell\'s role to Superadmin?' });
    fireEvent.click(within(roleDialog).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByTestId('admins-notice')).toHaveTextContent("Marcus Bell's role is now Superadmin.");
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ role: 'Superadmin' });

    fireEvent.click(screen.getByRole('button', { name: 'Remove admin rights from Marcus Bell' }));
    const removeDialog = await screen.findByRole('dialog', { name: 'Remove admin rights from Marcus Bell?' });
    expect(removeDialog).toHaveTextContent('They stay in your organization as a user');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(removeDialog).getByRole('button', { name: 'Remove admin' }));
    expect(await screen.findByTestId('admins-notice')).toHaveTextContent('Marcus Bell is no longer an admin.');
  });
});
