import { randomBytes } from 'node:crypto';
import type { AssignmentStatus, LearnerAssignment, LearnerLesson, QuizResult, QuizSubmissionBody, ScormCommitBody, TrainingLanguage, TrainingSettings } from '@vigil/contracts';
import { trainingLanguages } from '@vigil/contracts';
import type { Db, TrainingAssignmentRow, TrainingModuleRow, Tx } from '@vigil/db';
import { AppError, fieldError, notFound } from '../../../lib/app-error.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { appendEvents } from '../../events/events.repository.ts';
import { type TrainingServices, findUsableModule } from '../modules/training-modules.service.ts';
import { moduleText } from '../modules/training-modules.presenter.ts';
import { readTrainingSettings } from '../settings/training-settings.service.ts';
import { renderCertificate } from './certificate-pdf.ts';
import { attemptsLeft, refuseQuiz } from './learner.policy.ts';
import { presentLearnerAssignment, presentLesson } from './my-trainings.presenter.ts';
import { myTrainingsRepository } from './my-trainings.repository.ts';
import { scoreQuiz } from './quiz-scoring.ts';
import { scormOutcome } from '../own-content/scorm-outcome.ts';
import { selectRequiredModuleIds } from '../../compliance/frameworks/index.ts';
import { now as clockNow } from '../../../lib/clock.ts';

// Every learner call reads and changes only the signed-in person's own assignments, in the
// organisation their session acts in: anyone else's is "not found".

const tabStatuses: Record<'learning' | 'completed', readonly AssignmentStatus[]> = {
  learning: ['assigned', 'in_progress'],
  // Finished: passed, or out of attempts (the status tells which).
  completed: ['completed', 'failed'],
};

const isLanguage = (value: string | null | undefined): value is TrainingLanguage => !!value && (trainingLanguages as readonly string[]).includes(value);

/** The language asked for, else the person's preferred one, else English. */
const learnerLanguage = async (tx: Db | Tx, tenant: Tenant, asked: TrainingLanguage | undefined): Promise<TrainingLanguage> => {
  if (asked) return asked;
  const person = await myTrainingsRepository(tx, tenant, tenant.personId).person();
  return isLanguage(person?.preferredLanguage) ? person.preferredLanguage : 'en_us';
};

/** The person's assignment and its module, or NOT_FOUND (another person's, another organisation's, or cancelled). */
const ownAssignment = async (tx: Db | Tx, tenant: Tenant, id: string, { lock = false } = {}) => {
  const assignment = await myTrainingsRepository(tx, tenant, tenant.personId).find(id, { lock });
  if (!assignment || assignment.status === 'cancelled') throw notFound('The training');
  const module = await findUsableModule(tx, tenant, assignment.moduleId, { includeArchived: true });
  if (!module) throw notFound('The training');
  return { assignment, module };
};

const trainingEvent = (assignment: TrainingAssignmentRow, type: string, occurredAt: Date, data: Record<string, unknown> = {}) => ({
  organizationId: assignment.organizationId,
  personId: assignment.personId,
  type,
  occurredAt,
  data: { assignmentId: assignment.id, moduleId: assignment.moduleId, reason: assignment.reason, ...data },
});

type AssignmentWithModule = { assignment: TrainingAssignmentRow; module: TrainingModuleRow };

/**
 * One assignment per required module, in the order the frameworks list them: the open one when there
 * is one (what to do now), else the latest finished one (the evidence that it was done).
 */
const compliancePick = (requiredModuleIds: readonly string[], rows: readonly AssignmentWithModule[]): AssignmentWithModule[] =>
  requiredModuleIds.flatMap((moduleId) => {
    const ofModule = rows.filter((row) => row.assignment.moduleId === moduleId);
    const open = ofModule.find((row) => tabStatuses.learning.includes(row.assignment.status));
    if (open) return [open];
    const finishedAt = (row: AssignmentWithModule) => (row.assignment.completedAt ?? row.assignment.failedAt ?? row.assignment.assignedAt).getTime();
    const latest = [...ofModule].sort((a, b) => finishedAt(b) - finishedAt(a))[0];
    return latest ? [latest] : [];
  });

