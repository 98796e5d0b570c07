import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { AuthMethod } from '../../../lib/client-config';
import { renderRoutes } from '../../../testing/test-utils';
import { SignIn } from './sign-in';

const renderSignIn = (methods: AuthMethod[]) =>
  renderRoutes([{ path: '/login/', element: <SignIn methods={methods} /> }], '/login/');

describe('SignIn', () => {
  it('offers the announced methods, as tabs in the server’s order', () => {
    renderSignIn(['otp-email', 'magiclink', 'password', 'enchantedlink']);

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Email code',
      'Email link',
      'Password',
      'Other device',
    ]);
    expect(screen.getByRole('tab', { name: 'Email code', selected: true })).toBeVisible();
    expect(screen.getByRole('tabpanel')).toContainElement(screen.getByRole('button', { name: 'Email me a sign-in code' }));
  });

  it('reaches each of four methods from its tab', () => {
    renderSignIn(['password', 'otp-email', 'magiclink', 'enchantedlink']);

    fireEvent.click(screen.getByRole('tab', { name: 'Email link' }));
    expect(screen.getByRole('tabpanel')).toContainElement(screen.getByRole('button', { name: 'Email me a sign-in link' }));

    fireEvent.click(screen.getByRole('tab', { name: 'Other device' }));
    expect(screen.getByRole('tabpanel')).toContainElement(
      screen.getByRole('button', { name: 'Email me a link to approve this sign-in' }),
    );
  });

  it('keeps the typed email when switching method', () => {
    renderSignIn(['password', 'otp-email']);

    fireEvent.change(screen.getByRole('textbox', { name: /Email address/ }), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Email code' }));

    expect(screen.getByRole('button', { name: 'Email me a sign-in code' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Email address/ })).toHaveValue('ada@example.com');
  });

  it('offers a passkey and single sign-on below the email methods, each opening its own form', () => {
    renderSignIn(['password', 'otp-email', 'passkey', 'sso']);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Password', 'Email code']);
    const alternatives = screen.getByTestId('sign-in-alternatives');
    expect(alternatives).toHaveTextContent('Other ways to sign in');

    fireEvent.click(screen.getByRole('button', { name: 'Continue with single sign-on' }));
    expect(screen.queryByRole('tab', { selected: true })).not.toBeInTheDocument();
    expect(screen.getByTestId('sso-sign-in-form')).toBeVisible();
    // Its own button now submits the form; the other alternative is still offered.
    expect(screen.getAllByRole('button', { name: 'Continue with single sign-on' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Use your passkey' }));
    expect(screen.getByTestId('passkey-sign-in-form')).toBeVisible();

    fireEvent.click(screen.getByRole('tab', { name: 'Password' }));
    expect(screen.getByRole('tabpanel')).toContainElement(screen.getByLabelText('Password', { selector: 'input' }));
  });

  it('shows no tabs for a single method, and says so when there is none', () => {
    const { unmount } = renderSignIn(['password']);
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    unmount();

    renderSignIn([]);
    expect(screen.getByText(/No sign-in method is available/)).toBeVisible();
  });
});
