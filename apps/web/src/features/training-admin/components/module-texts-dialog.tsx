import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { trainingLanguages, type OwnModuleText, type OwnModuleTexts, type TrainingLanguage, type TrainingModuleSummary } from '@vigil/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { messageOf } from '../../../lib/api-client';
import { readServerFieldErrors } from '../../../lib/server-field-errors';
import { useModuleTexts } from '../api/get-module-texts';
import { useReviewModuleText } from '../api/review-module-text';
import { useSaveModuleText } from '../api/save-module-text';
import { TranslationStopped, useTranslateModule } from '../api/translate-module';
import { useAdminFormat } from '../use-admin-format';

type Question = { question: string; choices: string[]; answer: number; explanation: string };
type Draft = { title: string; summary: string; quiz: Question[] };
/** Problems by field path as the server names them (`title`, `quiz.0.choices.1`), each a sentence to show. */
type Problems = Record<string, string>;

const maxQuestions = 20;
const maxChoices = 6;

const draftOf = (text: OwnModuleText | undefined): Draft =>
  text ? { title: text.title, summary: text.summary, quiz: text.quiz.map((question) => ({ ...question, choices: [...question.choices] })) } : { title: '', summary: '', quiz: [] };

const sameDraft = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);

const useLanguageName = () => {
  const { t } = useTranslation();
  return (language: TrainingLanguage) => t(`trainingAdmin.languages.${language}`);
};

/** What is wrong before anything is sent: the title, empty questions or choices, a question with fewer than two choices. */
const useValidate = () => {
  const { t } = useTranslation();
  return (draft: Draft): Problems => {
    const problems: Problems = {};
    if (draft.title.trim().length < 3) problems.title = t('trainingTexts.fields.titleRequired');
    draft.quiz.forEach((question, index) => {
      if (!question.question.trim()) problems[`quiz.${index}.question`] = t('trainingTexts.quiz.questionRequired');
      if (question.choices.length < 2) problems[`quiz.${index}.choices`] = t('trainingTexts.quiz.tooFewChoices');
      question.choices.forEach((choice, at) => {
        if (!choice.trim()) problems[`quiz.${index}.choices.${at}`] = t('trainingTexts.quiz.choiceRequired');
      });
    });
    return problems;
  };
};

type QuestionEditorProps = { index: number; question: Question; problems: Problems; onChange: (question: Question) => void; onRemove: () => void };