/**
 * The signed-in person's assignments: `learning` (assigned, in progress; soonest due first),
 * `completed` (passed or out of attempts; latest first) or `compliance` (of the modules the
 * organisation's compliance frameworks require, one per module: open, else the latest finished).
 */
export const listMyTrainings = async ({ db, secrets }: TrainingServices, tenant: Tenant, query: { tab: 'learning' | 'completed' | 'compliance'; language?: TrainingLanguage }): Promise<{ items: LearnerAssignment[] }> => {
  const language = await learnerLanguage(db, tenant, query.language);
  const repository = myTrainingsRepository(db, tenant, tenant.personId);
  if (query.tab === 'compliance') {
    const required = await selectRequiredModuleIds(db, tenant.organizationId);
    const now = clockNow();
    return { items: compliancePick(required, await repository.listOfModules(required)).map((row) => presentLearnerAssignment(secrets, row.assignment, row.module, language, now)) };
  }
  const rows = await repository.list(tabStatuses[query.tab]);
  if (query.tab === 'completed') {
    const finished = (row: (typeof rows)[number]) => (row.assignment.completedAt ?? row.assignment.failedAt ?? row.assignment.assignedAt).getTime();
    rows.sort((a, b) => finished(b) - finished(a));
  }
  const now = clockNow();
  return { items: rows.map((row) => presentLearnerAssignment(secrets, row.assignment, row.module, language, now)) };
};

/**
 * One of the person's lessons, as the player needs it: slides, the quiz without answers, signed
 * media addresses and the organisation's rules.
 * @throws AppError NOT_FOUND when the assignment is not the signed-in person's (or was cancelled).
 */
export const getMyLesson = async ({ db, secrets, sandboxUrl }: TrainingServices, tenant: Tenant, id: string, asked: TrainingLanguage | undefined): Promise<LearnerLesson> => {
  const { assignment, module } = await ownAssignment(db, tenant, id);
  const [language, settings] = await Promise.all([learnerLanguage(db, tenant, asked), readTrainingSettings(db, tenant)]);
  return presentLesson(secrets, assignment, module, language, settings, clockNow(), sandboxUrl);
};

/** The first sign of the learner working on it: assigned → in_progress with training_started. */
const startIfAssigned = async (tx: Tx, tenant: Tenant, assignment: TrainingAssignmentRow, now: Date) => {
  if (assignment.status !== 'assigned') return {};
  await appendEvents(tx, [trainingEvent(assignment, 'training_started', now)]);
  return { status: 'in_progress' as const, startedAt: assignment.startedAt ?? now };
};

/**
 * Records how far the video was watched: the furthest point is kept, never past the video's end. The
 * first progress starts the training (assigned → in_progress, training_started). A finished
 * training is left as it is (a learner may watch again).
 * @throws AppError NOT_FOUND when the assignment is not the signed-in person's.
 */
export const recordMyProgress = async ({ db, secrets }: TrainingServices, tenant: Tenant, id: string, watchedSeconds: number): Promise<LearnerAssignment> => {
  const language = await learnerLanguage(db, tenant, undefined);
  return db.transaction(async (tx) => {
    const { assignment, module } = await ownAssignment(tx, tenant, id, { lock: true });
    if (assignment.status !== 'assigned' && assignment.status !== 'in_progress') return presentLearnerAssignment(secrets, assignment, module, language);
    const now = clockNow();
    const furthest = Math.max(assignment.watchedSeconds, Math.min(watchedSeconds, module.durationSeconds));
    // An own video with no quiz (yet) is done once watched to its end: nothing else is left to take.
    if (module.kind === 'video' && module.durationSeconds > 0 && furthest >= module.durationSeconds - 1 && moduleText(module, language).text.quiz.length === 0) {
      const settings = await readTrainingSettings(tx, tenant);
      const { updated } = await finishAttempt(tx, tenant, { assignment, module, settings, now }, { passed: true, score: null, language, changes: { watchedSeconds: furthest } });
      return presentLearnerAssignment(secrets, updated, module, language, now);
    }
    const updated = await myTrainingsRepository(tx, tenant, tenant.personId).update(id, { watchedSeconds: furthest, ...(await startIfAssigned(tx, tenant, assignment, now)) });
    return presentLearnerAssignment(secrets, updated, module, language, now);
  });
};

