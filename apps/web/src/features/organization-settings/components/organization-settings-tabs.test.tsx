import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderRoutes } from '../../../testing/test-utils';
import { OrganizationSettingsTabs } from './organization-settings-tabs';

describe('OrganizationSettingsTabs', () => {
  it('links each page from a navigation landmark and marks the one of the address', () => {
    renderRoutes([{ path: '/', Component: () => <OrganizationSettingsTabs current="loginLogs">Log content</OrganizationSettingsTabs> }]);
    const nav = screen.getByRole('navigation', { name: 'Organization settings pages' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['General', '/settings/organization/general/'],
      ['Users', '/settings/organization/users/'],
      ['Admins', '/settings/organization/admins/'],
      ['Login Logs', '/settings/organization/login-logs/'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Login Logs' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'General' })).not.toHaveAttribute('aria-current');
    // Links, not an ARIA tab widget: every one is a Tab stop, and no tab semantics are promised.
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(links.every((link) => link.tabIndex === 0)).toBe(true);
    expect(screen.getByText('Log content')).toBeInTheDocument();
  });
});
