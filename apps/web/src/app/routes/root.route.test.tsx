import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoutes } from '../../testing/test-utils';
import { ErrorBoundary, HydrateFallback } from './root.route';

describe('root error boundary', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows status, status text and data of a thrown 404 response', async () => {
    renderRoutes(
      [
        {
          path: '/',
          ErrorBoundary,
          HydrateFallback,
          children: [
            {
              path: 'campaigns/',
              loader: () => {
                throw new Response('No such campaign', { status: 404, statusText: 'Not Found' });
              },
              Component: () => null,
            },
          ],
        },
      ],
      '/campaigns/',
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: '404 Not Found' })).toBeVisible();
    expect(screen.getByText('No such campaign')).toBeVisible();
  });

  it('shows the message of an error thrown while rendering', async () => {
    // React reports the caught render error on the console; keep the test output readable.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('Cannot read the campaign list');
    };

    renderRoutes([{ path: '/', ErrorBoundary, Component: Broken }], '/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    expect(screen.getByText('Cannot read the campaign list')).toBeVisible();
  });
});
