import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { createFakeAuthSdk } from '../../../testing/fake-auth-sdk';
import { renderRoutes } from '../../../testing/test-utils';
import { SignIn } from './sign-in';

const renderMagicLinkSignIn = () => {
  const fake = createFakeAuthSdk({ lastLoginId: 'ada@example.com' });
  fake.sdk.magicLink.signIn.email.mockResolvedValue({ ok: true, code: 200, data: { maskedEmail: 'a***@example.com' } });
  renderRoutes([{ path: '/login/', element: <SignIn methods={['magiclink']} /> }], '/login/', { sdk: fake.sdk });
  return fake;
};

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));

describe('magic link sign-in', () => {
  it('refuses a malformed email without calling the provider', () => {
    const fake = renderMagicLinkSignIn();

    fireEvent.change(screen.getByRole('textbox', { name: /Email address/ }), { target: { value: 'ada' } });
    send();

    expect(screen.getByRole('textbox', { name: /Email address/ })).toHaveAccessibleDescription(
      'Enter an email address like name@example.com.',
    );
    expect(fake.sdk.magicLink.signIn.email).not.toHaveBeenCalled();
  });

  it('emails a link to this app’s landing page and says where it went', async () => {
    const fake = renderMagicLinkSignIn();

    send();

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('We sent a sign-in link to a***@example.com.');
    expect(notice).toHaveFocus();
    expect(fake.sdk.magicLink.signIn.email).toHaveBeenCalledWith('ada@example.com', `${window.location.origin}/login/verify/`);
  });

  it('resends, and goes back to a different email', async () => {
    const fake = renderMagicLinkSignIn();
    send();
    await screen.findByRole('status');

    fireEvent.click(screen.getByRole('button', { name: 'Resend link' }));

    expect(await screen.findByText(/We sent a new sign-in link to a\*\*\*@example.com/)).toBeVisible();
    expect(fake.sdk.magicLink.signIn.email).toHaveBeenCalledTimes(2);

    fireEvent.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(screen.getByRole('textbox', { name: /Email address/ })).toHaveValue('ada@example.com');
    expect(screen.getByRole('button', { name: 'Email me a sign-in link' })).toBeVisible();
  });

  it('says how long to wait when the provider refuses for too many attempts', async () => {
    const fake = renderMagicLinkSignIn();
    fake.sdk.magicLink.signIn.email.mockResolvedValue({
      ok: false,
      code: 429,
      error: { errorCode: 'E130429', errorDescription: 'Too many requests', retryAfter: 20 as unknown as string },
    });

    send();

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 20 seconds.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Email me a sign-in link' })).toBeEnabled());
  });
});
