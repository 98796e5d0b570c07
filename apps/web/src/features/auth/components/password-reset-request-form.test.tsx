import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { createFakeAuthSdk } from '../../../testing/fake-auth-sdk';
import { renderRoutes } from '../../../testing/test-utils';
import { SignIn } from './sign-in';

const renderPasswordSignIn = () => {
  const fake = createFakeAuthSdk();
  fake.sdk.password.sendReset.mockResolvedValue({
    ok: true,
    code: 200,
    data: { resetMethod: 'email', maskedEmail: 'n***@example.com' },
  });
  renderRoutes([{ path: '/login/', element: <SignIn methods={['password']} /> }], '/login/', { sdk: fake.sdk });
  return fake;
};

const openResetForm = () => fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));

describe('forgot password', () => {
  it('opens a reset form that keeps the typed email, and goes back to the password form', async () => {
    renderPasswordSignIn();
    fireEvent.change(screen.getByRole('textbox', { name: /Email address/ }), { target: { value: 'ada@example.com' } });

    openResetForm();

    const email = screen.getByRole('textbox', { name: /Email address/ });
    expect(email).toHaveValue('ada@example.com');
    expect(email).toHaveFocus();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));

    expect(screen.getByLabelText('Password')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Forgot your password?' })).toHaveFocus());
  });

  it('refuses an empty email without calling the provider', () => {
    const fake = renderPasswordSignIn();
    openResetForm();

    fireEvent.click(screen.getByRole('button', { name: 'Email me a reset link' }));

    expect(screen.getByRole('textbox', { name: /Email address/ })).toHaveAccessibleDescription('Enter your email address.');
    expect(fake.sdk.password.sendReset).not.toHaveBeenCalled();
  });

  it('asks for a reset link to this app and answers neutrally, whatever the address', async () => {
    const fake = renderPasswordSignIn();
    openResetForm();
    fireEvent.change(screen.getByRole('textbox', { name: /Email address/ }), { target: { value: ' nobody@example.com ' } });

    fireEvent.click(screen.getByRole('button', { name: 'Email me a reset link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'If n***@example.com belongs to an account, we sent it a link to choose a new password. Check your inbox.',
    );
    expect(fake.sdk.password.sendReset).toHaveBeenCalledWith('nobody@example.com', `${window.location.origin}/login/reset-password/`);
    expect(screen.getByRole('button', { name: 'Back to sign in' })).toBeVisible();
  });

  it('explains a refusal in an alert', async () => {
    const fake = renderPasswordSignIn();
    fake.sdk.password.sendReset.mockRejectedValue(new TypeError('Failed to fetch'));
    openResetForm();
    fireEvent.change(screen.getByRole('textbox', { name: /Email address/ }), { target: { value: 'ada@example.com' } });

    fireEvent.click(screen.getByRole('button', { name: 'Email me a reset link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in service could not be reached.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