/** One question: its text, its choices with the right one marked, and the explanation. */
const QuestionEditor = ({ index, question, problems, onChange, onRemove }: QuestionEditorProps) => {
  const { t } = useTranslation();
  const legendId = useId();
  const number = index + 1;
  const at = (suffix: string) => `quiz.${index}.${suffix}`;
  const setChoice = (choice: number, value: string) => onChange({ ...question, choices: question.choices.map((item, position) => (position === choice ? value : item)) });
  const removeChoice = (choice: number) =>
    onChange({
      ...question,
      choices: question.choices.filter((_, position) => position !== choice),
      // The right answer keeps pointing at the same choice (or the first, when it was the one removed).
      answer: question.answer === choice ? 0 : question.answer > choice ? question.answer - 1 : question.answer,
    });
  return (
    <Paper component="fieldset" variant="outlined" aria-labelledby={legendId} sx={{ p: 2, m: 0, minWidth: 0 }} data-testid="quiz-question">
      <Typography id={legendId} component="legend" variant="subtitle1" sx={{ fontWeight: 600, px: 0.5 }}>
        {t('trainingTexts.quiz.question', { number })}
      </Typography>
      <Stack spacing={2}>
        <TextField
          label={t('trainingTexts.quiz.questionText')}
          value={question.question}
          onChange={(event) => onChange({ ...question, question: event.target.value })}
          error={Boolean(problems[at('question')])}
          helperText={problems[at('question')]}
          required
          multiline
          slotProps={{ htmlInput: { maxLength: 300 } }}
        />
        <RadioGroup
          aria-label={t('trainingTexts.quiz.choicesLabel', { number })}
          value={String(question.answer)}
          onChange={(event) => onChange({ ...question, answer: Number(event.target.value) })}
        >
          <Stack spacing={1}>
            {question.choices.map((choice, position) => (
              <Stack key={position} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Radio value={String(position)} slotProps={{ input: { 'aria-label': t('trainingTexts.quiz.rightAnswer', { number: position + 1 }) } }} />
                <TextField
                  size="small"
                  label={t('trainingTexts.quiz.choice', { number: position + 1 })}
                  value={choice}
                  onChange={(event) => setChoice(position, event.target.value)}
                  error={Boolean(problems[at(`choices.${position}`)])}
                  helperText={problems[at(`choices.${position}`)]}
                  required
                  sx={{ flex: 1 }}
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                />
                <Button onClick={() => removeChoice(position)} disabled={question.choices.length <= 2} aria-label={t('trainingTexts.quiz.removeChoice', { number: position + 1 })}>
                  {t('trainingTexts.quiz.removeChoice', { number: position + 1 })}
                </Button>
              </Stack>
            ))}
          </Stack>
        </RadioGroup>
        {problems[at('choices')] || problems[at('answer')] ? (
          <Typography variant="body2" sx={{ color: 'error.main' }} role="alert">
            {problems[at('choices')] ?? problems[at('answer')]}
          </Typography>
        ) : null}
        <Box>
          <Button onClick={() => onChange({ ...question, choices: [...question.choices, ''] })} disabled={question.choices.length >= maxChoices}>
            {t('trainingTexts.quiz.addChoice')}
          </Button>
        </Box>
        <TextField
          label={t('trainingTexts.quiz.explanation')}
          value={question.explanation}
          onChange={(event) => onChange({ ...question, explanation: event.target.value })}
          error={Boolean(problems[at('explanation')])}
          helperText={problems[at('explanation')] ?? t('trainingTexts.quiz.explanationHelp')}
          multiline
          slotProps={{ htmlInput: { maxLength: 600 } }}
        />
        <Box>
          <Button color="error" onClick={onRemove}>
            {t('trainingTexts.quiz.removeQuestion', { number })}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
};

type LanguagePanelProps = {
  moduleId: string;
  kind: OwnModuleTexts['kind'];
  language: TrainingLanguage;
  saved: OwnModuleText | undefined;
  draft: Draft;
  onDraft: (draft: Draft | undefined) => void;
};

/** One language's fields, its quiz, its machine-translation banner, and its Save button. */
const LanguagePanel = ({ moduleId, kind, language, saved, draft, onDraft }: LanguagePanelProps) => {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const languageName = useLanguageName();
  const validate = useValidate();
  const save = useSaveModuleText(moduleId);
  const review = useReviewModuleText(moduleId);
  const [problems, setProblems] = useState<Problems>({});
  const [savedNote, setSavedNote] = useState(false);
  const dirty = !sameDraft(draft, draftOf(saved));
  const name = languageName(language);

  const change = (next: Draft) => {
    setSavedNote(false);
    onDraft(next);
  };
  const setQuestion = (index: number, question: Question) => change({ ...draft, quiz: draft.quiz.map((item, position) => (position === index ? question : item)) });
  const submit = () => {
    const found = validate(draft);
    setProblems(found);
    setSavedNote(false);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { language, body: draft },
      {
        onSuccess: () => {
          onDraft(undefined);
          setSavedNote(true);
        },
        onError: (error) => setProblems(Object.fromEntries(readServerFieldErrors(error).map((issue) => [issue.field, issue.problem]))),
      },
    );
  };
  const translation = saved?.translation;
  const providerName = translation?.provider ? t(`trainingTexts.providers.${translation.provider}`) : '';

  return (
    <Stack spacing={2} sx={{ pt: 2 }} lang={language.replace('_', '-')}>
      {saved?.needsReview ? (
        <Alert
          severity="warning"
          data-testid="needs-review"
          action={
            <Button color="inherit" size="small" disabled={dirty || review.isPending} onClick={() => review.mutate(language)}>
              {t('trainingTexts.review.button')}
            </Button>
          }
        >
          {translation?.sourceLanguage && translation.translatedAt
            ? t('trainingTexts.review.banner', { source: languageName(translation.sourceLanguage), provider: providerName, date: format.date(translation.translatedAt) })
            : t('trainingTexts.review.bannerUnknown')}
          {dirty ? ` ${t('trainingTexts.review.unsaved')}` : null}
        </Alert>
      ) : null}
      {translation?.machineTranslated && translation.reviewedAt ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="reviewed">
          {t('trainingTexts.review.done', { name: translation.reviewedBy ?? '', date: format.date(translation.reviewedAt) })}
        </Typography>
      ) : null}
      {review.isError ? <Alert severity="error">{t('trainingTexts.review.failed', { message: messageOf(review.error) })}</Alert> : null}
      <TextField
        label={t('trainingTexts.fields.title')}
        value={draft.title}
        onChange={(event) => change({ ...draft, title: event.target.value })}
        error={Boolean(problems.title)}
        helperText={problems.title}
        required
        slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'text-title' } }}
      />
      <TextField
        label={t('trainingTexts.fields.summary')}
        value={draft.summary}
        onChange={(event) => change({ ...draft, summary: event.target.value })}
        error={Boolean(problems.summary)}
        helperText={problems.summary ?? t('trainingTexts.fields.summaryHelp')}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 400 } }}
      />
      <Typography variant="h3" sx={{ fontSize: '1.0625rem', fontWeight: 600 }}>
        {t('trainingTexts.quiz.heading')}
      </Typography>
      {kind === 'scorm' ? (
        <Typography variant="body2">{t('trainingTexts.quiz.scorm')}</Typography>
      ) : (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('trainingTexts.quiz.intro')}
          </Typography>
          {draft.quiz.length === 0 ? (
            <Typography variant="body2" data-testid="quiz-empty">
              {t('trainingTexts.quiz.empty')}
            </Typography>
          ) : null}
          {draft.quiz.map((question, index) => (
            <QuestionEditor
              key={index}
              index={index}
              question={question}
              problems={problems}
              onChange={(next) => setQuestion(index, next)}
              onRemove={() => change({ ...draft, quiz: draft.quiz.filter((_, position) => position !== index) })}
            />
          ))}
          <Box>
            <Button onClick={() => change({ ...draft, quiz: [...draft.quiz, { question: '', choices: ['', ''], answer: 0, explanation: '' }] })} disabled={draft.quiz.length >= maxQuestions}>
              {t('trainingTexts.quiz.addQuestion')}
            </Button>
          </Box>
        </>
      )}
      {Object.keys(problems).length > 0 ? <Alert severity="error">{t('trainingTexts.fixFields')}</Alert> : null}
      {save.isError && readServerFieldErrors(save.error).length === 0 ? <Alert severity="error">{t('trainingTexts.saveFailed', { language: name, message: messageOf(save.error) })}</Alert> : null}
      <Box aria-live="polite">{savedNote ? <Alert severity="success">{t('trainingTexts.saved', { language: name })}</Alert> : null}</Box>
      <Box>
        <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="save-text">
          {t('trainingTexts.save', { language: name })}
        </Button>
      </Box>
    </Stack>
  );
};

