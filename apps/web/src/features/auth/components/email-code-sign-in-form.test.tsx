import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { createFakeAuthSdk } from '../../../testing/fake-auth-sdk';
import { renderRoutes } from '../../../testing/test-utils';
import { SignIn } from './sign-in';

const renderEmailCodeSignIn = () => {
  const fake = createFakeAuthSdk({ lastLoginId: 'ada@example.com' });
  fake.sdk.otp.signIn.email.mockResolvedValue({ ok: true, code: 200, data: { maskedEmail: 'a***@example.com' } });
  renderRoutes([{ path: '/login/', element: <SignIn methods={['otp-email']} /> }], '/login/', { sdk: fake.sdk });
  return fake;
};

describe('email code sign-in', () => {
  it('refuses an empty email without calling the provider', () => {
    const fake = renderEmailCodeSignIn();

    fireEvent.change(screen.getByRole('textbox', { name: /Email address/ }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in code' }));

    expect(screen.getByRole('textbox', { name: /Email address/ })).toHaveAccessibleDescription('Enter your email address.');
    expect(fake.sdk.otp.signIn.email).not.toHaveBeenCalled();
  });

  it('sends a code to the remembered email, then verifies the code', async () => {
    const fake = renderEmailCodeSignIn();

    expect(screen.getByRole('textbox', { name: /Email address/ })).toHaveValue('ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in code' }));

    expect(await screen.findByRole('status')).toHaveTextContent('We sent a sign-in code to a***@example.com.');
    expect(fake.sdk.otp.signIn.email).toHaveBeenCalledWith('ada@example.com');
    const code = screen.getByRole('textbox', { name: /Sign-in code/ });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveFocus();

    fireEvent.change(code, { target: { value: ' 123456 ' } });
    fireEvent.submit(screen.getByTestId('email-code-verify-form'));

    await waitFor(() => expect(fake.sdk.otp.verify.email).toHaveBeenCalledWith('ada@example.com', '123456'));
  });

  it('explains a wrong code, resends, and goes back to a different email', async () => {
    const fake = renderEmailCodeSignIn();
    fake.sdk.otp.verify.email.mockResolvedValue({
      ok: false,
      code: 401,
      error: { errorCode: 'E061102', errorDescription: 'Invalid OTP code' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in code' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Sign-in code/ }), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not correct or has expired.');

    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText(/We sent a new sign-in code/)).toBeVisible();
    expect(fake.sdk.otp.signIn.email).toHaveBeenCalledTimes(2);

    fireEvent.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(screen.getByRole('textbox', { name: /Email address/ })).toHaveValue('ada@example.com');
    expect(screen.getByRole('button', { name: 'Email me a sign-in code' })).toBeVisible();
  });
});