const newCertificateId = () => {
  const hex = randomBytes(6).toString('hex').toUpperCase();
  return `VC-${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8)}`;
};

/**
 * The one way an attempt ends, whatever was taken (a quiz, a SCORM package): a pass completes the
 * training (training_completed, a certificate id); a fail keeps it in progress, or fails it when the
 * organisation's attempts are used up (training_failed either way).
 */
const finishAttempt = async (
  tx: Tx,
  tenant: Tenant,
  { assignment, module, settings, now }: { assignment: TrainingAssignmentRow; module: { version: number }; settings: TrainingSettings; now: Date },
  attempt: { passed: boolean; score: number | null; language: TrainingLanguage; changes?: Partial<TrainingAssignmentRow> },
) => {
  const attempts = assignment.attempts + 1;
  const left = attemptsLeft(settings, attempts);
  const outOfAttempts = !attempt.passed && left === 0;
  const started = await startIfAssigned(tx, tenant, assignment, now);
  const updated = await myTrainingsRepository(tx, tenant, tenant.personId).update(assignment.id, {
    ...attempt.changes,
    ...started,
    attempts,
    score: attempt.score,
    language: attempt.language,
    // The version taken is kept with the result: the evidence pack names what was passed, after the lesson changes.
    ...(attempt.passed ? { status: 'completed' as const, completedAt: now, certificateId: newCertificateId(), moduleVersion: module.version } : {}),
    ...(outOfAttempts ? { status: 'failed' as const, failedAt: now, moduleVersion: module.version } : {}),
  });
  const data = { score: attempt.score, attempts, language: attempt.language, ...(attempt.passed ? {} : { attemptsLeft: left }) };
  await appendEvents(tx, [trainingEvent(updated, attempt.passed ? 'training_completed' : 'training_failed', now, data)]);
  return { updated, left };
};

/**
 * Scores a quiz attempt. A pass (score ≥ the module's pass score) completes the training
 * (training_completed, a certificate id); a fail keeps it in progress, or fails it when the
 * organisation's attempts are used up (training_failed either way).
 * @throws AppError NOT_FOUND when the assignment is not the signed-in person's; CONFLICT when it is
 * finished, or the video must be watched to its end first (details name `noSkipAhead`);
 * VALIDATION_FAILED naming body.answers when there is not one answer per question.
 */
export const submitMyQuiz = async ({ db, secrets }: TrainingServices, tenant: Tenant, id: string, body: QuizSubmissionBody): Promise<QuizResult> =>
  db.transaction(async (tx) => {
    const { assignment, module } = await ownAssignment(tx, tenant, id, { lock: true });
    const settings = await readTrainingSettings(tx, tenant);
    const refusal = refuseQuiz(assignment, module.durationSeconds, settings);
    if (refusal?.rule === 'noSkipAhead') throw fieldError('CONFLICT', 'noSkipAhead', refusal.problem);
    if (refusal) throw new AppError('CONFLICT', refusal.problem);
    const { language, text } = moduleText(module, body.language);
    if (body.answers.length !== text.quiz.length) throw fieldError('VALIDATION_FAILED', 'body.answers', `must answer each of the ${text.quiz.length} questions, in order`);

    const now = clockNow();
    const { score, passed, results } = scoreQuiz(text.quiz, body.answers, module.passScore);
    const { updated, left } = await finishAttempt(tx, tenant, { assignment, module, settings, now }, { passed, score, language });
    return {
      score,
      passed,
      passScore: module.passScore,
      results,
      assignment: presentLearnerAssignment(secrets, updated, module, language, now),
      attemptsLeft: left,
    };
  });

const isScorm = (module: TrainingModuleRow): module is TrainingModuleRow & { scormVersion: '1.2' | '2004' } => module.kind === 'scorm' && !!module.scormVersion;

