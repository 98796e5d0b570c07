import { screen, waitFor } from '@testing-library/react';
import type { ScormLaunch } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { assignmentId, buildAssignment, buildLesson, json, renderSignedIn, serveApi } from '../testing';
import { LessonView } from './lesson-view';

// A SCORM lesson with the real runtime (scorm-again) in the page: the package's calls arrive as the
// launch page's cross-frame client posts them, from the sandbox origin; anything else is ignored.
const lessonPath = `/api/my-trainings/${assignmentId}/`;
const sandbox = 'http://sandbox.test';
const Page = () => <LessonView assignmentId={assignmentId} backHref="/dashboard/trainings/learning/" />;
const open = () => renderSignedIn([{ path: '/dashboard/trainings/learning/', Component: Page }], '/dashboard/trainings/learning/');

const launch = (version: ScormLaunch['version']): ScormLaunch => ({ version, launchUrl: `${sandbox}/scorm/m/1/s/`, origin: sandbox, state: { suspendData: 'step=1', location: 'page-1' } });

/** What the launch page's cross-frame client posts for one SCORM call; the runtime's answers are collected. */
const answers: unknown[] = [];
const source = { postMessage: (message: unknown) => answers.push(message) };
let counter = 0;
const call = (method: string, params: unknown[], origin = sandbox) => {
  const event = new MessageEvent('message', { data: { messageId: `m${(counter += 1)}`, method, params }, origin });
  Object.defineProperty(event, 'source', { value: source });
  window.dispatchEvent(event);
};

describe('a SCORM lesson', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('plays the package from the sandbox, resumes it, and sends its commits; the completion and score show', async () => {
    const done = buildAssignment({ status: 'completed', score: 85, completedAt: '2026-03-02T10:00:00Z', certificateUrl: `/api/my-trainings/${assignmentId}/certificate/` });
    const calls = serveApi({
      [`GET ${lessonPath}`]: () => json(buildLesson({ quiz: [], scorm: launch('1.2'), assignment: buildAssignment({ status: 'in_progress' }) })),
      [`PUT ${lessonPath}scorm/`]: (request) => json((request.body as { lessonStatus?: string }).lessonStatus === 'passed' ? done : buildAssignment({ status: 'in_progress' })),
    });
    open();
    const frame = await screen.findByTitle('Spotting a phishing email (SCORM package)');
    expect(frame).toHaveAttribute('src', `${sandbox}/scorm/m/1/s/`);
    expect(screen.queryByTestId('quiz')).not.toBeInTheDocument();

    // Another origin is not answered.
    call('LMSInitialize', [''], 'http://elsewhere.test');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answers).toEqual([]);

    call('LMSInitialize', ['']);
    call('LMSGetValue', ['cmi.suspend_data']);
    call('LMSGetValue', ['cmi.core.lesson_location']);
    await waitFor(() => expect(answers).toHaveLength(3));
    expect(answers.slice(1)).toEqual([{ messageId: `m${counter - 1}`, result: 'step=1' }, { messageId: `m${counter}`, result: 'page-1' }]);
    call('LMSSetValue', ['cmi.core.lesson_location', 'page-3']);
    call('LMSSetValue', ['cmi.suspend_data', 'step=3']);
    call('LMSSetValue', ['cmi.core.score.raw', '85']);
    call('LMSSetValue', ['cmi.core.lesson_status', 'passed']);
    call('LMSCommit', ['']);
    await waitFor(() => expect(calls.some((request) => request.method === 'PUT')).toBe(true));
    expect(calls.find((request) => request.method === 'PUT')!.body).toEqual({
      session: expect.stringMatching(/^run-/),
      lessonStatus: 'passed',
      scoreRaw: 85,
      // scorm-again's default range of a 1.2 score.
      scoreMax: 100,
      suspendData: 'step=3',
      location: 'page-3',
    });
    expect(await screen.findByTestId('lesson-completed')).toHaveTextContent('with a score of 85 %');
  });
});
