import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { paths } from '../../../config/paths';
import { buildPersonalRecord } from '../../../testing/builders';
import { renderSignedIn, stubApi } from '../../../testing/signed-in';
import { renderRoutes } from '../../../testing/test-utils';
import { routes } from '../../router';

const ada = buildPersonalRecord({ role: 'Admin' });

describe('insights page (signed in)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('sends a visitor without a session to sign-in', async () => {
    const { router } = renderRoutes(routes, paths.dashboard.insights.getHref());

    expect(await screen.findByRole('heading', { name: 'Sign in to Vigil' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login/');
  });

  it('shows who is signed in inside the shell, read once with the session token', async () => {
    const server = stubApi(ada);
    renderSignedIn(routes, paths.dashboard.insights.getHref());

    expect(await screen.findByText('Signed in as Ada Lovelace')).toBeVisible();
    const main = screen.getByRole('main');
    // §2 hides the title here: the page's one h1 names it for screen readers only, out of sight.
    const heading = within(main).getByRole('heading', { level: 1, name: 'Your Security Insights' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(getComputedStyle(heading)).toMatchObject({ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden' });
    expect(screen.queryByTestId('page-title')).not.toBeInTheDocument();
    expect(screen.getByTestId('personal-email')).toHaveTextContent('ada@example.com');
    expect(screen.getByTestId('personal-company')).toHaveTextContent('Analytical Engines Ltd');
    expect(screen.getByTestId('personal-role')).toHaveTextContent('Admin');
    expect(screen.getByRole('banner')).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    const personalCalls = server.mock.calls.filter(([url]) => url === '/api/personal_user_data/');
    expect(personalCalls).toHaveLength(1);
    expect(new Headers(personalCalls[0]![1]?.headers).get('Authorization')).toBe('Bearer session.jwt');
  });

  it('logs out through the SDK and lands on sign-in', async () => {
    stubApi(ada);
    const { fake, router } = renderSignedIn(routes, paths.dashboard.insights.getHref());

    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in to Vigil' })).toBeVisible();
    expect(fake.sdk.logout).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/login/');
  });

  it('keeps the message, signs out and shows /error/ when the profile cannot be loaded', async () => {
    stubApi({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'No person with this email in the organisation' } },
    });
    const { fake, router } = renderSignedIn(routes, paths.dashboard.insights.getHref());

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/error/');
    expect(screen.getByTestId('error-detail')).toHaveTextContent('No person with this email in the organisation');
    await waitFor(() => expect(fake.sdk.logout).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/error/');
  });

  it('treats a body that breaks the contract as a profile error', async () => {
    stubApi({ body: { ...ada, role: 'Wizard' } });
    const { fake } = renderSignedIn(routes, paths.dashboard.insights.getHref());

    expect(await screen.findByTestId('error-detail')).toHaveTextContent(
      'Your profile arrived in a form this page cannot read.',
    );
    await waitFor(() => expect(fake.sdk.logout).toHaveBeenCalledTimes(1));
  });
});
