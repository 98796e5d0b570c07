import { act, fireEvent, screen, within } from '@testing-library/react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';

import { buildShellUser } from '../../../testing/builders';
import { renderRoutes } from '../../../testing/test-utils';
import { getLogoHref } from '../model/logo-link';
import { buildMenu } from '../model/menus';
import { ShellLayout } from './shell-layout';

const amelia = buildShellUser({ email: 'amelia.hart@northwind-logistics.example', role: 'Superadmin' });

const renderShell = (path: string) =>
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <ShellLayout user={amelia} menu={buildMenu(amelia, { email: amelia.email })} logoHref={getLogoHref(amelia)} onLogout={async () => {}}>
            <p>Page body</p>
            {/* Like the organisation settings tabs: links within the page to its sibling pages. */}
            <nav aria-label="Page tabs">
              <Link to="/settings/organization/general/">General</Link>
              <Link to="/settings/organization/users/">Users</Link>
            </nav>
          </ShellLayout>
        ),
      },
    ],
    path,
  );

// The elements Tab reaches, in document order (none of this page sets a positive tabindex).
const tabbable = () =>
  [...document.body.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
    (element) => element.tabIndex >= 0 && !element.hasAttribute('disabled'),
  );

describe('SkipLink', () => {
  it('is the first thing Tab reaches, and leads to the main region', () => {
    renderShell('/reporting/');

    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(tabbable()[0]).toBe(skip);
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });

  it('moves focus to the main region, so the next Tab starts in the page', () => {
    renderShell('/reporting/');

    fireEvent.click(screen.getByRole('link', { name: 'Skip to main content' }));

    expect(screen.getByRole('main')).toHaveFocus();
    // The address stays the page's own: the router does not see a #fragment.
    expect(window.location.hash).toBe('');
  });
});

describe('ShellLayout: focus on navigation', () => {
  it('leaves focus alone when the page is loaded', () => {
    renderShell('/reporting/');

    expect(document.body).toHaveFocus();
  });

  it('moves focus to the new page’s heading on each path change', async () => {
    const { router } = renderShell('/reporting/');

    await act(() => router.navigate('/compliance/'));

    const heading = screen.getByRole('heading', { level: 1, name: 'Compliance' });
    expect(heading).toHaveFocus();
    // Focusable for this, but not a stop on the Tab order.
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('moves focus to the main region when the page shows no heading of the shell', async () => {
    const { router } = renderShell('/reporting/');

    await act(() => router.navigate('/dashboard/insights/'));

    expect(within(screen.getByRole('main')).queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('leaves focus on the control inside the page that changed the path (a settings tab)', async () => {
    renderShell('/settings/organization/general/');
    const tabs = screen.getByRole('navigation', { name: 'Page tabs' });
    const users = within(tabs).getByRole('link', { name: 'Users' });
    users.focus();

    await act(async () => {
      fireEvent.click(users);
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(within(tabs).getByRole('link', { name: 'Users' })).toHaveFocus();
  });

  it('still moves focus to the new heading when the page was entered from outside it', async () => {
    const { router } = renderShell('/settings/organization/general/');
    screen.getByRole('link', { name: 'Skip to main content' }).focus();

    await act(() => router.navigate('/settings/organization/users/'));

    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toHaveFocus();
  });

  it('does not move focus when only the query changes', async () => {
    const { router } = renderShell('/reporting/');
    const button = screen.getByRole('button', { name: /User menu$/ });
    button.focus();

    await act(() => router.navigate('/reporting/?page=2'));

    expect(button).toHaveFocus();
  });
});
