import type { PhishingSettings, SendingProfile } from '@vigil/contracts';
import type { ComponentType } from 'react';
import { vi } from 'vitest';

import { createFakeAuthSdk } from '../../testing/fake-auth-sdk';
import { json } from '../../testing/signed-in';
import { renderRoutes } from '../../testing/test-utils';

export { json };

/** One call our API received: method, address and parsed JSON body. */
export type ApiCall = { method: string; path: string; body: unknown };

/** Answers our API at the fetch level with a handler per `METHOD /path/`; anything else is a 404. */
export const serveApi = (handlers: Record<string, (call: ApiCall) => Response>) => {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const call = { method: init?.method ?? 'GET', path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const handler = handlers[`${call.method} ${url.pathname}`];
      return handler ? handler(call) : json({ error: { code: 'NOT_FOUND', message: `No route ${call.method} ${url.pathname}` } }, 404);
    }),
  );
  return calls;
};

export const buildProfile = (overrides: Partial<SendingProfile> = {}): SendingProfile => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Lookalike relay',
  host: 'smtp.relay.example',
  port: 587,
  security: 'starttls',
  username: 'relay-user',
  hasPassword: true,
  fromAddress: 'it-support@northwind-1ogistics.example',
  fromName: 'IT Support',
  replyTo: null,
  ratePerMinute: 60,
  activeCampaigns: 0,
  createdAt: '2026-01-05T09:00:00Z',
  updatedAt: '2026-01-05T09:00:00Z',
  archivedAt: null,
  can: { edit: true, archive: true, test: true },
  ...overrides,
});

export const buildPhishingSettings = (overrides: Partial<PhishingSettings> = {}): PhishingSettings => ({
  filterHeaderName: 'X-Vigil-Simulation',
  filterHeaderValue: 'q8Zr2V0b1xYw3T4u5S6r7Q8p9O0n1M2l',
  filterSecretUpdatedAt: '2026-01-05T09:00:00Z',
  allowListInstructions: [],
  ...overrides,
});

/** Mounts a component with a signed-in session, as the testing page does. */
export const renderSignedIn = (Component: ComponentType) => {
  const fake = createFakeAuthSdk();
  fake.signIn(undefined, 'session.jwt');
  return renderRoutes([{ path: '/configure/testing/', Component }], '/configure/testing/', { sdk: fake.sdk });
};
