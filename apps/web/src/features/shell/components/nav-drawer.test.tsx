import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { buildShellUser } from '../../../testing/builders';
import { renderRoutes } from '../../../testing/test-utils';
import { getLogoHref } from '../model/logo-link';
import { buildMenu } from '../model/menus';
import type { ShellUser } from '../model/user';
import { ShellLayout } from './shell-layout';

const amelia = buildShellUser({
  firstName: 'Amelia',
  lastName: 'Hart',
  email: 'amelia.hart@northwind-logistics.example',
  role: 'Superadmin',
  organization: 'Northwind Logistics',
});

const renderShell = (user: ShellUser, path: string) =>
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <ShellLayout user={user} menu={buildMenu(user, { email: user.email })} logoHref={getLogoHref(user)} onLogout={async () => {}}>
            <p>Page body</p>
          </ShellLayout>
        ),
      },
    ],
    path,
  );

const menuButton = () => within(screen.getByRole('banner')).getByRole('button', { name: 'Open navigation menu' });
const sideNav = () => screen.getByTestId('side-nav');

// What a navigation offers: each link's name, address, current-page mark and tooltip, and the groups.
const describeNavigation = (nav: HTMLElement) => ({
  links: within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current'), link.getAttribute('aria-describedby') ? 'described' : '']),
  groups: within(nav)
    .getAllByRole('button')
    .map((button) => [button.textContent, button.getAttribute('aria-expanded')]),
});

// Opens the drawer as a person does: focus on the button, then activate it.
const openDrawer = () => {
  const button = menuButton();
  button.focus();
  fireEvent.click(button);
  return screen.getByRole('dialog', { name: 'Navigation menu' });
};

describe('NavDrawer: the navigation below md', () => {
  it('opens from a named menu button in the banner and shows the same menu as the side navigation', () => {
    renderShell(amelia, '/insights/organization/');
    const expected = describeNavigation(sideNav());
    const button = menuButton();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    const dialog = openDrawer();

    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', dialog.id);
    // The page behind the open drawer is hidden from assistive technology.
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    const nav = within(dialog).getByRole('navigation', { name: 'Main navigation' });
    expect(describeNavigation(nav)).toEqual(expected);
    expect(within(nav).getByRole('link', { name: 'Organization' })).toHaveAttribute('aria-current', 'page');
    expect(within(dialog).getByRole('button', { name: 'Close navigation menu' })).toBeVisible();
  });

  it('carries the tooltips of the side navigation as descriptions', () => {
    renderShell(buildShellUser({ email: 'owen.fletcher@northwind-logistics.example' }), '/dashboard/trainings/');

    const nav = within(openDrawer()).getByRole('navigation', { name: 'Main navigation' });

    expect(within(nav).getByRole('link', { name: 'Trainings' })).toHaveAccessibleDescription('Go to the trainings page.');
    expect(within(nav).getByRole('link', { name: 'Insights' })).toHaveAccessibleDescription('Go to the insights page.');
  });

  it('lets the groups be toggled inside the drawer', () => {
    renderShell(amelia, '/insights/organization/');
    const dialog = openDrawer();
    const configure = within(dialog).getByRole('button', { name: 'Configure' });
    expect(configure).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(configure);

    expect(configure).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getByRole('link', { name: 'Testing' })).toHaveAttribute('href', '/configure/testing/');
    expect(dialog).toBeVisible();
  });

  it('closes on Escape and gives focus back to the menu button', async () => {
    renderShell(amelia, '/insights/organization/');
    const dialog = openDrawer();

    fireEvent.keyDown(dialog, { key: 'Escape' });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
  });

  it('closes with its close button and gives focus back to the menu button', async () => {
    renderShell(amelia, '/insights/organization/');

    fireEvent.click(within(openDrawer()).getByRole('button', { name: 'Close navigation menu' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(menuButton()).toHaveFocus();
  });

  it('closes when a link is followed, and the new page’s heading takes focus', async () => {
    const { router } = renderShell(amelia, '/insights/organization/');

    fireEvent.click(within(openDrawer()).getByRole('link', { name: 'Reporting' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/reporting/'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Reporting' })).toHaveFocus();
  });

  it('closes when a link to the page already shown is followed, focus back on the button', async () => {
    renderShell(amelia, '/reporting/');

    fireEvent.click(within(openDrawer()).getByRole('link', { name: 'Reporting' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(menuButton()).toHaveFocus();
  });

  it('closes when the path changes another way (the back button)', async () => {
    const { router } = renderShell(amelia, '/reporting/');
    openDrawer();

    await act(() => router.navigate('/compliance/'));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is not offered on the onboarding pages, which have no navigation', () => {
    renderShell(buildShellUser({ role: 'Admin', isOnboarded: false }), '/onboarding/');

    expect(within(screen.getByRole('banner')).queryByRole('button', { name: 'Open navigation menu' })).not.toBeInTheDocument();
  });
});
