import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { createFakeAuthSdk } from '../../../testing/fake-auth-sdk';
import { renderRoutes } from '../../../testing/test-utils';
import { SignIn } from './sign-in';

const renderPasswordSignIn = (fake = createFakeAuthSdk()) => {
  renderRoutes([{ path: '/login/', element: <SignIn methods={['password']} /> }], '/login/', { sdk: fake.sdk });
  return fake;
};

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

describe('password sign-in', () => {
  it('asks for an email beside the field, without calling the provider', () => {
    const fake = renderPasswordSignIn();

    type('Password', 'correct horse');
    submit();

    const email = screen.getByRole('textbox', { name: /Email address/ });
    expect(email).toHaveAccessibleDescription('Enter your email address.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(fake.sdk.password.signIn).not.toHaveBeenCalled();
  });

  it('refuses a malformed email beside the field, without calling the provider', () => {
    const fake = renderPasswordSignIn();

    type('Email address', 'ada.example.com');
    type('Password', 'correct horse');
    submit();

    expect(screen.getByRole('textbox', { name: /Email address/ })).toHaveAccessibleDescription(
      'Enter an email address like name@example.com.',
    );
    expect(fake.sdk.password.signIn).not.toHaveBeenCalled();
  });

  it('signs in with the trimmed email and the password, with the fields a password manager expects', async () => {
    const fake = renderPasswordSignIn();

    expect(screen.getByRole('textbox', { name: /Email address/ })).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    type('Email address', '  ada@example.com ');
    type('Password', 'correct horse');
    fireEvent.submit(screen.getByTestId('password-sign-in-form'));

    await waitFor(() => expect(fake.sdk.password.signIn).toHaveBeenCalledWith('ada@example.com', 'correct horse'));
  });

  it('says the credentials are wrong in an alert', async () => {
    const fake = createFakeAuthSdk();
    fake.sdk.password.signIn.mockResolvedValue({
      ok: false,
      code: 401,
      error: { errorCode: 'E061004', errorDescription: 'Invalid credentials' },
    });
    renderPasswordSignIn(fake);

    type('Email address', 'ada@example.com');
    type('Password', 'wrong');
    submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('The email address or password is not correct.');
  });

  it('says how long to wait after too many attempts', async () => {
    const fake = createFakeAuthSdk();
    fake.sdk.password.signIn.mockResolvedValue({
      ok: false,
      code: 429,
      // Typed as a string by the SDK, delivered as a number.
      error: { errorCode: 'E130429', errorDescription: 'Too many requests', retryAfter: 30 as unknown as string },
    });
    renderPasswordSignIn(fake);

    type('Email address', 'ada@example.com');
    type('Password', 'guess');
    submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 30 seconds.');
  });
});
