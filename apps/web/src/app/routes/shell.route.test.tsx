import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { buildPersonalRecord } from '../../testing/builders';
import { renderSignedIn, stubApi } from '../../testing/signed-in';
import { routes } from '../router';

const companyNames = ['Northwind Logistics', 'Harbor & Pike Legal', 'Crestline Financial'];
const companies = companyNames.map((name, index) => ({
  company_id: `00000000-0000-4000-8000-00000000000${index + 1}`,
  company_name: name,
  subordinate_email: '',
}));
const operator = buildPersonalRecord({
  first_name: 'Dana',
  last_name: 'Demo',
  email: 'demo@vigil.example',
  role: 'Superadmin',
  company: 'Vigil Demo MSSP',
});

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });

describe('shell layout route', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('gives a managed-service admin the company drop-down followed by Metrics', async () => {
    const server = stubApi(operator, { '/api/mssp_company_list/': { body: { mssp_company_names: companies } } });
    renderSignedIn(routes, '/reporting/');

    const switcher = await screen.findByTestId('company-switcher');
    expect(within(nav()).getByText('Metrics')).toBeVisible();
    expect(within(nav()).queryByText('Company Metrics')).not.toBeInTheDocument();
    expect(switcher).toHaveTextContent('Vigil Demo MSSP');
    // The demo operator has neither the standard metrics nor My Metrics (config/demo-accounts.ts).
    expect(within(nav()).queryByRole('button', { name: 'Insights' })).not.toBeInTheDocument();
    expect(within(nav()).queryByText('My Metrics')).not.toBeInTheDocument();
    expect(server.mock.calls.filter(([url]) => url === '/api/mssp_company_list/')).toHaveLength(1);
  });

  it('keeps the Company Metrics heading when the company list fails, and only logs the failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi(buildPersonalRecord({ role: 'Admin' }), {
      '/api/mssp_company_list/': { status: 403, body: { error: { code: 'FORBIDDEN', message: 'Not a managed-service organisation' } } },
    });
    // A page that asks for nothing itself, so the only refused call is the company list.
    renderSignedIn(routes, '/configure/integrations/');

    expect(await screen.findByText('Company Metrics')).toBeVisible();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Could not load the managed companies', expect.anything()));
    expect(screen.queryByTestId('company-switcher')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does not ask for the company list for people who never see its headings', async () => {
    const server = stubApi(buildPersonalRecord({ role: 'Manager' }));
    renderSignedIn(routes, '/insights/your-reports/');

    expect(await screen.findByTestId('page-title')).toHaveTextContent('Your Reports');
    // The page asks for its own data; nothing asks for the company list.
    expect(server.mock.calls.map(([url]) => url)).toContain('/api/personal_user_data/');
    expect(server.mock.calls.map(([url]) => url)).not.toContain('/api/mssp_company_list/');
  });

  it.each([
    ['an end user', buildPersonalRecord({ role: 'User' }), '/dashboard/trainings/', '/dashboard/trainings/'],
    ['an admin', buildPersonalRecord({ role: 'Admin' }), '/reporting/', '/insights/organization/'],
    ['an admin whose BRA is not complete', buildPersonalRecord({ role: 'Admin', is_bra_completed: false }), '/configure/testing/', '/welcome/'],
  ])('leads the logo of %s to the right start page', async (_, record, path, logoHref) => {
    stubApi(record);
    renderSignedIn(routes, path);

    expect(await screen.findByTestId('nav-logo')).toHaveAttribute('href', logoHref);
  });
});
