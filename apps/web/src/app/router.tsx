import { createBrowserRouter, type RouteObject } from 'react-router';

import { paths } from '../config/paths';
import * as home from './routes/home.route';
import { ErrorBoundary, HydrateFallback } from './routes/root.route';

// Pages load lazily, one chunk each. The root boundary and fallback are eager so they still work
// when a chunk fails to load, and home is eager because it only redirects.
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: paths.home.path,
    ErrorBoundary,
    HydrateFallback,
    children: [
      { index: true, ...home },
      { path: paths.login.path, lazy: () => import('./routes/login.route') },
      { path: paths.login.magicLink.path, lazy: () => import('./routes/login/magic-link.route') },
      { path: paths.login.enchantedLink.path, lazy: () => import('./routes/login/enchanted-link.route') },
      { path: paths.login.resetPassword.path, lazy: () => import('./routes/login/reset-password.route') },
      { path: paths.error.path, lazy: () => import('./routes/error.route') },
      {
        id: 'require-session',
        lazy: () => import('./routes/require-session.route'),
        children: [
          {
            path: paths.dashboard.insights.path,
            lazy: () => import('./routes/dashboard/insights.route'),
          },
        ],
      },
      { path: paths.notFound.path, lazy: () => import('./routes/not-found.route') },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
