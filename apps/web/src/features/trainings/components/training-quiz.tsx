import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { QuizResult, TrainingLanguage } from '@vigil/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { messageOf } from '../../../lib/api-client';
import { useSubmitQuiz } from '../api/submit-quiz';
import { CertificateButton } from './certificate-button';

export type QuizQuestion = { question: string; choices: string[] };

type QuizFormProps = {
  assignmentId: string;
  language: TrainingLanguage;
  questions: readonly QuizQuestion[];
  passScore: number;
  onResult: (result: QuizResult, answers: number[]) => void;
};

/**
 * The whole quiz on one form: each question a radio group named by its legend. Sending checks that
 * every question has an answer (and says which have none); the server scores it.
 */
export const QuizForm = ({ assignmentId, language, questions, passScore, onResult }: QuizFormProps) => {
  const { t } = useTranslation();
  const formId = useId();
  const [answers, setAnswers] = useState<(number | null)[]>(() => questions.map(() => null));
  const [showMissing, setShowMissing] = useState(false);
  const submit = useSubmitQuiz(assignmentId);
  const count = questions.length;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing = answers.findIndex((answer) => answer === null);
    if (missing >= 0) {
      setShowMissing(true);
      document.querySelector<HTMLInputElement>(`[name="${formId}-q${missing}"]`)?.focus();
      return;
    }
    const chosen = answers as number[];
    submit.mutate({ language, answers: chosen }, { onSuccess: (result) => onResult(result, chosen) });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} data-testid="quiz-form">
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('trainings.quiz.intro', { count, passScore })}</Typography>
      <Stack spacing={3}>
        {questions.map((question, index) => {
          const unanswered = showMissing && answers[index] === null;
          return (
            <FormControl key={index} component="fieldset" error={unanswered} required>
              <FormLabel component="legend" sx={{ color: 'text.primary', fontWeight: 600, mb: 1 }}>
                {t('trainings.quiz.question', { number: index + 1, count, question: question.question })}
              </FormLabel>
              <RadioGroup
                name={`${formId}-q${index}`}
                value={answers[index] === null ? '' : String(answers[index])}
                onChange={(event) => setAnswers((previous) => previous.map((answer, i) => (i === index ? Number(event.target.value) : answer)))}
              >
                {question.choices.map((choice, choiceIndex) => (
                  <FormControlLabel key={choiceIndex} value={String(choiceIndex)} control={<Radio />} label={choice} />
                ))}
              </RadioGroup>
              {unanswered ? <FormHelperText>{t('trainings.quiz.unanswered')}</FormHelperText> : null}
            </FormControl>
          );
        })}
        {showMissing && answers.some((answer) => answer === null) ? <Alert severity="warning">{t('trainings.quiz.missing')}</Alert> : null}
        {submit.isError ? <Alert severity="error">{t('trainings.quiz.submitFailed', { message: messageOf(submit.error) })}</Alert> : null}
        <Box>
          <Button type="submit" variant="contained" loading={submit.isPending} data-testid="quiz-submit">
            {t('trainings.quiz.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
};

type QuizResultsProps = {
  assignmentId: string;
  title: string;
  questions: readonly QuizQuestion[];
  answers: readonly number[];
  result: QuizResult;
  onTryAgain: () => void;
};

/**
 * What the server made of the answers: the score against the pass mark, and per question whether it
 * was right, the right answer and why. A pass completes the training and offers the certificate; a
 * fail offers another try while attempts are left.
 */
export const QuizResults = ({ assignmentId, title, questions, answers, result, onTryAgain }: QuizResultsProps) => {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The results replace the form the person was on: focus moves to them so a screen reader reads on.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const canRetry = !result.passed && result.attemptsLeft !== 0 && result.assignment.status !== 'failed';

  return (
    <Stack spacing={2} data-testid="quiz-results">
      <Typography ref={headingRef} tabIndex={-1} variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, outline: 'none' }}>
        {t('trainings.quiz.resultsTitle')}
      </Typography>
      <Typography data-testid="quiz-score">{t('trainings.quiz.score', { score: result.score, passScore: result.passScore })}</Typography>
      {result.passed ? (
        <Alert severity="success" data-testid="quiz-passed">
          {t('trainings.quiz.passed')}
        </Alert>
      ) : (
        <Alert severity="warning" data-testid="quiz-failed">
          {t('trainings.quiz.failed', { passScore: result.passScore })}
        </Alert>
      )}
      {result.passed ? <CertificateButton assignmentId={assignmentId} title={title} /> : null}
      <Box component="ol" sx={{ m: 0, pl: 3 }}>
        {result.results.map((outcome, index) => {
          const question = questions[index];
          const chosen = answers[index];
          return (
            <Box component="li" key={index} sx={{ mb: 2 }} data-testid="quiz-outcome">
              <Typography sx={{ fontWeight: 600 }}>{question?.question}</Typography>
              <Typography sx={{ color: outcome.correct ? 'success.main' : 'error.main', fontWeight: 600 }}>
                {outcome.correct ? t('trainings.quiz.correct') : t('trainings.quiz.incorrect')}
              </Typography>
              {chosen !== undefined && question ? <Typography variant="body2">{t('trainings.quiz.yourAnswer', { answer: question.choices[chosen] ?? '' })}</Typography> : null}
              {!outcome.correct && question ? <Typography variant="body2">{t('trainings.quiz.rightAnswer', { answer: question.choices[outcome.answer] ?? '' })}</Typography> : null}
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                {outcome.explanation}
              </Typography>
            </Box>
          );
        })}
      </Box>
      {result.passed ? null : canRetry ? (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          {result.attemptsLeft === null ? null : <Typography>{t('trainings.quiz.attemptsLeft', { count: result.attemptsLeft })}</Typography>}
          <Button variant="contained" onClick={onTryAgain} data-testid="quiz-try-again">
            {t('trainings.quiz.tryAgain')}
          </Button>
        </Stack>
      ) : (
        <Alert severity="info" data-testid="quiz-no-attempts">
          {t('trainings.quiz.noAttemptsLeft')}
        </Alert>
      )}
    </Stack>
  );
};
