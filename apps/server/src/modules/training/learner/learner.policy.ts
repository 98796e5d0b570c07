import type { AssignmentStatus, TrainingSettings } from '@vigil/contracts';
import { isOpenStatus } from '../assignments/training-assignments.policy.ts';

/** How close to the end of the video counts as watched to the end (players stop a frame or two short). */
export const endOfVideoToleranceSeconds = 2;

/** Quiz attempts left under the organisation's rule; null when attempts are not limited. */
export const attemptsLeft = (settings: Pick<TrainingSettings, 'maxQuizAttempts'>, attempts: number) =>
  settings.maxQuizAttempts === 0 ? null : Math.max(0, settings.maxQuizAttempts - attempts);

/** Whether the quiz must wait for the video: skipping ahead is off and testing out is not allowed. */
export const quizNeedsWholeVideo = (settings: Pick<TrainingSettings, 'noSkipAhead' | 'testOutAllowed'>) => settings.noSkipAhead && !settings.testOutAllowed;

export type QuizRefusal = Readonly<{ rule: 'status' | 'noSkipAhead'; problem: string }>;

/** Why the learner may not take the quiz now, or undefined when they may. */
export const refuseQuiz = (
  assignment: Readonly<{ status: AssignmentStatus; watchedSeconds: number }>,
  durationSeconds: number,
  settings: Pick<TrainingSettings, 'noSkipAhead' | 'testOutAllowed'>,
): QuizRefusal | undefined => {
  if (!isOpenStatus(assignment.status)) {
    const problem = assignment.status === 'completed' ? 'This training is already completed' : assignment.status === 'failed' ? 'No quiz attempts are left for this training' : 'This training was cancelled';
    return { rule: 'status', problem };
  }
  if (quizNeedsWholeVideo(settings) && assignment.watchedSeconds < durationSeconds - endOfVideoToleranceSeconds) {
    return { rule: 'noSkipAhead', problem: 'must watch the video to its end before taking the quiz (the organization does not allow skipping ahead)' };
  }
  return undefined;
};
