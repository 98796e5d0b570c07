import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { createFakeAuthSdk } from '../../../testing/fake-auth-sdk';
import { renderRoutes } from '../../../testing/test-utils';
import { SsoLanding } from './sso-landing';

const land = (state: string | null, fake = createFakeAuthSdk()) => {
  renderRoutes([{ path: '/login/sso/', element: <SsoLanding code="one-time-code" refusal={null} state={state} /> }, { path: '/', element: <p>home</p> }], '/login/sso/', { sdk: fake.sdk });
  return fake;
};

describe('SsoLanding', () => {
  beforeEach(() => sessionStorage.clear());

  it('exchanges the code when it comes back to the tab that started the sign-in', async () => {
    sessionStorage.setItem('vigil.sso.state', 'state-of-this-tab');
    const fake = land('state-of-this-tab');
    await waitFor(() => expect(fake.sdk.sso.exchange).toHaveBeenCalledWith('one-time-code'));
  });

  it('refuses a code this tab did not ask for (a link someone sent)', async () => {
    const fake = land('state-of-someone-else');
    expect(await screen.findByText(/could not be accepted/)).toBeVisible();
    expect(fake.sdk.sso.exchange).not.toHaveBeenCalled();
  });
});
