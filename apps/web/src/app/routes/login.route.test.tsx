import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { paths } from '../../config/paths';
import { renderRoutes } from '../../testing/test-utils';
import { Component as LoginPage } from './login.route';

describe('login placeholder', () => {
  it('shows the product and the sign-in heading inside the main landmark', () => {
    renderRoutes([{ path: paths.login.path, Component: LoginPage }], paths.login.getHref());

    const main = screen.getByRole('main');
    expect(main).toContainElement(screen.getByRole('heading', { level: 1, name: 'Sign in to Vigil' }));
    expect(screen.getByText('Vigil')).toBeVisible();
    expect(screen.getByText(/arrives with the authentication provider/i)).toBeVisible();
  });
});
