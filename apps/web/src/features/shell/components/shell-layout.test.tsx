import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useMemo } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { buildShellUser } from '../../../testing/builders';
import { renderRoutes } from '../../../testing/test-utils';
import { getLogoHref } from '../model/logo-link';
import { buildMenu } from '../model/menus';
import type { ShellUser } from '../model/user';
import { ShellLayout } from './shell-layout';
import { useShellPage } from './shell-page-context';

const owen = buildShellUser({
  firstName: 'Owen',
  lastName: 'Fletcher',
  initials: 'OF',
  email: 'owen.fletcher@northwind-logistics.example',
  organization: 'Northwind Logistics',
  pictureFileName: 'northwind logo.svg',
});
const amelia = buildShellUser({
  firstName: 'Amelia',
  lastName: 'Hart',
  initials: 'AH',
  email: 'amelia.hart@northwind-logistics.example',
  role: 'Superadmin',
  organization: 'Northwind Logistics',
});

// A page that names itself, as a person's page will ("Ada Lovelace" instead of "User").
const NamedPage = () => {
  const breadcrumbs = useMemo(() => [{ label: 'People', href: null }, { label: 'Ada Lovelace', href: null }], []);
  useShellPage({ title: 'Ada Lovelace', breadcrumbs });
  return <p>Person page</p>;
};

const renderShell = (user: ShellUser, path: string, onLogout = vi.fn(async () => {})) => {
  const shell = (page: React.ReactNode) => (
    <ShellLayout user={user} menu={buildMenu(user, { email: user.email })} logoHref={getLogoHref(user)} onLogout={onLogout}>
      {page}
    </ShellLayout>
  );
  const view = renderRoutes(
    [
      { path: '/insights/users/', element: shell(<NamedPage />) },
      { path: '/login/', element: <h1>Sign-in stub</h1> },
      { path: '*', element: shell(<p>Page body</p>) },
    ],
    path,
  );
  return { ...view, onLogout };
};

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });

describe('ShellLayout: landmarks and top bar', () => {
  it('has a banner, the main navigation and a main landmark around the page', () => {
    renderShell(owen, '/dashboard/trainings/');

    expect(screen.getByRole('banner')).toBeVisible();
    expect(nav()).toBeVisible();
    expect(within(screen.getByRole('main')).getByText('Page body')).toBeVisible();
  });

  it('shows the organisation logo (named by the organisation) and its name', () => {
    renderShell(owen, '/dashboard/trainings/');

    const banner = screen.getByRole('banner');
    const logo = within(banner).getByRole('img', { name: 'Northwind Logistics' });
    expect(logo).toHaveAttribute('src', '/cdn/company-logos/northwind%20logo.svg');
    expect(within(banner).getByTestId('organization-name')).toHaveTextContent('Northwind Logistics');
  });

  it('shows the whole organisation name at small widths, wrapping rather than cut to a letter', () => {
    const longName = buildShellUser({ ...owen, organization: 'Harbor & Pike Legal Services International' });
    renderShell(longName, '/dashboard/trainings/');

    // The name wraps (below sm on a row of its own; jsdom cannot show breakpoints, the e2e screenshots
    // at 400 px do), and its title carries the full text where two lines are not enough.
    const name = within(screen.getByRole('banner')).getByTestId('organization-name');
    expect(name).toHaveTextContent('Harbor & Pike Legal Services International');
    expect(name).toHaveAttribute('title', 'Harbor & Pike Legal Services International');
    expect(getComputedStyle(name)).toMatchObject({ whiteSpace: 'normal', overflowWrap: 'anywhere' });
    expect(getComputedStyle(name).textOverflow).not.toBe('ellipsis');
  });

  it('shows no broken image when the organisation has no logo', () => {
    renderShell(amelia, '/insights/organization/');

    expect(within(screen.getByRole('banner')).queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('ShellLayout: user menu', () => {
  it('opens from the initials button with the full name, email, Account Settings and Log Out', () => {
    renderShell(owen, '/dashboard/trainings/');
    const button = screen.getByRole('button', { name: 'OF User menu' });
    expect(button).toHaveTextContent('OF');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(button);

    const menu = screen.getByRole('menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByTestId('user-menu-name')).toHaveTextContent('Owen Fletcher');
    expect(within(menu).getByTestId('user-menu-email')).toHaveTextContent('owen.fletcher@northwind-logistics.example');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Account Settings', 'Log Out']);
    expect(within(menu).getByRole('menuitem', { name: 'Account Settings' })).toHaveAttribute('href', '/account-settings/');
  });

  it('offers no Account Settings before onboarding is complete', () => {
    renderShell(buildShellUser({ isOnboarded: false }), '/onboarding/');

    fireEvent.click(screen.getByRole('button', { name: /User menu$/ }));

    expect(within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Log Out']);
  });

  it('logs out from the menu', async () => {
    const { onLogout } = renderShell(owen, '/dashboard/trainings/');

    fireEvent.click(screen.getByRole('button', { name: /User menu$/ }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Log Out' }));

    await waitFor(() => expect(onLogout).toHaveBeenCalledTimes(1));
  });

  it('says so when the logout request could not be sent', async () => {
    renderShell(owen, '/dashboard/trainings/', vi.fn(async () => Promise.reject(new Error('offline'))));

    fireEvent.click(screen.getByRole('button', { name: /User menu$/ }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Log Out' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('You are still signed in');
  });
});

describe('ShellLayout: side navigation', () => {
  it('lists the menu of the person, marks the current page and carries the tooltips as descriptions', () => {
    renderShell(owen, '/dashboard/trainings/learning/');

    const links = within(nav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Vigil', '/dashboard/trainings/'],
      ['Insights', '/dashboard/insights/'],
      ['Trainings', '/dashboard/trainings/'],
    ]);
    const trainings = within(nav()).getByRole('link', { name: 'Trainings' });
    expect(trainings).toHaveAttribute('aria-current', 'page');
    expect(trainings).toHaveAccessibleDescription('Go to the trainings page.');
    expect(within(nav()).getByRole('link', { name: 'Insights' })).not.toHaveAttribute('aria-current');
    expect(within(nav()).getByRole('link', { name: 'Insights' })).toHaveAccessibleDescription('Go to the insights page.');
    expect(within(nav()).getByText('My Metrics')).toBeVisible();
  });

  it('opens the Insights group by itself on an insights page, and lets it be toggled', () => {
    renderShell(amelia, '/insights/users/search/');

    const insights = within(nav()).getByRole('button', { name: 'Insights' });
    const configure = within(nav()).getByRole('button', { name: 'Configure' });
    expect(insights).toHaveAttribute('aria-expanded', 'true');
    expect(configure).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav()).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav()).queryByRole('link', { name: 'Testing' })).not.toBeInTheDocument();

    fireEvent.click(configure);
    expect(configure).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav()).getByRole('link', { name: 'Testing' })).toHaveAttribute('href', '/configure/testing/');

    fireEvent.click(insights);
    expect(insights).toHaveAttribute('aria-expanded', 'false');
  });

  it('highlights the users search on a person’s page, and opens Configure when the path enters it', async () => {
    const { router } = renderShell(amelia, '/insights/users/');
    expect(within(nav()).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');

    await act(() => router.navigate('/configure/integrations/scim/'));

    expect(within(nav()).getByRole('button', { name: 'Configure' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav()).getByRole('link', { name: 'Integrations' })).toHaveAttribute('aria-current', 'page');
  });

  it('leads the logo to the person’s start page and scrolls smoothly to the top', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    renderShell(amelia, '/reporting/');

    const logo = within(nav()).getByTestId('nav-logo');
    expect(logo).toHaveAttribute('href', '/insights/organization/');
    fireEvent.click(logo);

    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('ends with the copyright line of the current year', () => {
    renderShell(owen, '/dashboard/insights/');

    expect(within(nav()).getByTestId('nav-footer')).toHaveTextContent(`© ${new Date().getFullYear()} Vigil`);
  });

  it('is absent on the onboarding pages', () => {
    renderShell(buildShellUser({ role: 'Admin', isOnboarded: false }), '/onboarding/setup-dmi/');

    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toBeVisible();
  });
});

// Long words ("Unternehmenskennzahlen") must wrap or hyphenate, never be clipped: hyphens where the
// browser can hyphenate the page's language (html lang), and a break anywhere where it cannot.
describe('ShellLayout: long words', () => {
  const breaksLongWords = (element: Element) => expect(getComputedStyle(element)).toMatchObject({ overflowWrap: 'anywhere', hyphens: 'auto' });

  it('wrap in the side navigation, the breadcrumbs, the page title and buttons', () => {
    renderShell(amelia, '/insights/organization/training-status/');

    const navigation = nav();
    breaksLongWords(within(navigation).getByText('Company Metrics'));
    breaksLongWords(within(navigation).getByText('Departments'));
    breaksLongWords(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Training Status').closest('li')!);
    breaksLongWords(screen.getByTestId('page-title'));
    breaksLongWords(within(screen.getByRole('banner')).getByRole('button', { name: 'Feedback' }));
  });
});

describe('ShellLayout: breadcrumbs and title', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the trail and the title of the page', () => {
    renderShell(amelia, '/insights/organization/training-status/');

    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Organization' })).toHaveAttribute('href', '/insights/organization/');
    expect(within(crumbs).getByText('Training Status')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('page-title')).toHaveTextContent('Training Status');
    expect(screen.getByRole('heading', { level: 1, name: 'Training Status' })).toBeVisible();
    expect(document.title).toBe('Training Status · Vigil');
  });

  it('names the parameters of the page from the catalogue in its title and its parent’s link', () => {
    renderShell(amelia, '/settings/guardian-nudge/enabled/');

    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Guardian Nudge' })).toHaveAttribute('href', '/settings/guardian-nudge/');
    expect(screen.getByTestId('page-title')).toHaveTextContent(/^Guardian Nudge: Enabled$/);
    expect(document.title).toBe('Guardian Nudge: Enabled · Vigil');
  });

  it('titles an integration by the service’s name, not the address', () => {
    renderShell(amelia, '/configure/integrations/phish-mailbox/');

    expect(screen.getByTestId('page-title')).toHaveTextContent(/^Integration: Reported-phish mailbox$/);
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Integration: Reported-phish mailbox')).toHaveAttribute('aria-current', 'page');
  });

  it('says Page Not Found for an integration the catalogue does not name', () => {
    renderShell(amelia, '/configure/integrations/no-such-service/');

    expect(screen.getByTestId('page-title')).toHaveTextContent('Page Not Found');
  });

  it('keeps an ancestor the person may not open as plain text', () => {
    renderShell(buildShellUser({ role: 'Manager' }), '/insights/users/');

    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).queryByRole('link')).not.toBeInTheDocument();
  });

  it.each(['/dashboard/insights/', '/dashboard/insights'])('hides the title on the dashboard insights page (%s)', (path) => {
    renderShell(owen, path);

    expect(screen.queryByTestId('page-title')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.getByTestId('breadcrumbs')).toHaveTextContent('Your Security Insights');
  });

  it('says Page Not Found for a main page name with no such page', () => {
    renderShell(amelia, '/insights/nonexistent/');

    expect(screen.getByTestId('page-title')).toHaveTextContent('Page Not Found');
    expect(screen.queryByText('Page body')).not.toBeInTheDocument();
  });

  it('takes a custom title and breadcrumbs from the page, and drops them on the next path', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { router } = renderShell(amelia, '/insights/users/');

    await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('Ada Lovelace'));
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('People/Ada Lovelace');
    scrollTo.mockClear();

    await act(() => router.navigate('/reporting/'));

    expect(screen.getByTestId('page-title')).toHaveTextContent('Reporting');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).not.toHaveTextContent('Ada Lovelace');
    // §4: each path change starts at the top.
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
