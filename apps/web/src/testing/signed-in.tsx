import type { PersonalUserData } from '@vigil/contracts';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { vi } from 'vitest';

import { createFakeAuthSdk } from './fake-auth-sdk';
import { renderRoutes } from './test-utils';

export type ApiAnswer = { status?: number; body: unknown };

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Stubs our API at the fetch level: the personal record, an empty managed-company list, and any
 * other answers the test gives by path. Unknown paths answer 404 in the API's error shape.
 */
export const stubApi = (record: PersonalUserData | ApiAnswer, answers: Record<string, ApiAnswer> = {}) => {
  const personal: ApiAnswer = 'body' in record ? record : { body: record };
  const all: Record<string, ApiAnswer> = {
    '/api/personal_user_data/': personal,
    '/api/mssp_company_list/': { body: { mssp_company_names: [] } },
    ...answers,
  };
  const server = vi.fn<typeof fetch>(async (input) => {
    const answer = all[String(input)];
    if (!answer) return json({ error: { code: 'NOT_FOUND', message: 'No such route' } }, 404);
    return json(answer.body, answer.status ?? 200);
  });
  vi.stubGlobal('fetch', server);
  return server;
};

/** Mounts the routes at `path` with a session that the first try-refresh restores. */
export const renderSignedIn = (routes: RouteObject[], path: string) => {
  const fake = createFakeAuthSdk();
  fake.sdk.refresh.mockImplementation(async () => {
    fake.signIn(undefined, 'session.jwt');
    return { ok: true, code: 200 };
  });
  return { fake, ...renderRoutes(routes, path, { sdk: fake.sdk }) };
};

/** Mounts one page's component at `path` with a session already signed in. */
export const renderPageSignedIn = (Component: ComponentType, path: string) => {
  const fake = createFakeAuthSdk();
  fake.signIn(undefined, 'session.jwt');
  return renderRoutes([{ path, Component }], path, { sdk: fake.sdk });
};
