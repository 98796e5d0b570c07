import { defaultTrainingSettings, type TrainingAssignment, type TrainingModuleDetail, type TrainingModuleSummary, type TrainingSettings } from '@vigil/contracts';

import { paths } from '../../config/paths';
import { createFakeAuthSdk } from '../../testing/fake-auth-sdk';
import { json } from '../../testing/signed-in';
import { renderRoutes } from '../../testing/test-utils';
import { TrainingAdmin } from './components/training-admin-page';

export { json };

export { type ApiCall, serveApi } from '../../testing/serve-api';

export const moduleId = '00000000-0000-4000-8000-00000000a001';
export const otherModuleId = '00000000-0000-4000-8000-00000000a002';
export const departmentId = '00000000-0000-4000-8000-0000000000d1';

export const buildModule = (overrides: Partial<TrainingModuleSummary> = {}): TrainingModuleSummary => ({
  id: moduleId,
  source: 'built-in',
  kind: 'video',
  topic: 'passwords',
  title: 'Passwords that hold up',
  summary: 'Why reused passwords fall together, and how a manager keeps them apart.',
  minutes: 4,
  passScore: 80,
  questions: 3,
  languages: ['en_us', 'de_de'],
  remediates: ['it-password'],
  version: 1,
  posterUrl: '/training-media/a001/poster.jpg?expires=1&signature=x',
  ...overrides,
});

export const buildModuleDetail = (overrides: Partial<TrainingModuleDetail> = {}): TrainingModuleDetail => ({
  ...buildModule(),
  scorm: null,
  language: 'en_us',
  slides: [
    {
      heading: 'How credential stuffing works',
      points: ['Billions of stolen sign-ins are traded', 'One reused password opens many doors'],
      narration: 'This is called credential stuffing.',
      startSeconds: 0,
      endSeconds: 21.5,
    },
    {
      heading: 'Spot the fake reset',
      points: ['Read the sender’s domain'],
      example: {
        kind: 'email',
        from: 'IT Desk <it@itdesk-reset.example>',
        subject: 'Your password expires today',
        lines: ['Hi Owen,', 'Keep your password: log in within 2 hours.', 'IT Desk'],
        flags: [{ line: 1, note: 'A deadline to rush you' }],
      },
      narration: 'Look at the sender.',
      startSeconds: 21.5,
      endSeconds: 64,
    },
  ],
  quiz: [
    { question: 'What makes a reused password risky?', choices: ['Nothing', 'One breach opens every account', 'It is too long'], answer: 1, explanation: 'Stolen pairs are tried everywhere.' },
  ],
  media: {
    videoUrl: '/training-media/a001/lesson.mp4?expires=1&signature=x',
    posterUrl: '/training-media/a001/poster.jpg?expires=1&signature=x',
    captions: [{ language: 'en_us', url: '/training-media/a001/en_us.vtt?expires=1&signature=x' }],
    durationSeconds: 64,
  },
  ...overrides,
});

export const buildAssignment = (overrides: Partial<TrainingAssignment> = {}): TrainingAssignment => ({
  id: '00000000-0000-4000-8000-00000000b001',
  personId: '00000000-0000-4000-8000-00000000c001',
  name: 'Priya Natarajan',
  email: 'priya.natarajan@northwind.example',
  department: 'Finance',
  moduleId,
  moduleTitle: 'Passwords that hold up',
  reason: 'assigned',
  status: 'assigned',
  overdue: false,
  assignedAt: '2026-03-02T09:00:00Z',
  dueAt: '2026-03-16T22:59:59Z',
  completedAt: null,
  score: null,
  ...overrides,
});

export const buildSettings = (overrides: Partial<TrainingSettings> = {}): TrainingSettings => ({ ...defaultTrainingSettings, ...overrides });

/** The training admin's pages as the app mounts them (one component for all five paths), signed in, starting at `path`. */
export const renderTrainingAdmin = (path: string) => {
  const fake = createFakeAuthSdk();
  fake.signIn(undefined, 'session.jwt');
  const { trainings } = paths.configure;
  const pages = [trainings, trainings.module, trainings.frequency, trainings.request, trainings.schedule];
  return renderRoutes(pages.map((page) => ({ path: page.path, Component: TrainingAdmin })), path, { sdk: fake.sdk });
};
