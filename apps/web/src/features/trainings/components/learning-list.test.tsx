import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { assignmentId, buildAssignment, buildModule, json, renderSignedIn, serveApi } from '../testing';
import { CompletedList } from './completed-list';
import { LearningList } from './learning-list';

describe('LearningList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what happens next when nothing is assigned', async () => {
    const calls = serveApi({ 'GET /api/my-trainings/': () => json({ items: [] }) });
    renderSignedIn([{ path: '/dashboard/trainings/learning/', Component: LearningList }], '/dashboard/trainings/learning/');
    expect(await screen.findByTestId('learning-empty')).toHaveTextContent('Nothing to learn right now. When your organization assigns you a training');
    expect(calls[0]?.url.searchParams.get('tab')).toBe('learning');
  });

  it('says when the list could not be loaded', async () => {
    serveApi({ 'GET /api/my-trainings/': () => json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500) });
    renderSignedIn([{ path: '/dashboard/trainings/learning/', Component: LearningList }], '/dashboard/trainings/learning/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your trainings could not be loaded: Something went wrong');
  });

  it('shows each assignment with its length, due date, status, progress, remedial and overdue marks', async () => {
    const overdue = buildAssignment({ status: 'in_progress', overdue: true, watchedSeconds: 30, dueAt: '2026-02-01T12:00:00Z' });
    const remedial = buildAssignment({
      id: '00000000-0000-4000-8000-0000000001a2',
      reason: 'remedial',
      module: buildModule({ title: 'MFA prompt bombing', minutes: 1 }),
      dueAt: '2026-04-01T12:00:00Z',
    });
    serveApi({ 'GET /api/my-trainings/': () => json({ items: [overdue, remedial] }) });
    renderSignedIn([{ path: '/dashboard/trainings/learning/', Component: LearningList }], '/dashboard/trainings/learning/');

    const [first, second] = await screen.findAllByTestId('training-card');
    expect(first).toHaveAccessibleName('Spotting a phishing email');
    expect(first).toHaveTextContent('4 minutes');
    expect(within(first!).getByTestId('training-due')).toHaveTextContent('Due Feb 1, 2026');
    expect(within(first!).getByTestId('training-overdue')).toHaveTextContent('Overdue');
    expect(within(first!).getByTestId('training-status')).toHaveTextContent('In progress');
    expect(within(first!).getByRole('progressbar', { name: 'Watched of Spotting a phishing email' })).toHaveAttribute('aria-valuenow', '25');
    expect(first).toHaveTextContent('25% watched');
    expect(within(first!).queryByTestId('training-remedial')).not.toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Continue Spotting a phishing email' })).toHaveAttribute(
      'href',
      `/dashboard/trainings/learning/?assignment=${assignmentId}`,
    );

    expect(second).toHaveTextContent('1 minute');
    expect(within(second!).getByTestId('training-status')).toHaveTextContent('Not started');
    expect(within(second!).getByTestId('training-remedial')).toHaveTextContent('Remedial');
    expect(second).toHaveTextContent('Assigned after a simulated attack');
    expect(within(second!).queryByTestId('training-overdue')).not.toBeInTheDocument();
    expect(within(second!).getByRole('link', { name: 'Start MFA prompt bombing' })).toBeVisible();
  });
});

describe('CompletedList', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says what will appear once something is finished', async () => {
    serveApi({ 'GET /api/my-trainings/': () => json({ items: [] }) });
    renderSignedIn([{ path: '/dashboard/trainings/completed/', Component: CompletedList }], '/dashboard/trainings/completed/');
    expect(await screen.findByTestId('completed-empty')).toHaveTextContent('Trainings you finish will appear here');
  });

  it('lists finished trainings with score and date, and downloads the certificate with the session', async () => {
    const done = buildAssignment({ status: 'completed', score: 90, completedAt: '2026-03-05T10:00:00Z', certificateUrl: `/api/my-trainings/${assignmentId}/certificate/` });
    const calls = serveApi({
      'GET /api/my-trainings/': () => json({ items: [done] }),
      [`GET /api/my-trainings/${assignmentId}/certificate/`]: () =>
        new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), { headers: { 'Content-Disposition': 'attachment; filename="certificate-phishing.pdf"' } }),
    });
    const createObjectURL = vi.fn(() => 'blob:certificate');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderSignedIn([{ path: '/dashboard/trainings/completed/', Component: CompletedList }], '/dashboard/trainings/completed/');

    const row = await screen.findByTestId('completed-row');
    expect(calls[0]?.url.searchParams.get('tab')).toBe('completed');
    expect(row).toHaveTextContent('Spotting a phishing email');
    expect(row).toHaveTextContent('Mar 5, 2026');
    expect(row).toHaveTextContent('90%');
    expect(within(row).getByRole('link', { name: 'Watch again: Spotting a phishing email' })).toHaveAttribute(
      'href',
      `/dashboard/trainings/completed/?assignment=${assignmentId}`,
    );

    fireEvent.click(within(row).getByRole('button', { name: 'Download certificate for Spotting a phishing email' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const download = calls.find((call) => call.url.pathname.endsWith('/certificate/'));
    expect(download?.method).toBe('GET');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('certificate-phishing.pdf');
  });
});
