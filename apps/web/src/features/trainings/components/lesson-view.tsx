import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LearnerLesson, QuizResult } from '@vigil/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { ScormFrame } from '../../../components/scorm-frame';
import { SectionCard } from '../../../components/section-card';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useMyTraining } from '../api/get-my-training';
import { useRefreshMyTrainings, useSaveTrainingProgress } from '../api/save-training-progress';
import { useSaveScormCommit } from '../api/save-scorm-commit';
import { quizUnlocked } from '../model/player-rules';
import { useTrainingFormat } from '../use-training-format';
import { CertificateButton } from './certificate-button';
import { TrainingPlayer } from './training-player';
import { QuizForm, QuizResults } from './training-quiz';
import { TrainingStatusChip } from './training-status-chip';

type Attempt = { result: QuizResult; answers: number[] };

const QuizSection = ({ lesson, watched }: { lesson: LearnerLesson; watched: number }) => {
  const { t } = useTranslation();
  const format = useTrainingFormat();
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  // A new form for each try, so the previous answers are not kept.
  const [tries, setTries] = useState(0);
  const { assignment } = lesson;
  const { module } = assignment;

  const content = (() => {
    if (attempt) {
      return (
        <QuizResults
          assignmentId={assignment.id}
          title={module.title}
          questions={lesson.quiz}
          answers={attempt.answers}
          result={attempt.result}
          onTryAgain={() => {
            setAttempt(null);
            setTries((count) => count + 1);
          }}
        />
      );
    }
    if (assignment.status === 'completed') {
      return (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="success" data-testid="lesson-completed">
            {t('trainings.quiz.completedOn', { date: format.date(assignment.completedAt), score: assignment.score ?? 0 })}
          </Alert>
          <CertificateButton assignmentId={assignment.id} title={module.title} />
        </Stack>
      );
    }
    if (assignment.status === 'failed' || lesson.attemptsLeft === 0) {
      return (
        <Alert severity="info" data-testid="quiz-no-attempts">
          {t('trainings.quiz.noAttemptsLeft')}
        </Alert>
      );
    }
    if (!quizUnlocked({ noSkipAhead: lesson.noSkipAhead, testOutAllowed: lesson.testOutAllowed, watched, duration: lesson.media.durationSeconds })) {
      return (
        <Alert severity="info" data-testid="quiz-locked">
          {t('trainings.lesson.quizLocked')}
        </Alert>
      );
    }
    return (
      <QuizForm
        key={tries}
        assignmentId={assignment.id}
        language={lesson.language}
        questions={lesson.quiz}
        passScore={module.passScore}
        onResult={(result, answers) => setAttempt({ result, answers })}
      />
    );
  })();

  return (
    <SectionCard title={t('trainings.quiz.title')} testId="quiz">
      <Box lang={lesson.language.replace('_', '-')}>{content}</Box>
    </SectionCard>
  );
};

/** A SCORM lesson: the package in its sandboxed frame, what it reported, and the certificate once completed. */
const ScormLesson = ({ lesson }: { lesson: LearnerLesson & { scorm: NonNullable<LearnerLesson['scorm']> } }) => {
  const { t } = useTranslation();
  const format = useTrainingFormat();
  const commit = useSaveScormCommit(lesson.assignment.id);
  const { assignment } = lesson;
  return (
    <Stack spacing={2}>
      <Typography variant="body2">{t('trainingContent.player.intro')}</Typography>
      <ScormFrame launch={lesson.scorm} title={t('trainingContent.player.frameTitle', { title: assignment.module.title })} onCommit={(body) => commit.mutate(body)} />
      <Box aria-live="polite">
        {commit.isError ? <Alert severity="warning">{t('trainingContent.player.saveFailed', { message: messageOf(commit.error) })}</Alert> : null}
        {assignment.status === 'completed' ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert severity="success" data-testid="lesson-completed">
              {assignment.score === null
                ? t('trainingContent.player.completedNoScore', { date: format.date(assignment.completedAt) })
                : t('trainingContent.player.completed', { date: format.date(assignment.completedAt), score: assignment.score })}
            </Alert>
            <CertificateButton assignmentId={assignment.id} title={assignment.module.title} />
          </Stack>
        ) : null}
        {assignment.status === 'failed' ? <Alert severity="info" data-testid="scorm-failed">{t('trainingContent.player.outOfAttempts')}</Alert> : null}
        {assignment.status === 'in_progress' && assignment.attempts > 0 ? <Alert severity="info" data-testid="scorm-failed">{t('trainingContent.player.failed')}</Alert> : null}
      </Box>
    </Stack>
  );
};

