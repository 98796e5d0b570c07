import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { App } from './app';

describe('App', () => {
  it('boots with the browser router and lands on sign-in', async () => {
    window.history.replaceState(null, '', '/');

    render(<App />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Vigil' })).toBeVisible();
    expect(window.location.pathname).toBe('/login/');
  });
});
