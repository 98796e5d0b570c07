import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { paths } from '../../../config/paths';
import { seriousAxeViolations } from '../../../testing/axe';
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

  it("shows the person's own score, each factor that moved it in plain words, and the way to their overdue lessons", async () => {
    stubApi(ada, {
      '/api/my-risk/': {
        body: {
          score: 55.5,
          band: 'high',
          computedAt: '2026-11-20T08:00:00.000Z',
          breakdown: {
            score: 55.5,
            baseScore: 46.25,
            blastRadius: { multiplier: 1.2, reasons: ['finance_title'], points: 9.25 },
            factors: [
              { factor: 'simulation_submit', points: 30.1, count: 1, lastAt: '2026-11-10T08:00:00.000Z' },
              { factor: 'training_overdue', points: 20.15, count: 2, lastAt: '2026-11-12T08:00:00.000Z' },
              { factor: 'simulation_report', points: -4, count: 1, lastAt: '2026-11-01T08:00:00.000Z' },
            ],
          },
        },
      },
    });
    renderSignedIn(routes, paths.dashboard.insights.getHref());

    expect(await screen.findByTestId('my-risk-score')).toHaveTextContent('56out of 100High');
    const lines = within(screen.getByTestId('risk-breakdown')).getAllByRole('listitem').map((item) => item.textContent);
    expect(lines).toEqual([
      "Entered details on a simulated attack's page1 time+30.1 points",
      'A lesson is past its due date2 times+20.2 points',
      'Reported a simulated attack1 time-4 points',
      'Extra weight for the roleWorks with payments, which attackers try to redirect+9.3 points',
    ]);
    expect(screen.getByRole('link', { name: 'Open my trainings' })).toHaveAttribute('href', '/dashboard/trainings/');
    expect(await seriousAxeViolations(screen.getByTestId('my-risk'))).toEqual([]);
  });

  it.each([
    ['before anything counted', { score: null, band: null, breakdown: null, computedAt: null }],
    ['once every fact has lapsed', { score: 0, band: 'low', computedAt: '2026-11-20T08:00:00.000Z', breakdown: { score: 0, baseScore: 0, blastRadius: { multiplier: 1, reasons: [], points: 0 }, factors: [] } }],
  ])('says plainly that nothing counts against the person %s', async (_, body) => {
    stubApi(ada, { '/api/my-risk/': { body } });
    renderSignedIn(routes, paths.dashboard.insights.getHref());

    expect(await screen.findByText(/Nothing has counted against you yet/)).toBeVisible();
    expect(screen.queryByTestId('risk-breakdown')).not.toBeInTheDocument();
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