/**
 * One assignment, opened: the player (resuming where the person stopped, on any device), the rules
 * that apply, and the quiz, which opens after the video unless the organisation lets people test out.
 */
export const LessonView = ({ assignmentId, backHref }: { assignmentId: string; backHref: string }) => {
  const { t } = useTranslation();
  const format = useTrainingFormat();
  const lesson = useMyTraining(assignmentId);
  const save = useSaveTrainingProgress(assignmentId);
  const refreshLists = useRefreshMyTrainings();
  const [watched, setWatched] = useState<number | null>(null);
  const titleId = useId();

  // The lists show progress: they are read again once the person leaves the lesson.
  useEffect(() => refreshLists, [refreshLists]);

  const back = (
    <Box>
      <Button component={RouterLink} to={backHref}>
        {t('trainings.lesson.back')}
      </Button>
    </Box>
  );

  if (lesson.isPending) {
    return (
      <Stack spacing={2}>
        {back}
        <Typography sx={{ color: 'text.secondary' }}>{t('trainings.loading')}</Typography>
      </Stack>
    );
  }
  if (lesson.isError) {
    const notFound = lesson.error instanceof ApiError && lesson.error.status === 404;
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="error" data-testid="lesson-error">
          {notFound ? t('trainings.lesson.notFound') : t('trainings.lesson.loadFailed', { message: messageOf(lesson.error) })}
        </Alert>
      </Stack>
    );
  }

  const data = lesson.data;
  const { assignment } = data;
  const { module } = assignment;
  const furthest = Math.max(watched ?? 0, assignment.watchedSeconds);

  return (
    <Stack spacing={3} data-testid="lesson-view">
      {back}
      <Box component="section" aria-labelledby={titleId}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.5rem', fontWeight: 600 }} lang={data.language.replace('_', '-')}>
            {module.title}
          </Typography>
          <TrainingStatusChip status={assignment.status} />
        </Stack>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>
          {t('trainings.card.minutes', { count: module.minutes })}
          {' · '}
          <Box component="span" sx={assignment.overdue ? { color: 'error.main', fontWeight: 600 } : undefined}>
            {t('trainings.lesson.due', { date: format.date(assignment.dueAt) })}
            {assignment.overdue ? ` (${t('trainings.card.overdue')})` : null}
          </Box>
        </Typography>
        {data.noSkipAhead && !data.scorm ? (
          <Typography variant="body2" sx={{ mb: 1 }} data-testid="lesson-no-skip">
            {t('trainings.lesson.noSkipAhead')}
          </Typography>
        ) : null}
        {data.testOutAllowed && !data.scorm && data.quiz.length > 0 && assignment.status !== 'completed' ? (
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('trainings.lesson.testOut')}
          </Typography>
        ) : null}
        {data.machineTranslated ? (
          <Typography variant="body2" sx={{ mb: 1, color: 'text.secondary' }} data-testid="lesson-machine-translated">
            {t('trainingTexts.learnerNote')}
          </Typography>
        ) : null}
        {data.scorm ? <ScormLesson lesson={{ ...data, scorm: data.scorm }} /> : null}
        {data.scorm ? null : <TrainingPlayer
          title={module.title}
          language={data.language}
          media={data.media}
          slides={data.slides}
          noSkipAhead={data.noSkipAhead}
          initialWatched={assignment.watchedSeconds}
          onProgress={(seconds, reason) => void save(seconds, { keepalive: reason === 'hidden' })}
          onWatchedChange={setWatched}
        />}
      </Box>
      {data.scorm || data.quiz.length === 0 ? null : <QuizSection lesson={data} watched={furthest} />}
    </Stack>
  );
};
