import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { assignmentId, buildLesson } from '../../../features/trainings/testing';
import { buildPersonalRecord } from '../../../testing/builders';
import { renderSignedIn, stubApi } from '../../../testing/signed-in';
import { routes } from '../../router';

const demo = buildPersonalRecord({ email: 'Demo@Vigil.example', role: 'Superadmin', company: 'Vigil Demo Managed Services' });
// Waiting longer than Testing Library's 1 s for the shell's first render, which a busy machine needs.
const slowMachine = { timeout: 10_000 };
const owen = buildPersonalRecord({ email: 'owen.fletcher@northwind-logistics.example', role: 'User' });
const nothingToLearn = { '/api/my-trainings/?tab=learning': { body: { items: [] } } };

describe('the trainings pages', { timeout: 30_000 }, () => {
  // The router loads these lazily; loading them first keeps a slow machine's first render in time.
  beforeAll(async () => {
    await Promise.all([import('../shell.route'), import('./trainings.route')]);
  }, 30_000);

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('give the demo account a training language picker on the learning page (§2)', async () => {
    stubApi(demo, nothingToLearn);
    renderSignedIn(routes, '/dashboard/trainings/learning/');

    expect(await screen.findByRole('button', { name: 'Training language: English' }, slowMachine)).toBeVisible();
    expect(screen.getByRole('group', { name: 'Training language' })).toBeVisible();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Learning');
    expect(await screen.findByTestId('learning-empty')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Learning' })).toHaveAttribute('aria-current', 'page');
  });

  it('show no picker to the demo account on the other trainings pages', async () => {
    stubApi(demo, { '/api/my-trainings/?tab=compliance': { body: { items: [] } }, '/api/my-policies/': { body: { items: [] } } });
    renderSignedIn(routes, '/dashboard/trainings/compliance/');

    expect(await screen.findByTestId('compliance-empty', {}, slowMachine)).toHaveTextContent('No compliance training is required of you right now');
    expect(screen.queryByTestId('learning-language-picker')).not.toBeInTheDocument();
  });

  it('show no picker to anyone else on the learning page', async () => {
    stubApi(owen, nothingToLearn);
    renderSignedIn(routes, '/dashboard/trainings/learning/');

    expect(await screen.findByTestId('learning-empty', {}, slowMachine)).toBeVisible();
    expect(screen.queryByTestId('learning-language-picker')).not.toBeInTheDocument();
    // The top bar's general picker is everyone's.
    expect(screen.getByRole('button', { name: 'Language: English' })).toBeVisible();
  });

  it('open a lesson’s player from the address, with the way back to the list', async () => {
    const lesson = buildLesson();
    stubApi(owen, { [`/api/my-trainings/${assignmentId}/`]: { body: lesson } });
    renderSignedIn(routes, `/dashboard/trainings/learning/?assignment=${assignmentId}`);

    expect(await screen.findByRole('region', { name: 'Video player: Spotting a phishing email' }, slowMachine)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to your trainings' })).toHaveAttribute('href', '/dashboard/trainings/learning/');
  });
});
