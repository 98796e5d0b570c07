import type { LearnerAssignment, LearnerLesson, QuizResult, TrainingModuleSummary } from '@vigil/contracts';
import type { ComponentType } from 'react';

import { createFakeAuthSdk } from '../../testing/fake-auth-sdk';
import { json } from '../../testing/signed-in';
import { renderRoutes } from '../../testing/test-utils';

export { json };

export { type ApiCall, serveApi } from '../../testing/serve-api';

export const assignmentId = '00000000-0000-4000-8000-0000000001a1';
export const moduleId = '00000000-0000-4000-8000-0000000001b1';

export const buildModule = (overrides: Partial<TrainingModuleSummary> = {}): TrainingModuleSummary => ({
  id: moduleId,
  source: 'built-in',
  kind: 'video',
  topic: 'phishing-basics',
  title: 'Spotting a phishing email',
  summary: 'The tell-tale signs of a phishing email, and what to do with one.',
  minutes: 4,
  passScore: 80,
  questions: 2,
  languages: ['en_us', 'de_de'],
  remediates: ['it-password'],
  version: 1,
  posterUrl: '/training-media/m/poster.jpg?expires=1&signature=s',
  ...overrides,
});

export const buildAssignment = (overrides: Partial<LearnerAssignment> = {}): LearnerAssignment => ({
  id: assignmentId,
  module: buildModule(),
  reason: 'assigned',
  status: 'assigned',
  overdue: false,
  assignedAt: '2026-03-01T09:00:00Z',
  dueAt: '2026-03-15T17:00:00Z',
  watchedSeconds: 0,
  durationSeconds: 120,
  attempts: 0,
  score: null,
  completedAt: null,
  certificateUrl: null,
  ...overrides,
});

export const buildLesson = (overrides: Partial<LearnerLesson> = {}): LearnerLesson => ({
  assignment: buildAssignment(),
  scorm: null,
  language: 'en_us',
  slides: [
    { heading: 'What phishing is', points: [], narration: 'Phishing is a message that pretends to be someone you trust.', startSeconds: 0, endSeconds: 40 },
    { heading: 'Check the sender', points: [], narration: 'Look at the address, not only the name.', startSeconds: 40, endSeconds: 80 },
    { heading: 'Report it', points: [], narration: 'Use the Report button, then delete the message.', startSeconds: 80, endSeconds: 120 },
  ],
  quiz: [
    { question: 'What should you check first?', choices: ['The display name', 'The sender address', 'The logo'] },
    { question: 'What do you do with a phishing email?', choices: ['Forward it to colleagues', 'Reply to ask', 'Report it'] },
  ],
  media: {
    videoUrl: '/training-media/m/lesson.mp4?expires=1&signature=s',
    posterUrl: '/training-media/m/poster.jpg?expires=1&signature=s',
    captions: [
      { language: 'en_us', url: '/training-media/m/en_us.vtt?expires=1&signature=s' },
      { language: 'de_de', url: '/training-media/m/de_de.vtt?expires=1&signature=s' },
    ],
    durationSeconds: 120,
  },
  noSkipAhead: true,
  testOutAllowed: false,
  attemptsLeft: null,
  machineTranslated: false,
  ...overrides,
});

export const buildQuizResult = (overrides: Partial<QuizResult> = {}): QuizResult => ({
  score: 100,
  passed: true,
  passScore: 80,
  results: [
    { correct: true, answer: 1, explanation: 'The name can say anything; the address shows who really sent it.' },
    { correct: true, answer: 2, explanation: 'Reporting warns the security team and protects your colleagues.' },
  ],
  assignment: buildAssignment({ status: 'completed', score: 100, attempts: 1, completedAt: '2026-03-05T10:00:00Z', certificateUrl: `/api/my-trainings/${assignmentId}/certificate/` }),
  attemptsLeft: null,
  ...overrides,
});

/** Mounts routes like the app's, signed in. */
export const renderSignedIn = (routes: { path: string; Component: ComponentType }[], path: string) => {
  const fake = createFakeAuthSdk();
  fake.signIn(undefined, 'session.jwt');
  return renderRoutes(routes, path, { sdk: fake.sdk });
};