type MachineTranslationProps = { moduleId: string; texts: OwnModuleTexts; dirtyLanguages: TrainingLanguage[] };

/** Machine translation from one saved language into others, one at a time, with how far it got; or how to configure it. */
const MachineTranslation = ({ moduleId, texts, dirtyLanguages }: MachineTranslationProps) => {
  const { t } = useTranslation();
  const languageName = useLanguageName();
  const headingId = useId();
  const fromId = useId();
  const translate = useTranslateModule(moduleId);
  const status = texts.machineTranslation;
  const [from, setFrom] = useState<TrainingLanguage>(texts.languages.includes('en_us') ? 'en_us' : (texts.languages[0] ?? 'en_us'));
  const written = (language: TrainingLanguage) => {
    const text = texts.texts.find((item) => item.language === language);
    return Boolean(text) && !text!.needsReview;
  };
  const targets = status.languages.filter((language) => language !== from);
  // Languages a person wrote or reviewed are left alone unless the admin ticks them.
  const [chosen, setChosen] = useState<TrainingLanguage[] | null>(null);
  const selected = (chosen ?? targets.filter((language) => !written(language))).filter((language) => targets.includes(language));
  const [result, setResult] = useState<number | null>(null);

  if (!status.configured) {
    return (
      <Alert severity="info" data-testid="translation-not-configured">
        <Typography component="p" sx={{ fontWeight: 600 }}>
          {t('trainingTexts.machine.notConfigured')}
        </Typography>
        <Typography component="p" variant="body2">
          {t('trainingTexts.machine.howToConfigure')}
        </Typography>
      </Alert>
    );
  }
  const sourceDirty = dirtyLanguages.includes(from);
  const start = () => {
    setResult(null);
    translate.mutate({ from, to: selected }, { onSuccess: (done) => setResult(done.length) });
  };
  const progress = translate.progress;
  const stopped = translate.error instanceof TranslationStopped ? translate.error : null;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="machine-translation">
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1.0625rem', fontWeight: 600, mb: 1 }}>
        {t('trainingTexts.machine.heading')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('trainingTexts.machine.provider', { provider: status.provider ? t(`trainingTexts.providers.${status.provider}`) : '' })}
      </Typography>
      <Stack spacing={2}>
        <TextField
          select
          size="small"
          id={fromId}
          label={t('trainingTexts.machine.from')}
          value={from}
          onChange={(event) => {
            setFrom(event.target.value as TrainingLanguage);
            setChosen(null);
          }}
          disabled={translate.isPending}
          sx={{ maxWidth: 320 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'translate-from' } as object } }}
        >
          {texts.languages.filter((language) => status.languages.includes(language)).map((language) => (
            <MenuItem key={language} value={language}>
              {languageName(language)}
            </MenuItem>
          ))}
        </TextField>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="body2" sx={{ fontWeight: 600 }}>
            {t('trainingTexts.machine.into')}
          </Typography>
          <FormGroup row>
            {targets.map((language) => (
              <FormControlLabel
                key={language}
                control={
                  <Checkbox
                    checked={selected.includes(language)}
                    disabled={translate.isPending}
                    onChange={(event) => setChosen(event.target.checked ? [...selected, language] : selected.filter((item) => item !== language))}
                  />
                }
                label={written(language) ? `${languageName(language)} (${t('trainingTexts.machine.replaces')})` : languageName(language)}
              />
            ))}
          </FormGroup>
        </Box>
        {sourceDirty ? <Typography variant="body2">{t('trainingTexts.machine.unsavedSource', { language: languageName(from) })}</Typography> : null}
        {selected.length === 0 ? <Typography variant="body2">{t('trainingTexts.machine.noTargets')}</Typography> : null}
        <Box>
          <Button variant="outlined" onClick={start} disabled={translate.isPending || selected.length === 0 || sourceDirty} data-testid="translate-start">
            {t('trainingTexts.machine.start', { language: languageName(from) })}
          </Button>
        </Box>
        <Box aria-live="polite">
          {progress ? (
            <Stack spacing={1} data-testid="translate-progress">
              <LinearProgress variant="determinate" value={(progress.done / progress.total) * 100} aria-label={t('trainingTexts.machine.progressLabel')} />
              <Typography variant="body2">{t('trainingTexts.machine.progress', { language: languageName(progress.current), done: progress.done + 1, total: progress.total })}</Typography>
            </Stack>
          ) : null}
          {result !== null && !translate.isPending ? (
            <Alert severity="success" data-testid="translate-done">
              {t('trainingTexts.machine.done', { count: result })}
            </Alert>
          ) : null}
        </Box>
        {translate.isError ? (
          <Alert severity="error" data-testid="translate-failed">
            {t('trainingTexts.machine.failed', { language: stopped ? languageName(stopped.language) : '', message: messageOf(translate.error) })}
          </Alert>
        ) : null}
      </Stack>
    </Box>
  );
};

