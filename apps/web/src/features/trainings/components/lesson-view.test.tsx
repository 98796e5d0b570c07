import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { assignmentId, buildAssignment, buildLesson, buildQuizResult, json, renderSignedIn, serveApi } from '../testing';
import { LessonView } from './lesson-view';

const lessonPath = `/api/my-trainings/${assignmentId}/`;
const Page = () => <LessonView assignmentId={assignmentId} backHref="/dashboard/trainings/learning/" />;
const open = () => renderSignedIn([{ path: '/dashboard/trainings/learning/', Component: Page }], '/dashboard/trainings/learning/');

const answer = (question: RegExp, choice: string) => fireEvent.click(within(screen.getByRole('group', { name: question })).getByRole('radio', { name: choice }));

describe('LessonView', () => {
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('pause'));
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keeps the quiz closed until the video was watched to its end, and saves progress on pause', async () => {
    const calls = serveApi({
      [`GET ${lessonPath}`]: () => json(buildLesson({ assignment: buildAssignment({ status: 'in_progress', watchedSeconds: 20 }) })),
      [`PUT ${lessonPath}progress/`]: (call) => json(buildAssignment({ status: 'in_progress', watchedSeconds: (call.body as { watchedSeconds: number }).watchedSeconds })),
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Spotting a phishing email' })).toBeVisible();
    expect(screen.getByTestId('lesson-no-skip')).toHaveTextContent('Skipping ahead is turned off');
    expect(screen.getByTestId('quiz-locked')).toHaveTextContent('The quiz opens once you have watched the video to the end.');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();

    const video = screen.getByTestId<HTMLVideoElement>('training-video');
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(20);
    fireEvent.pause(video);
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ watchedSeconds: 20 });

    fireEvent.ended(video);
    expect(await screen.findByTestId('quiz-form')).toBeVisible();
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ watchedSeconds: 120 }));
  });

  it('offers the quiz first when the organisation allows testing out', async () => {
    serveApi({ [`GET ${lessonPath}`]: () => json(buildLesson({ testOutAllowed: true })) });
    open();
    expect(await screen.findByTestId('quiz-form')).toBeVisible();
    expect(screen.getByText('Already know the topic? You may take the quiz before watching.')).toBeVisible();
  });

  it('asks for every answer, then shows the pass, the explanations and the certificate', async () => {
    const calls = serveApi({
      [`GET ${lessonPath}`]: () => json(buildLesson({ assignment: buildAssignment({ status: 'in_progress', watchedSeconds: 120 }) })),
      [`POST ${lessonPath}quiz/`]: () => json(buildQuizResult()),
    });
    open();
    expect(await screen.findByRole('group', { name: /Question 1 of 2: What should you check first\?/ })).toBeVisible();

    answer(/Question 1 of 2/, 'The sender address');
    fireEvent.click(screen.getByRole('button', { name: 'Send answers' }));
    expect(await screen.findByText('Answer every question before you send your answers.')).toBeVisible();
    expect(within(screen.getByRole('group', { name: /Question 2 of 2/ })).getByText('Choose an answer.')).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    answer(/Question 2 of 2/, 'Report it');
    fireEvent.click(screen.getByRole('button', { name: 'Send answers' }));
    const results = await screen.findByTestId('quiz-results');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ language: 'en_us', answers: [1, 2] });
    expect(within(results).getByRole('heading', { name: 'Your result' })).toHaveFocus();
    expect(within(results).getByTestId('quiz-score')).toHaveTextContent('You scored 100%. The pass mark is 80%.');
    expect(within(results).getByTestId('quiz-passed')).toHaveTextContent('you passed, and this training is complete');
    expect(within(results).getAllByTestId('quiz-outcome')[0]).toHaveTextContent('CorrectYour answer: The sender address');
    expect(results).toHaveTextContent('The name can say anything; the address shows who really sent it.');
    expect(within(results).getByRole('button', { name: 'Download certificate for Spotting a phishing email' })).toBeVisible();
    expect(within(results).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    // The lesson now reads as completed.
    expect(screen.getByRole('region', { name: 'Video player: Spotting a phishing email' })).toBeVisible();
    await waitFor(() => expect(screen.getAllByTestId('training-status')[0]).toHaveTextContent('Completed'));
  });

  it('shows a fail with the right answers and lets the person try again while attempts are left', async () => {
    const failed = buildQuizResult({
      score: 50,
      passed: false,
      results: [
        { correct: false, answer: 1, explanation: 'The name can say anything.' },
        { correct: true, answer: 2, explanation: 'Reporting warns the security team.' },
      ],
      assignment: buildAssignment({ status: 'in_progress', attempts: 1, score: 50, watchedSeconds: 120 }),
      attemptsLeft: 1,
    });
    const last = buildQuizResult({ ...failed, assignment: buildAssignment({ status: 'failed', attempts: 2, score: 50, watchedSeconds: 120 }), attemptsLeft: 0 });
    let posts = 0;
    serveApi({
      [`GET ${lessonPath}`]: () => json(buildLesson({ assignment: buildAssignment({ status: 'in_progress', watchedSeconds: 120 }), attemptsLeft: 2 })),
      [`POST ${lessonPath}quiz/`]: () => json((posts += 1) === 1 ? failed : last),
    });
    open();
    await screen.findByTestId('quiz-form');
    answer(/Question 1 of 2/, 'The display name');
    answer(/Question 2 of 2/, 'Report it');
    fireEvent.click(screen.getByRole('button', { name: 'Send answers' }));

    const results = await screen.findByTestId('quiz-results');
    expect(within(results).getByTestId('quiz-score')).toHaveTextContent('You scored 50%. The pass mark is 80%.');
    expect(within(results).getByTestId('quiz-failed')).toHaveTextContent('Not this time: you need 80% to pass.');
    const [first] = within(results).getAllByTestId('quiz-outcome');
    expect(first).toHaveTextContent('Not correct');
    expect(first).toHaveTextContent('Your answer: The display name');
    expect(first).toHaveTextContent('The right answer: The sender address');
    expect(results).toHaveTextContent('You have 1 attempt left.');
    expect(within(results).queryByTestId('certificate-download')).not.toBeInTheDocument();

    fireEvent.click(within(results).getByRole('button', { name: 'Try again' }));
    const form = await screen.findByTestId('quiz-form');
    // A fresh form: nothing chosen.
    expect(within(form).getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toHaveLength(0);

    answer(/Question 1 of 2/, 'The display name');
    answer(/Question 2 of 2/, 'Report it');
    fireEvent.click(screen.getByRole('button', { name: 'Send answers' }));
    expect(await screen.findByTestId('quiz-no-attempts')).toHaveTextContent('You have no attempts left for this training.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('shows a finished training with its score and certificate instead of the quiz', async () => {
    serveApi({
      [`GET ${lessonPath}`]: () =>
        json(buildLesson({ assignment: buildAssignment({ status: 'completed', score: 90, completedAt: '2026-03-05T10:00:00Z', watchedSeconds: 120 }) })),
    });
    open();
    expect(await screen.findByTestId('lesson-completed')).toHaveTextContent('You completed this training on Mar 5, 2026 with a score of 90%.');
    expect(screen.getByRole('button', { name: 'Download certificate for Spotting a phishing email' })).toBeVisible();
    expect(screen.queryByTestId('quiz-form')).not.toBeInTheDocument();
  });

  it('says when the training is not among the person’s own', async () => {
    serveApi({});
    open();
    expect(await screen.findByTestId('lesson-error')).toHaveTextContent('This training is not among yours.');
    expect(screen.getByRole('link', { name: 'Back to your trainings' })).toHaveAttribute('href', '/dashboard/trainings/learning/');
  });
});
