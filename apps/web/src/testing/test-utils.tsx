import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { AppProviders, SessionProviders } from '../app/app';
import type { AuthSdk } from '../lib/auth/auth-sdk';
import type { ClientConfig } from '../lib/client-config';
import { createFakeAuthSdk } from './fake-auth-sdk';

export const testClientConfig: ClientConfig = {
  authProjectId: 'P2testproject',
  authBaseUrl: 'http://localhost:3000',
  authMethods: ['password', 'otp-email'],
  oauthProviders: [],
};

type RenderRoutesOptions = {
  /** Defaults to a fake SDK with no session. */
  sdk?: AuthSdk;
  clientConfig?: ClientConfig;
};

// Mounts routes as the app does (same providers), starting at `initialPath` in memory.
export const renderRoutes = (
  routes: RouteObject[],
  initialPath = '/',
  { sdk = createFakeAuthSdk().sdk, clientConfig = testClientConfig }: RenderRoutesOptions = {},
) => {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const view = render(
    <AppProviders>
      <SessionProviders clientConfig={clientConfig} sdk={sdk}>
        <RouterProvider router={router} />
      </SessionProviders>
    </AppProviders>,
  );
  return { router, ...view };
};
