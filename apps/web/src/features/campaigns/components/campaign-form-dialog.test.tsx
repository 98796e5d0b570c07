import { useQueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { buildCampaign, buildProfile, buildTemplate, departmentId, json, profileId, renderSignedIn, serveApi, templateId } from '../testing';
import { Campaigns } from './campaign-list';

const routes = [{ path: '/configure/testing/', Component: Campaigns }];

const choices = {
  'GET /api/sending-profiles/': () => json({ items: [buildProfile()] }),
  'GET /api/landing-pages/': () => json({ items: [] }),
  'GET /api/phishing-templates/': () =>
    json({ items: [buildTemplate(), buildTemplate({ id: '00000000-0000-4000-8000-0000000000a2', name: 'Unfinished lure', status: 'draft' })], nextCursor: null, canCreate: true }),
  'GET /api/organization/departments/': () => json({ departments: [{ id: departmentId, name: 'Finance', peopleCount: 312 }] }),
  'POST /api/campaigns/audience-preview/': () => json({ count: 312, withoutEmail: 2 }),
};

const openForm = async () => {
  renderSignedIn(routes, '/configure/testing/');
  await screen.findByTestId('campaigns-empty');
  fireEvent.click(screen.getByRole('button', { name: 'New campaign' }));
  return screen.getByRole('dialog', { name: 'New campaign' });
};

const chooseTemplate = async (dialog: HTMLElement) => {
  fireEvent.change(within(dialog).getByTestId('campaign-templates'), { target: { value: 'payroll' } });
  const option = await screen.findByRole('option', { name: /Payroll portal update/ });
  // Each option says what the lure is: category, vector, difficulty and languages.
  expect(option).toHaveTextContent('difficulty 3 of 5');
  expect(screen.queryByRole('option', { name: /Unfinished lure/ })).not.toBeInTheDocument();
  fireEvent.click(option);
};

const chooseProfile = async (dialog: HTMLElement) => {
  fireEvent.mouseDown(within(dialog).getByTestId('campaign-sending-profile'));
  fireEvent.click(await screen.findByRole('option', { name: /Lookalike relay/ }));
};

// What the Sending profiles tab does after adding a profile: it invalidates its own key.
const SendingProfilesTabSaves = () => {
  const queryClient = useQueryClient();
  return (
    <button type="button" onClick={() => void queryClient.invalidateQueries({ queryKey: ['sending-profiles'] })}>
      Profile added elsewhere
    </button>
  );
};

describe('the campaign form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the draft with the contract before sending anything', async () => {
    const calls = serveApi({ 'GET /api/campaigns/': () => json({ items: [], nextCursor: null }), ...choices });
    const dialog = await openForm();
    fireEvent.click(within(dialog).getByLabelText('Departments'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription('Enter a name.'));
    expect(within(dialog).getByTestId('campaign-templates')).toHaveAccessibleDescription('Choose at least one lure (at most 50).');
    expect(within(dialog).getByText('Choose a sending profile.')).toBeVisible();
    expect(within(dialog).getByText('Choose at least one department or person, or one manager.')).toBeVisible();
    expect(calls.some((call) => call.url.pathname === '/api/campaigns/' && call.method === 'POST')).toBe(false);
  });

  it('counts the audience live, saves a draft with the start in UTC, and puts the server’s problem on its field', async () => {
    let attempt = 0;
    const calls = serveApi({
      'GET /api/campaigns/': () => json({ items: [], nextCursor: null }),
      ...choices,
      'POST /api/campaigns/': () =>
        ++attempt === 1
          ? json({ error: { code: 'VALIDATION_FAILED', message: 'Invalid', details: [{ field: 'body.sendingProfileId', problem: 'is not an active sending profile of this organization' }] } }, 400)
          : json(buildCampaign({ name: 'Spring payroll check' }), 201),
    });
    const dialog = await openForm();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Spring payroll check' } });
    await chooseTemplate(dialog);
    await chooseProfile(dialog);
    fireEvent.click(within(dialog).getByLabelText('Departments'));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Departments/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Finance (312 people)' }));
    await waitFor(() => expect(within(dialog).getByTestId('audience-count')).toHaveTextContent('312 people will receive a lure'));
    expect(within(dialog).getByTestId('audience-count')).toHaveTextContent('2 people have no email address and are left out.');
    fireEvent.change(within(dialog).getByLabelText(/^Start/), { target: { value: '2026-04-01T09:30' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Spread over' }), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Business hours only' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(within(dialog).getByText('is not an active sending profile of this organization')).toBeVisible());
    const post = calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/campaigns/')!;
    expect(post.body).toEqual({
      name: 'Spring payroll check',
      kind: 'standard',
      templateIds: [templateId],
      sendingProfileId: profileId,
      audience: { kind: 'departments', ids: [departmentId] },
      startAt: new Date(2026, 3, 1, 9, 30).toISOString().replace('.000Z', 'Z'),
      spreadMinutes: 120,
      businessHoursOnly: true,
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByTestId('campaigns-notice')).toHaveTextContent('Spring payroll check is saved as a draft.');
  });

  it('saves, then asks before launching with the count and the window', async () => {
    const draft = buildCampaign({ audience: { kind: 'organization' }, spreadMinutes: 0 });
    serveApi({ 'GET /api/campaigns/': () => json({ items: [draft], nextCursor: null }), ...choices });
    renderSignedIn(routes, '/configure/testing/');
    fireEvent.click(await screen.findByRole('button', { name: 'Launch Spring payroll check' }));
    const confirm = screen.getByRole('dialog', { name: 'Launch Spring payroll check?' });
    await waitFor(() => expect(within(confirm).getByTestId('launch-summary')).toHaveTextContent(/^312 people will receive a lure at /));
    expect(within(confirm).getByRole('button', { name: 'Launch' })).toBeEnabled();
  });

  it('offers a sending profile added on the Sending profiles tab without a reload', async () => {
    let profiles = [buildProfile()];
    serveApi({ 'GET /api/campaigns/': () => json({ items: [], nextCursor: null }), ...choices, 'GET /api/sending-profiles/': () => json({ items: profiles }) });
    renderSignedIn(
      [{ path: '/configure/testing/', Component: () => (<><SendingProfilesTabSaves /><Campaigns /></>) }],
      '/configure/testing/',
    );
    await screen.findByTestId('campaigns-empty');
    profiles = [...profiles, buildProfile({ id: '00000000-0000-4000-8000-0000000000b2', name: 'Fresh relay' })];
    fireEvent.click(screen.getByRole('button', { name: 'Profile added elsewhere' }));
    fireEvent.click(screen.getByRole('button', { name: 'New campaign' }));
    const dialog = screen.getByRole('dialog', { name: 'New campaign' });
    fireEvent.mouseDown(within(dialog).getByTestId('campaign-sending-profile'));
    expect(await screen.findByRole('option', { name: /Fresh relay/ })).toBeVisible();
  });
});
