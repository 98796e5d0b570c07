import type { LearnerAssignment, LearnerLesson, TrainingLanguage, TrainingSettings } from '@vigil/contracts';
import type { TrainingAssignmentRow, TrainingModuleRow } from '@vigil/db';
import type { SecretBox } from '../../../lib/secrets.ts';
import { isOverdue } from '../assignments/training-assignments.policy.ts';
import { presentMedia } from '../media/training-media.ts';
import { mediaFacts, moduleText, presentModuleSummary, presentSlides } from '../modules/training-modules.presenter.ts';
import { presentScormLaunch } from '../own-content/scorm-sandbox.ts';
import { needsReview } from '../texts/module-texts.presenter.ts';
import { attemptsLeft } from './learner.policy.ts';

/** Where a completed assignment's certificate downloads (with the session, like any /api call). */
export const certificatePath = (assignmentId: string) => `/api/my-trainings/${assignmentId}/certificate/`;

export const presentLearnerAssignment = (secrets: SecretBox, assignment: TrainingAssignmentRow, module: TrainingModuleRow, language: TrainingLanguage, now = new Date()): LearnerAssignment => ({
  id: assignment.id,
  module: presentModuleSummary(secrets, module, language, now),
  reason: assignment.reason,
  status: assignment.status,
  overdue: isOverdue(assignment.status, assignment.dueAt, now),
  assignedAt: assignment.assignedAt.toISOString(),
  dueAt: assignment.dueAt.toISOString(),
  watchedSeconds: assignment.watchedSeconds,
  durationSeconds: module.durationSeconds,
  attempts: assignment.attempts,
  score: assignment.score,
  completedAt: assignment.completedAt?.toISOString() ?? null,
  certificateUrl: assignment.status === 'completed' ? certificatePath(assignment.id) : null,
});

/** What the player needs: the lesson in one language, the quiz without its answers, the rules. */
export const presentLesson = (secrets: SecretBox, assignment: TrainingAssignmentRow, module: TrainingModuleRow, language: TrainingLanguage, settings: TrainingSettings, now = new Date(), sandboxUrl?: string): LearnerLesson => {
  const chosen = moduleText(module, language);
  return {
    assignment: presentLearnerAssignment(secrets, assignment, module, chosen.language, now),
    language: chosen.language,
    slides: presentSlides(module, chosen.text),
    quiz: chosen.text.quiz.map((question) => ({ question: question.question, choices: question.choices })),
    media: presentMedia(secrets, mediaFacts(module), now),
    scorm: sandboxUrl ? presentScormLaunch(secrets, sandboxUrl, module, assignment.scormState, now) : null,
    noSkipAhead: settings.noSkipAhead,
    testOutAllowed: settings.testOutAllowed,
    attemptsLeft: attemptsLeft(settings, assignment.attempts),
    machineTranslated: module.source === 'own' && needsReview(chosen.text),
  };
};
