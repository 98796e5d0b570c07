import type { ComponentType } from 'react';
import type { OrganizationAdmin, OrganizationUser, OrganizationUsers } from '@vigil/contracts';

import { createFakeAuthSdk } from '../../testing/fake-auth-sdk';
import { renderRoutes } from '../../testing/test-utils';

let sequence = 0;
const nextId = () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;

export const buildUser = (overrides: Partial<OrganizationUser> = {}): OrganizationUser => ({
  id: nextId(),
  firstName: 'Will',
  lastName: 'Worker',
  email: 'will@acme.example',
  role: 'User',
  department: null,
  manager: null,
  startDate: null,
  jobTitle: null,
  phone: null,
  timeZone: null,
  preferredLanguage: null,
  isActive: true,
  source: 'manual',
  isYou: false,
  can: { edit: true, changeRole: true, deactivate: true, reactivate: false },
  ...overrides,
});

export const buildUserPage = (items: OrganizationUser[], overrides: Partial<OrganizationUsers> = {}): OrganizationUsers => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 25,
  assignableRoles: ['Admin', 'Manager', 'User'],
  organizationTimeZone: 'Europe/London',
  ...overrides,
});

export const buildAdmin = (overrides: Partial<OrganizationAdmin> = {}): OrganizationAdmin => ({
  id: nextId(),
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'ada@acme.example',
  role: 'Admin',
  isActive: true,
  isYou: false,
  can: { changeRole: true, remove: true },
  ...overrides,
});

/** Mounts a panel at `path` with a signed-in session, as the settings page does. */
export const renderSignedInPanel = (Component: ComponentType, path = '/settings/organization/users/') => {
  const fake = createFakeAuthSdk();
  fake.signIn(undefined, 'session.jwt');
  return renderRoutes([{ path: '/settings/organization/:tab/', Component }], path, { sdk: fake.sdk });
};
