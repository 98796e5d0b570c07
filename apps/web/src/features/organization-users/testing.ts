import type { ComponentType } from 'react';
import type { OrganizationAdmin, OrganizationUser, OrganizationUsers } from '@vigil/contracts';
import { vi } from 'vitest';

import { createFakeAuthSdk } from '../../testing/fake-auth-sdk';
import { json } from '../../testing/signed-in';
import { renderRoutes } from '../../testing/test-utils';

/** One call our API received: method, address and parsed JSON body. */
export type ApiCall = { method: string; url: URL; body: unknown };
type Handler = (call: ApiCall) => Response | Promise<Response>;

/**
 * Answers our API at the fetch level with a handler per `METHOD /path/` (the query is the handler's
 * to read). Anything else answers 404 in the API's error shape. Returns every call, in order.
 */
export const serveApi = (handlers: Record<string, Handler>) => {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const call = { method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const handler = handlers[`${call.method} ${url.pathname}`];
      if (!handler) return json({ error: { code: 'NOT_FOUND', message: `No route ${call.method} ${url.pathname}` } }, 404);
      return handler(call);
    }),
  );
  return calls;
};

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
