import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { paths } from '../../../config/paths';
import { buildAuthUser, buildJwtResponse, createFakeAuthSdk } from '../../../testing/fake-auth-sdk';
import { renderRoutes } from '../../../testing/test-utils';
import { Component as ResetPasswordPage } from './reset-password.route';

const routes = [
  { path: paths.login.resetPassword.path, Component: ResetPasswordPage },
  { path: paths.home.path, element: <h1>Home stub</h1> },
];

const renderResetPage = (href = `${paths.login.resetPassword.getHref()}?t=reset-token`) => {
  const fake = createFakeAuthSdk();
  fake.sdk.magicLink.verify.mockImplementation(async () => {
    const user = buildAuthUser({ loginIds: ['grace@example.com'], email: 'grace@example.com' });
    fake.signIn(user);
    return { ok: true, code: 200, data: buildJwtResponse({ user, refreshJwt: 'reset.refresh.jwt' }) };
  });
  const view = renderRoutes(routes, href, { sdk: fake.sdk });
  return { fake, ...view };
};

const typeNewPassword = (value: string) => fireEvent.change(screen.getByLabelText('New password'), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));

describe('password reset page', () => {
  it('opens the link, then sets the new password for the verified user and goes on to the app', async () => {
    const { fake, router } = renderResetPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    expect(screen.getByText('For grace@example.com')).toBeVisible();
    const field = screen.getByLabelText('New password');
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAttribute('autocomplete', 'new-password');
    expect(field).toHaveAccessibleDescription(/^Use 12 to 128 characters\./);
    expect(fake.sdk.magicLink.verify).toHaveBeenCalledExactlyOnceWith('reset-token');

    typeNewPassword('correct horse battery staple');
    save();

    expect(await screen.findByRole('heading', { name: 'Home stub' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    expect(fake.sdk.password.update).toHaveBeenCalledWith('grace@example.com', 'correct horse battery staple', 'reset.refresh.jwt');
  });

  it('refuses a too-short password beside the field, without calling the provider', async () => {
    const { fake } = renderResetPage();
    await screen.findByRole('heading', { name: 'Choose a new password' });

    typeNewPassword('short pass');
    save();

    const field = screen.getByLabelText('New password');
    expect(field).toHaveAccessibleDescription('Use at least 12 characters.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(fake.sdk.password.update).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal of a too-common password', async () => {
    const { fake } = renderResetPage();
    fake.sdk.password.update.mockResolvedValue({
      ok: false,
      code: 400,
      error: { errorCode: 'E062901', errorDescription: 'newPassword: This password is too common; choose another' },
    });
    await screen.findByRole('heading', { name: 'Choose a new password' });

    typeNewPassword('password1234');
    save();

    expect(await screen.findByRole('alert')).toHaveTextContent('That password is too easy to guess');
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveFocus());
  });

  it('explains a used or expired reset link and leads back to sign-in', async () => {
    const { fake } = renderResetPage();
    fake.sdk.magicLink.verify.mockReset();
    fake.sdk.magicLink.verify.mockResolvedValue({
      ok: false,
      code: 401,
      error: { errorCode: 'E061102', errorDescription: 'The link is not valid' },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'This reset link did not work' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(/This link has expired, has already been used/);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login/');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('says the link is incomplete when it has no token', async () => {
    const { fake } = renderResetPage(paths.login.resetPassword.getHref());

    expect(await screen.findByRole('heading', { level: 1, name: 'This link is incomplete' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login/');
    expect(fake.sdk.magicLink.verify).not.toHaveBeenCalled();
  });
});
