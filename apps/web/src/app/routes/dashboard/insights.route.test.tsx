import type { PersonalUserData } from '@vigil/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { paths } from '../../../config/paths';
import { createFakeAuthSdk } from '../../../testing/fake-auth-sdk';
import { renderRoutes } from '../../../testing/test-utils';
import { Component as RequireSession } from '../require-session.route';
import { Component as ErrorPage } from '../error.route';
import { Component as InsightsPage } from './insights.route';

const ada: PersonalUserData = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  role: 'Admin',
  company: 'Analytical Engines Ltd',
  has_paid_access: true,
  onboarding_status: {
    is_dmi_completed: true,
    is_initial_testing_completed: true,
    is_scim_completed: true,
    is_sso_completed: true,
    is_watchtower_completed: true,
  },
  is_bra_completed: true,
  start_timestamp: null,
  picture_file_name: '',
  department_views: [],
  is_direct_manager: false,
};

const routes = [
  { path: paths.login.path, element: <h1>Sign-in stub</h1> },
  { path: paths.error.path, Component: ErrorPage },
  { Component: RequireSession, children: [{ path: paths.dashboard.insights.path, Component: InsightsPage }] },
];

const answer = (body: unknown, status = 200) =>
  vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));

const renderSignedIn = (fetchStub: ReturnType<typeof answer>) => {
  vi.stubGlobal('fetch', fetchStub);
  const fake = createFakeAuthSdk();
  fake.sdk.refresh.mockImplementation(async () => {
    fake.signIn(undefined, 'session.jwt');
    return { ok: true, code: 200 };
  });
  const view = renderRoutes(routes, paths.dashboard.insights.getHref(), { sdk: fake.sdk });
  return { fake, ...view };
};

describe('insights page (signed in)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('sends a visitor without a session to sign-in', async () => {
    const { router } = renderRoutes(routes, paths.dashboard.insights.getHref());

    expect(await screen.findByRole('heading', { name: 'Sign-in stub' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login/');
  });

  it('shows who is signed in, read with the session token', async () => {
    const fetchStub = answer(ada);
    renderSignedIn(fetchStub);

    expect(await screen.findByText('Signed in as Ada Lovelace')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Security Insights' })).toBeVisible();
    expect(screen.getByTestId('personal-email')).toHaveTextContent('ada@example.com');
    expect(screen.getByTestId('personal-company')).toHaveTextContent('Analytical Engines Ltd');
    expect(screen.getByTestId('personal-role')).toHaveTextContent('Admin');
    const [url, init] = fetchStub.mock.calls[0]!;
    expect(url).toBe('/api/personal_user_data/');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer session.jwt');
  });

  it('logs out through the SDK and lands on sign-in', async () => {
    const { fake, router } = renderSignedIn(answer(ada));

    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { name: 'Sign-in stub' })).toBeVisible();
    expect(fake.sdk.logout).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/login/');
  });

  it('keeps the message, signs out and shows /error/ when the profile cannot be loaded', async () => {
    const { fake, router } = renderSignedIn(
      answer({ error: { code: 'NOT_FOUND', message: 'No person with this email in the organisation' } }, 404),
    );

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/error/');
    expect(screen.getByTestId('error-detail')).toHaveTextContent('No person with this email in the organisation');
    await waitFor(() => expect(fake.sdk.logout).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/error/');
  });

  it('treats a body that breaks the contract as a profile error', async () => {
    const { fake } = renderSignedIn(answer({ ...ada, role: 'Wizard' }));

    expect(await screen.findByTestId('error-detail')).toHaveTextContent(
      'Your profile arrived in a form this page cannot read.',
    );
    await waitFor(() => expect(fake.sdk.logout).toHaveBeenCalledTimes(1));
  });
});
