import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { routes } from '../../../app/router';
import { buildPersonalRecord } from '../../../testing/builders';
import { buildAuthUser, createFakeAuthSdk } from '../../../testing/fake-auth-sdk';
import { json } from '../../../testing/signed-in';
import { renderRoutes } from '../../../testing/test-utils';

const home = { id: '00000000-0000-4000-8000-000000000000', name: 'Vigil Demo Managed Services' };
const clients = [
  { id: '00000000-0000-4000-8000-000000000001', name: 'Bluefin Health' },
  { id: '00000000-0000-4000-8000-000000000002', name: 'Northwind Logistics' },
];
const allTenants = [home, ...clients].map(({ id, name }) => ({ tenantId: id, tenantName: name, roleNames: ['Superadmin'] }));

/**
 * The server as the switch needs it: the organisation comes from the session token, which the fake
 * SDK names after the selected tenant (`session.<id>.jwt`), the way the real one carries it in `dct`.
 */
const stubServer = (companies = clients) =>
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const token = new Headers(init?.headers).get('Authorization') ?? '';
      const selected = [home, ...clients].find((organization) => token.includes(organization.id)) ?? home;
      if (String(input) === '/api/personal_user_data/') {
        return json(buildPersonalRecord({ email: 'demo@vigil.example', role: 'Superadmin', company: selected.name }));
      }
      if (String(input) === '/api/mssp_company_list/') {
        return json({
          mssp_company_names: companies.map(({ id, name }) => ({ company_id: id, company_name: name, subordinate_email: '' })),
        });
      }
      if (String(input) === '/api/insights/organization/training/') {
        return json({ totals: { assigned: 0, completed: 0, overdue: 0, failed: 0, people: 0 }, byDepartment: [], completedByMonth: [] });
      }
      return json({ error: { code: 'NOT_FOUND', message: 'No such route' } }, 404);
    }),
  );

const renderOperator = (path: string) => {
  const fake = createFakeAuthSdk();
  fake.sdk.refresh.mockImplementation(async () => {
    fake.signIn(buildAuthUser({ email: 'demo@vigil.example', userTenants: allTenants }), 'session.jwt');
    return { ok: true, code: 200 };
  });
  return { fake, ...renderRoutes(routes, path, { sdk: fake.sdk }) };
};

const organizationName = () => screen.getByTestId('organization-name');
// Waiting longer than Testing Library's 1 s for the shell's first render, which a busy machine needs.
const findSwitcher = () => screen.findByTestId('company-switcher', {}, { timeout: 10_000 });
const eventually = (assertion: () => void) => waitFor(assertion, { timeout: 10_000 });

const pickInNav = async (name: string) => {
  fireEvent.mouseDown(within(await findSwitcher()).getByRole('combobox'));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: new RegExp(name) }));
};

