import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { paths } from '../config/paths';
import { renderRoutes } from '../testing/test-utils';
import { routes } from './router';

describe('app routes', () => {
  it('sends / to the sign-in page', async () => {
    const { router } = renderRoutes(routes, paths.home.getHref());

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Vigil' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login/');
  });

  it('shows Page Not Found for an unknown path and leads back to the platform', async () => {
    const { router } = renderRoutes(routes, '/insights/nowhere/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    fireEvent.click(screen.getByRole('link', { name: 'Go to Platform' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Vigil' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login/');
  });

  it('guards the signed-in pages: no session, back to sign-in', async () => {
    const { router } = renderRoutes(routes, paths.dashboard.insights.getHref());

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Vigil' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login/');
  });

  it('offers sign-in from the error page', async () => {
    renderRoutes(routes, paths.error.getHref());

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login/');
  });
});
