import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { seriousAxeViolations } from '../../../testing/axe';
import { buildAuthUser, createFakeAuthSdk } from '../../../testing/fake-auth-sdk';
import { renderRoutes } from '../../../testing/test-utils';
import { SecondFactorPage } from './second-factor-page';

/** A session the first try-refresh restores, as after a password sign-in. */
const signedInFake = () => {
  const fake = createFakeAuthSdk();
  fake.sdk.refresh.mockImplementation(async () => {
    fake.signIn(buildAuthUser({ email: 'ada.okafor@northwind.example' }), 'session.jwt');
    return { ok: true, code: 200 };
  });
  return fake;
};

describe('the second factor a sign-in policy asks for', () => {
  it("emails a code for this session, confirms it and opens the product", async () => {
    const fake = signedInFake();
    fake.sdk.otp.signIn.email.mockResolvedValue({ ok: true, code: 200, data: { maskedEmail: 'a***@northwind.example' } });
    const { router } = renderRoutes([{ path: '/login/confirm/', element: <SecondFactorPage /> }, { path: '/', element: <p>home</p> }], '/login/confirm/', { sdk: fake.sdk });

    expect(await screen.findByText(/We sent a code to a\*\*\*@northwind.example/)).toBeVisible();
    expect(fake.sdk.otp.signIn.email).toHaveBeenCalledWith('ada.okafor@northwind.example', { mfa: true }, 'refresh.jwt');
    expect(await seriousAxeViolations(document.body)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByText('Enter the code from the email.')).toBeVisible();
    expect(fake.sdk.otp.verify.email).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('second-factor-code'), { target: { value: ' 482913 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fake.sdk.otp.verify.email).toHaveBeenCalledWith('ada.okafor@northwind.example', '482913');
  });

  it('says a wrong code is wrong and stays', async () => {
    const fake = signedInFake();
    fake.sdk.otp.verify.email.mockResolvedValue({ ok: false, code: 401, error: { errorCode: 'E061102', errorDescription: 'The code is not valid' } });
    const { router } = renderRoutes([{ path: '/login/confirm/', element: <SecondFactorPage /> }], '/login/confirm/', { sdk: fake.sdk });

    fireEvent.change(await screen.findByTestId('second-factor-code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(router.state.location.pathname).toBe('/login/confirm/');
  });
});