type ModuleTextsDialogProps = { moduleId: string; title: string; onClose: () => void };

/**
 * "Texts and translations" of an own module: a tab per language with its title, summary and quiz
 * (questions, choices, the right one, the explanation), a banner on machine-translated languages
 * until an admin marks them reviewed, and machine translation from one language into the others.
 */
export const ModuleTextsDialog = ({ moduleId, title, onClose }: ModuleTextsDialogProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const tabsId = useId();
  const languageName = useLanguageName();
  const texts = useModuleTexts(moduleId);
  const [active, setActive] = useState<TrainingLanguage | null>(null);
  const [drafts, setDrafts] = useState<Partial<Record<TrainingLanguage, Draft>>>({});
  const [added, setAdded] = useState<TrainingLanguage[]>([]);

  const data = texts.data;
  const languages = data ? trainingLanguages.filter((language) => data.languages.includes(language) || added.includes(language)) : [];
  const current = active && languages.includes(active) ? active : languages[0];
  const savedText = (language: TrainingLanguage) => data?.texts.find((text) => text.language === language);
  const dirtyLanguages = languages.filter((language) => drafts[language] !== undefined && !sameDraft(drafts[language]!, draftOf(savedText(language))));
  const missing = trainingLanguages.filter((language) => !languages.includes(language));

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{t('trainingTexts.title', { title })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          <Typography variant="body2">{t('trainingTexts.intro')}</Typography>
          {texts.isPending ? <Typography>{t('trainingTexts.loading')}</Typography> : null}
          {texts.isError ? <Alert severity="error">{t('trainingTexts.loadFailed', { message: messageOf(texts.error) })}</Alert> : null}
          {data ? <MachineTranslation moduleId={moduleId} texts={data} dirtyLanguages={dirtyLanguages} /> : null}
          {data && current ? (
            <Box>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, borderBottom: 1, borderColor: 'divider' }}>
                <Tabs value={current} onChange={(_, value: TrainingLanguage) => setActive(value)} variant="scrollable" aria-label={t('trainingTexts.languagesLabel')} sx={{ flex: 1 }}>
                  {languages.map((language) => (
                    <Tab
                      key={language}
                      value={language}
                      id={`${tabsId}-tab-${language}`}
                      aria-controls={`${tabsId}-panel-${language}`}
                      label={
                        <span>
                          {languageName(language)}
                          {savedText(language) ? null : ` (${t('trainingTexts.newLanguage')})`}
                          {savedText(language)?.needsReview ? (
                            <>
                              <span aria-hidden="true"> •</span>{' '}
                              <Box component="span" sx={visuallyHidden}>{`(${t('trainingTexts.toReview')})`}</Box>
                            </>
                          ) : null}
                        </span>
                      }
                      data-testid={`text-tab-${language}`}
                    />
                  ))}
                </Tabs>
                {missing.length > 0 ? (
                  <TextField
                    select
                    size="small"
                    label={t('trainingTexts.addLanguage')}
                    value=""
                    onChange={(event) => {
                      const language = event.target.value as TrainingLanguage;
                      setAdded((list) => [...list, language]);
                      setActive(language);
                    }}
                    sx={{ minWidth: 200, mb: { xs: 1, sm: 0 } }}
                    slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'add-language' } as object } }}
                  >
                    {missing.map((language) => (
                      <MenuItem key={language} value={language}>
                        {languageName(language)}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : null}
              </Stack>
              {data.texts.some((text) => text.needsReview) ? (
                <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                  {t('trainingTexts.tabsLegend')}
                </Typography>
              ) : null}
              <Box role="tabpanel" id={`${tabsId}-panel-${current}`} aria-labelledby={`${tabsId}-tab-${current}`}>
                <LanguagePanel
                  key={current}
                  moduleId={moduleId}
                  kind={data.kind}
                  language={current}
                  saved={savedText(current)}
                  draft={drafts[current] ?? draftOf(savedText(current))}
                  onDraft={(draft) => setDrafts((all) => ({ ...all, [current]: draft }))}
                />
              </Box>
            </Box>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('trainingTexts.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};

/** The catalogue's button on an own module that opens its "Texts and translations". */
export const ModuleTextsButton = ({ module }: { module: TrainingModuleSummary }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} aria-label={t('trainingTexts.openOf', { title: module.title })} data-testid="module-texts">
        {t('trainingTexts.open')}
      </Button>
      {open ? <ModuleTextsDialog moduleId={module.id} title={module.title} onClose={() => setOpen(false)} /> : null}
    </>
  );
};
