import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { paths } from '../config/paths';
import { renderRoutes } from '../testing/test-utils';
import { PageNotFound } from './page-not-found';

const routes = [
  { path: paths.login.path, element: <h1>Sign-in stub</h1> },
  { path: '*', Component: PageNotFound },
];

describe('PageNotFound', () => {
  it('tells the user the page does not exist and offers a way back', () => {
    renderRoutes(routes, '/no/such/page/');

    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    expect(screen.getByText(/does not exist or has been moved/i)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Platform' })).toHaveAttribute('href', '/login/');
  });

  it('goes to the sign-in page when Go to Platform is pressed', async () => {
    const { router } = renderRoutes(routes, '/no/such/page/');

    fireEvent.click(screen.getByRole('link', { name: 'Go to Platform' }));

    expect(await screen.findByRole('heading', { name: 'Sign-in stub' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login/');
  });
});