describe('the managed-service switcher', { timeout: 30_000 }, () => {
  // The router loads these lazily; loading them first keeps a slow machine's first render in time.
  beforeAll(async () => {
    await Promise.all([
      import('../../../app/routes/shell.route'),
      import('../../../app/routes/reporting.route'),
      import('../../../app/routes/insights/organization.route'),
    ]);
  }, 30_000);

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers the operator’s own organisation, marked as theirs, and the managed companies by name', async () => {
    stubServer();
    renderOperator('/reporting/');

    const switcher = await findSwitcher();
    fireEvent.mouseDown(within(switcher).getByRole('combobox', { name: 'Company' }));

    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Vigil Demo Managed ServicesYour organization',
      'Bluefin Health',
      'Northwind Logistics',
    ]);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
  });

  it('switches the session to a managed company, reloads everything for it and lands on its start page', async () => {
    stubServer();
    const { fake, router } = renderOperator('/reporting/');
    await eventually(() => expect(organizationName()).toHaveTextContent('Vigil Demo Managed Services'));

    await pickInNav('Northwind Logistics');

    expect(fake.sdk.selectTenant).toHaveBeenCalledWith(clients[1]!.id);
    await eventually(() => expect(organizationName()).toHaveTextContent('Northwind Logistics'));
    // The shell sent the admin on from "/" to their landing page, in the new organisation.
    await eventually(() => expect(router.state.location.pathname).toBe('/insights/organization/'));
    expect(within(screen.getByTestId('company-switcher')).getByRole('combobox')).toHaveTextContent('Northwind Logistics');
  });

  it('switches back to the operator’s own organisation', async () => {
    stubServer();
    const { fake } = renderOperator('/reporting/');
    await pickInNav('Bluefin Health');
    await eventually(() => expect(organizationName()).toHaveTextContent('Bluefin Health'));

    await pickInNav('Vigil Demo Managed Services');

    expect(fake.sdk.selectTenant).toHaveBeenLastCalledWith(home.id);
    await eventually(() => expect(organizationName()).toHaveTextContent('Vigil Demo Managed Services'));
  });

  it('only logs a refused switch and changes nothing on screen (§8)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubServer();
    // A page whose one question the server answers: any alert on screen would be the refused switch's.
    const { fake, router } = renderOperator('/insights/organization/training-status/');
    fake.sdk.selectTenant.mockResolvedValueOnce({
      ok: false,
      code: 403,
      error: { errorCode: 'E061301', errorDescription: 'tenant: this user is not a member of that tenant', errorMessage: '' },
    });
    await eventually(() => expect(organizationName()).toHaveTextContent('Vigil Demo Managed Services'));

    await pickInNav('Bluefin Health');

    await eventually(() => expect(logged).toHaveBeenCalledWith('Could not switch organisation', expect.any(Error)));
    expect(organizationName()).toHaveTextContent('Vigil Demo Managed Services');
    expect(router.state.location.pathname).toBe('/insights/organization/training-status/');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('company-switcher')).getByRole('combobox')).not.toHaveAttribute('aria-disabled');
  });

  // In the 200 px side navigation and in a phone's menu, a long name must not be cut short.
  it('gives long names room: the chosen one and every option wrap instead of being cut', async () => {
    const wraps = (element: Element) => {
      const style = getComputedStyle(element);
      expect([style.whiteSpace, style.overflowWrap, style.textOverflow], element.textContent ?? '').toEqual(['normal', 'anywhere', 'clip']);
    };
    stubServer();
    renderOperator('/reporting/');

    const combobox = within(await findSwitcher()).getByRole('combobox', { name: /Company/ });
    // The full name is the combobox's value, and its description (a title) for screen readers.
    expect(combobox).toHaveTextContent(/^Vigil Demo Managed Services$/);
    expect(combobox).toHaveAccessibleDescription('Vigil Demo Managed Services');
    wraps(combobox);
    fireEvent.mouseDown(combobox);
    for (const option of within(screen.getByRole('listbox')).getAllByRole('option')) wraps(option);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });

    fireEvent.click(await screen.findByRole('button', { name: 'Switch company' }));
    for (const item of within(screen.getByRole('menu', { name: 'Switch company' })).getAllByRole('menuitemradio')) wraps(item);
  });

  it('is also in the top bar, as a menu of the same organisations', async () => {
    stubServer();
    const { fake } = renderOperator('/reporting/');

    fireEvent.click(await screen.findByRole('button', { name: 'Switch company' }, { timeout: 10_000 }));
    const menu = screen.getByRole('menu', { name: 'Switch company' });
    expect(within(menu).getByRole('menuitemradio', { name: /Vigil Demo Managed Services/ })).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: 'Bluefin Health' }));

    expect(fake.sdk.selectTenant).toHaveBeenCalledWith(clients[0]!.id);
    await eventually(() => expect(organizationName()).toHaveTextContent('Bluefin Health'));
  });

  it('keeps the top bar button focused and enabled while a switch is under way, saying it is busy', async () => {
    stubServer([clients[0]!]);
    const { fake } = renderOperator('/reporting/');
    let finish: () => void = () => {};
    fake.sdk.selectTenant.mockImplementationOnce(
      () => new Promise((resolve) => (finish = () => resolve({ ok: true, code: 200 }))),
    );
    const button = await screen.findByRole('button', { name: 'Switch company' }, { timeout: 10_000 });
    button.focus();
    fireEvent.click(button);
    fireEvent.click(within(screen.getByRole('menu', { name: 'Switch company' })).getByRole('menuitemradio', { name: 'Bluefin Health' }));

    await eventually(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeEnabled();
    await eventually(() => expect(button).toHaveFocus());
    // A press meanwhile opens nothing.
    fireEvent.click(button);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    finish();
    await eventually(() => expect(screen.getByRole('button', { name: 'Switch company' })).toHaveAttribute('aria-busy', 'false'));
  });

  it('keeps the Company Metrics heading with a single managed company, and offers the switch in the top bar', async () => {
    stubServer([clients[0]!]);
    renderOperator('/reporting/');

    expect(await screen.findByRole('button', { name: 'Switch company' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Company Metrics')).toBeVisible();
    expect(screen.queryByTestId('company-switcher')).not.toBeInTheDocument();
  });
});
