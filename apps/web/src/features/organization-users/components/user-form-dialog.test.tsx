import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrganizationUser } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json } from '../../../testing/signed-in';
import { serveApi } from '../../../testing/serve-api';
import { buildUser, buildUserPage, renderSignedInPanel } from '../testing';
import { UserFormDialog } from './user-form-dialog';

const finance = { id: '00000000-0000-4000-8000-0000000000d1', name: 'Finance', peopleCount: 2 };

const renderDialog = (user?: OrganizationUser) => {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderSignedInPanel(() => (
    <UserFormDialog user={user} assignableRoles={['Admin', 'Manager', 'User']} organizationTimeZone="Europe/London" onClose={onClose} onSaved={onSaved} />
  ));
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
      jobTitle: null,
      phone: null,
      timeZone: null,
      preferredLanguage: null,
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

  it('adds job title, phone, time zone and language; the empty choices say what the organization’s are', async () => {
    const calls = serveApi({ ...baseApi, 'POST /api/organization/users/': ({ body }) => json(buildUser(body as Partial<OrganizationUser>)) });
    const { dialog, field, onSaved } = renderDialog();
    const zone = within(dialog).getByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('Organization default (Europe/London)');
    expect(within(dialog).getByRole('combobox', { name: 'Language' })).toHaveTextContent('Organization default (English)');
    expect(field('Phone')).toHaveAccessibleDescription('With + and the country code, like +1 415 555 0123.');

    fireEvent.change(field('First name'), { target: { value: 'Nia' } });
    fireEvent.change(field('Last name'), { target: { value: 'New' } });
    fireEvent.change(field('Email address'), { target: { value: 'nia@acme.example' } });
    fireEvent.change(field('Job title'), { target: { value: 'Pharmacist' } });
    fireEvent.change(field('Phone'), { target: { value: '+49 151 2345-6789' } });
    fireEvent.focus(zone);
    fireEvent.change(zone, { target: { value: 'berlin' } });
    fireEvent.click(await screen.findByRole('option', { name: /^Europe\/Berlin/ }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Language' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Deutsch' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      jobTitle: 'Pharmacist',
      phone: '+4915123456789',
      timeZone: 'Europe/Berlin',
      preferredLanguage: 'de_de',
    });
  });

  it('refuses a phone without the country code on the field, and sends nothing', async () => {
    const calls = serveApi(baseApi);
    const { dialog, field } = renderDialog(buildUser());
    fireEvent.change(field('Phone'), { target: { value: '020 7946 0018' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(field('Phone')).toHaveAttribute('aria-invalid', 'true'));
    expect(field('Phone')).toHaveAccessibleDescription('Enter the number with + and the country code, like +1 415 555 0123.');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('shows a person’s own zone and language, and sends the organization’s defaults back as none', async () => {
    const nia = buildUser({ jobTitle: 'Pharmacist', phone: '+4915123456789', timeZone: 'Asia/Kolkata', preferredLanguage: 'hi_in' });
    const calls = serveApi({ ...baseApi, [`PATCH /api/organization/users/${nia.id}/`]: ({ body }) => json({ ...nia, ...(body as object) }) });
    const { dialog, field, onSaved } = renderDialog(nia);
    expect(field('Job title')).toHaveValue('Pharmacist');
    expect(field('Phone')).toHaveValue('+4915123456789');
    const zone = within(dialog).getByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('Asia/Kolkata');
    expect(within(dialog).getByRole('combobox', { name: 'Language' })).toHaveTextContent('हिन्दी');

    fireEvent.focus(zone);
    fireEvent.change(zone, { target: { value: 'organization' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Organization default (Europe/London)' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Language' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Organization default (English)' }));
    fireEvent.change(field('Job title'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ jobTitle: null, timeZone: null, preferredLanguage: null });
  });

  it('puts the server’s time zone problem on the field', async () => {
    const will = buildUser();
    serveApi({
      ...baseApi,
      [`PATCH /api/organization/users/${will.id}/`]: () =>
        json({ error: { code: 'VALIDATION_FAILED', message: 'bad', details: [{ field: 'body.timeZone', problem: 'must be an IANA time zone, like Europe/London or America/New_York' }] } }, 400),
    });
    const { dialog } = renderDialog(will);
    const zone = within(dialog).getByRole('combobox', { name: 'Time zone' });
    fireEvent.focus(zone);
    fireEvent.change(zone, { target: { value: 'lisbon' } });
    fireEvent.click(await screen.findByRole('option', { name: /^Europe\/Lisbon/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(zone).toHaveAccessibleDescription('must be an IANA time zone, like Europe/London or America/New_York'));
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