/**
 * Records what a SCORM package reported at a commit: its suspend data and location (where it resumes)
 * always; the first sign of work starts the training; a passed or completed status finishes it with
 * its score, and a failed one counts as a failed attempt once per run (`session`), through the same
 * path as the quiz. A finished training is left as it is.
 * @throws AppError NOT_FOUND when the assignment is not the signed-in person's; CONFLICT when its module is not a SCORM package.
 */
export const recordMyScormCommit = async ({ db, secrets }: TrainingServices, tenant: Tenant, id: string, body: ScormCommitBody): Promise<LearnerAssignment> => {
  const language = await learnerLanguage(db, tenant, undefined);
  return db.transaction(async (tx) => {
    const { assignment, module } = await ownAssignment(tx, tenant, id, { lock: true });
    if (!isScorm(module)) throw new AppError('CONFLICT', 'This training is not a SCORM package');
    if (assignment.status !== 'assigned' && assignment.status !== 'in_progress') return presentLearnerAssignment(secrets, assignment, module, language);
    const now = clockNow();
    const previous = assignment.scormState;
    const scormState = {
      suspendData: body.suspendData ?? previous?.suspendData ?? '',
      location: body.location ?? previous?.location ?? '',
      ...(previous?.failedSession ? { failedSession: previous.failedSession } : {}),
    };
    const outcome = scormOutcome(module.scormVersion, body);
    const countsAsFailure = outcome.result === 'failed' && previous?.failedSession !== body.session;
    if (outcome.result === 'completed' || countsAsFailure) {
      const settings = await readTrainingSettings(tx, tenant);
      const changes = { scormState: countsAsFailure ? { ...scormState, failedSession: body.session } : scormState };
      const { updated } = await finishAttempt(tx, tenant, { assignment, module, settings, now }, { passed: outcome.result === 'completed', score: outcome.score, language, changes });
      return presentLearnerAssignment(secrets, updated, module, language, now);
    }
    const updated = await myTrainingsRepository(tx, tenant, tenant.personId).update(id, { scormState, ...(await startIfAssigned(tx, tenant, assignment, now)) });
    return presentLearnerAssignment(secrets, updated, module, language, now);
  });
};

/**
 * The certificate of a completed training as a PDF: the person, their organisation, the module's
 * title (in the language it was taken in), the score, the day, the certificate id.
 * @throws AppError NOT_FOUND when the assignment is not the signed-in person's; CONFLICT until it is completed.
 */
export const myCertificate = async ({ db }: TrainingServices, tenant: Tenant, id: string) => {
  const { assignment, module } = await ownAssignment(db, tenant, id);
  if (assignment.status !== 'completed' || !assignment.completedAt || !assignment.certificateId || assignment.score === null) {
    throw new AppError('CONFLICT', 'A certificate is issued once the training is completed');
  }
  const person = await myTrainingsRepository(db, tenant, tenant.personId).person();
  const taken = moduleText(module, isLanguage(assignment.language) ? assignment.language : 'en_us');
  const pdf = await renderCertificate({
    personName: `${person?.firstName ?? ''} ${person?.lastName ?? ''}`.trim(),
    organizationName: person?.organizationName ?? '',
    moduleTitle: taken.text.title,
    score: assignment.score,
    completedAt: assignment.completedAt,
    certificateId: assignment.certificateId,
    language: taken.language,
  });
  return { pdf, fileName: `certificate-${assignment.certificateId}.pdf` };
};

/**
 * The lesson to take after a simulated lure (the heads-up page's link): the remedial assignment the
 * failure with that campaign's lure called for, titled in the person's language, opened on the
 * learner page that lists it. Null when there is none (yet: the consumer assigns it within a minute).
 */
export const nextLessonAfter = async (db: Db, tenant: Tenant, campaignId: string): Promise<{ title: string; href: string } | null> => {
  const found = await myTrainingsRepository(db, tenant, tenant.personId).remedialAfter(campaignId);
  if (!found) return null;
  const { text } = moduleText(found.module, await learnerLanguage(db, tenant, undefined));
  const page = tabStatuses.completed.includes(found.assignment.status) ? '/dashboard/trainings/completed/' : '/dashboard/trainings/learning/';
  return { title: text.title, href: `${page}?${new URLSearchParams({ assignment: found.assignment.id })}` };
};
