import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { assignmentId, buildLesson, json, renderSignedIn, serveApi } from '../testing';
import { LessonView } from './lesson-view';

const lessonPath = `/api/my-trainings/${assignmentId}/`;
const Page = () => <LessonView assignmentId={assignmentId} backHref="/dashboard/trainings/learning/" />;
const open = () => renderSignedIn([{ path: '/dashboard/trainings/learning/', Component: Page }], '/dashboard/trainings/learning/');

describe('a lesson whose language was machine-translated', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says so until an admin has reviewed it', async () => {
    serveApi({ [`GET ${lessonPath}`]: () => json(buildLesson({ language: 'hi_in', machineTranslated: true })) });
    open();
    expect(await screen.findByTestId('lesson-machine-translated')).toHaveTextContent("This lesson's text was machine-translated and has not been reviewed yet.");
  });

  it('says nothing for words a person wrote or reviewed', async () => {
    serveApi({ [`GET ${lessonPath}`]: () => json(buildLesson()) });
    open();
    expect(await screen.findByTestId('lesson-view')).toBeVisible();
    expect(screen.queryByTestId('lesson-machine-translated')).not.toBeInTheDocument();
  });
});
