import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrganizationSettings } from '@vigil/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildPersonalRecord } from '../../../testing/builders';
import { buildAuthUser, createFakeAuthSdk } from '../../../testing/fake-auth-sdk';
import { json } from '../../../testing/signed-in';
import { renderRoutes } from '../../../testing/test-utils';
import { routes } from '../../router';

const homeId = '00000000-0000-4000-8000-000000000000';
const bluefinId = '00000000-0000-4000-8000-000000000001';
const northwindId = '00000000-0000-4000-8000-000000000002';

/**
 * The server of a managed-service operator: the organisation the session acts in comes from the
 * token (`session.<id>.jwt`), and a rename changes the name everywhere the server reports it.
 */
const stubServer = () => {
  const names = new Map([
    [homeId, 'Vigil Demo Managed Services'],
    [bluefinId, 'Bluefin Health'],
    [northwindId, 'Northwind Logistics'],
  ]);
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const token = new Headers(init?.headers).get('Authorization') ?? '';
      const selected = [...names.keys()].find((id) => token.includes(id)) ?? homeId;
      const settings = (): OrganizationSettings => ({ id: selected, name: names.get(selected)!, domain: 'example.com', pictureFileName: '', timeZone: 'UTC' });
      const route = `${init?.method ?? 'GET'} ${String(input)}`;
      if (route === 'GET /api/personal_user_data/') {
        return json(buildPersonalRecord({ email: 'demo@vigil.example', role: 'Superadmin', company: names.get(selected)! }));
      }
      if (route === 'GET /api/mssp_company_list/') {
        const clients = [bluefinId, northwindId].map((id) => ({ company_id: id, company_name: names.get(id)!, subordinate_email: '' }));
        return json({ mssp_company_names: clients });
      }
      if (route === 'GET /api/organization/') return json(settings());
      if (route === 'PATCH /api/organization/') {
        names.set(selected, JSON.parse(String(init?.body)).name);
        return json(settings());
      }
      return json({ error: { code: 'NOT_FOUND', message: 'No such route' } }, 404);
    }),
  );
  return names;
};

/** The operator signed in, acting in `tenantId`; the provider names their tenants as the server does. */
const renderOperator = (names: Map<string, string>, tenantId: string) => {
  const fake = createFakeAuthSdk();
  const authUser = () =>
    buildAuthUser({
      email: 'demo@vigil.example',
      userTenants: [...names].map(([id, name]) => ({ tenantId: id, tenantName: name, roleNames: ['Superadmin'] })),
    });
  const token = `session.${tenantId}.jwt`;
  fake.sdk.getCurrentTenant.mockReturnValue(tenantId);
  fake.sdk.refresh.mockImplementation(async () => {
    fake.signIn(authUser(), token);
    return { ok: true, code: 200 };
  });
  // The real SDK publishes the user of a /me answer.
  fake.sdk.me.mockImplementation(async () => {
    const user = authUser();
    fake.signIn(user, token);
    return { ok: true, code: 200, data: user };
  });
  return renderRoutes(routes, '/settings/organization/general/', { sdk: fake.sdk });
};

const eventually = (assertion: () => void) => waitFor(assertion, { timeout: 10_000 });

const rename = async (name: string) => {
  const field = await screen.findByRole('textbox', { name: 'Name' }, { timeout: 10_000 });
  fireEvent.change(field, { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
};

const switcherOptions = async () => {
  const switcher = await screen.findByTestId('company-switcher', {}, { timeout: 10_000 });
  fireEvent.mouseDown(within(switcher).getByRole('combobox'));
  const options = within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
  fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
  return options;
};

describe('Organization settings: a rename reaches the top bar and the company switcher', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await Promise.all([import('../shell.route'), import('./organization.route')]);
  }, 30_000);

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('renames a managed company the operator acts in: the banner and the switcher’s list show the new name', async () => {
    const names = stubServer();
    renderOperator(names, bluefinId);
    await eventually(() => expect(screen.getByTestId('organization-name')).toHaveTextContent('Bluefin Health'));

    await rename('Bluefin Care');

    await eventually(() => expect(screen.getByTestId('organization-name')).toHaveTextContent('Bluefin Care'));
    await eventually(async () => expect(await switcherOptions()).toContain('Bluefin Care'));
    expect(await switcherOptions()).not.toContain('Bluefin Health');
  });

  it('renames the operator’s own organisation: the switcher’s own entry shows the new name', async () => {
    const names = stubServer();
    renderOperator(names, homeId);
    await eventually(() => expect(screen.getByTestId('organization-name')).toHaveTextContent('Vigil Demo Managed Services'));

    await rename('Vigil Managed Services');

    await eventually(() => expect(screen.getByTestId('organization-name')).toHaveTextContent('Vigil Managed Services'));
    await eventually(async () => expect(await switcherOptions()).toContain('Vigil Managed ServicesYour organization'));
  });
});
