import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TrainingLanguage, TrainingModuleDetail, TrainingModuleSummary } from '@vigil/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ScormFrame } from '../../../components/scorm-frame';
import { messageOf } from '../../../lib/api-client';
import { useTrainingModule } from '../api/get-training-module';
import { useAdminFormat } from '../use-admin-format';

type Slide = TrainingModuleDetail['slides'][number];

/** The mock message a slide shows, with its tell-tale lines marked and explained. */
const SlideExample = ({ example }: { example: NonNullable<Slide['example']> }) => {
  const { t } = useTranslation();
  const flagsByLine = new Map<number, string[]>();
  for (const flag of example.flags) flagsByLine.set(flag.line, [...(flagsByLine.get(flag.line) ?? []), flag.note]);
  return (
    <Paper variant="outlined" sx={{ p: 2, bgcolor: 'action.hover' }} data-testid="slide-example">
      <Typography variant="subtitle2" component="p">
        {t(`trainingAdmin.preview.example.${example.kind}`)}
      </Typography>
      {example.from ? <Typography variant="body2">{t('trainingAdmin.preview.from', { from: example.from })}</Typography> : null}
      {example.subject ? <Typography variant="body2">{t('trainingAdmin.preview.subject', { subject: example.subject })}</Typography> : null}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {example.lines.map((line, index) => {
          const notes = flagsByLine.get(index) ?? [];
          return (
            <Box component="li" key={index} sx={{ py: 0.25 }}>
              {notes.length > 0 ? (
                <Box component="mark" sx={{ bgcolor: 'warning.light', color: 'text.primary', px: 0.5, borderRadius: 0.5 }}>
                  {line}
                </Box>
              ) : (
                <Typography component="span" variant="body2">
                  {line}
                </Typography>
              )}
              {notes.map((note) => (
                <Typography key={note} variant="body2" sx={{ color: 'warning.dark', fontWeight: 600, display: 'block' }}>
                  {t('trainingAdmin.preview.flag', { note })}
                </Typography>
              ))}
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
};

/** The lesson as the admin checks it: video, every slide, and the quiz with its answers. */
const ModuleContent = ({ module }: { module: TrainingModuleDetail }) => {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const slidesId = useId();
  const quizId = useId();
  return (
    <Stack spacing={3}>
      {module.scorm ? (
        <Box component="section" aria-label={t('trainingContent.kind.scorm')}>
          <Typography variant="body2" sx={{ mb: 1, color: 'text.secondary' }}>
            {t('trainingContent.player.previewNote')}
          </Typography>
          <ScormFrame launch={module.scorm} title={t('trainingContent.player.frameTitle', { title: module.title })} />
        </Box>
      ) : null}
      {module.scorm ? null : <Box component="section" aria-label={t('trainingAdmin.preview.video')}>
        {module.media.videoUrl ? (
          // The browser's own player (keyboard, captions menu); the learner's player adds the rules.
          <Box
            component="video"
            controls
            preload="none"
            poster={module.media.posterUrl ?? undefined}
            src={module.media.videoUrl}
            aria-label={t('trainingAdmin.preview.videoLabel', { title: module.title })}
            sx={{ width: '100%', maxHeight: 360, bgcolor: 'common.black', borderRadius: 1 }}
          >
            {module.media.captions.map((track) => (
              <track key={track.language} kind="captions" src={track.url} srcLang={track.language.slice(0, 2)} label={t(`trainingAdmin.languages.${track.language}`)}
                default={track.language === module.language} />
            ))}
          </Box>
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>{t('trainingAdmin.preview.noVideo')}</Typography>
        )}
      </Box>}
      <Box component="section" aria-labelledby={slidesId}>
        <Typography id={slidesId} variant="h3" sx={{ fontSize: '1.125rem', mb: 1 }}>
          {t('trainingAdmin.preview.slides')}
        </Typography>
        <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {module.slides.map((slide, index) => (
            <Box component="li" key={index} data-testid="preview-slide">
              <Typography variant="h4" sx={{ fontSize: '1rem', fontWeight: 600 }}>
                {t('trainingAdmin.preview.slide', { number: index + 1, heading: slide.heading })}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('trainingAdmin.preview.slideTime', { from: format.clock(slide.startSeconds), to: format.clock(slide.endSeconds) })}
              </Typography>
              <Box component="ul" sx={{ my: 1, pl: 3 }}>
                {slide.points.map((point) => (
                  <li key={point}>
                    <Typography>{point}</Typography>
                  </li>
                ))}
              </Box>
              {slide.example ? <SlideExample example={slide.example} /> : null}
            </Box>
          ))}
        </Stack>
      </Box>
      <Box component="section" aria-labelledby={quizId}>
        <Typography id={quizId} variant="h3" sx={{ fontSize: '1.125rem', mb: 1 }}>
          {t('trainingAdmin.preview.quiz')}
        </Typography>
        <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {module.quiz.map((question, index) => (
            <Box component="li" key={index} data-testid="preview-question">
              <Typography sx={{ fontWeight: 600 }}>{t('trainingAdmin.preview.question', { number: index + 1, question: question.question })}</Typography>
              <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
                {question.choices.map((choice, choiceIndex) => (
                  <li key={choiceIndex} data-correct={choiceIndex === question.answer ? 'true' : undefined}>
                    {choiceIndex === question.answer ? (
                      <Typography component="span" sx={{ fontWeight: 700, color: 'success.dark' }}>
                        {choice} {t('trainingAdmin.preview.rightAnswer')}
                      </Typography>
                    ) : (
                      <Typography component="span">{choice}</Typography>
                    )}
                  </li>
                ))}
              </Box>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('trainingAdmin.preview.explanation', { explanation: question.explanation })}
              </Typography>
            </Box>
          ))}
        </Stack>
      </Box>
    </Stack>
  );
};

type ModulePreviewDialogProps = {
  module: TrainingModuleSummary;
  /** The language to start in (the catalogue's language filter, when set). */
  initialLanguage?: TrainingLanguage;
  onClose: () => void;
  onAssign: (module: TrainingModuleSummary) => void;
};

/** A module's preview (GET /api/training-modules/{id}/?language=), one language at a time. */
export const ModulePreviewDialog = ({ module, initialLanguage, onClose, onAssign }: ModulePreviewDialogProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const [language, setLanguage] = useState<TrainingLanguage>(
    initialLanguage && module.languages.includes(initialLanguage) ? initialLanguage : module.languages.includes('en_us') ? 'en_us' : (module.languages[0] ?? 'en_us'),
  );
  const detail = useTrainingModule(module.id, language);
  const shown = detail.data;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{shown?.title ?? module.title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
            <Typography sx={{ color: 'text.secondary' }}>
              {t('trainingAdmin.preview.facts', { minutes: t('trainingAdmin.minutes', { count: module.minutes }), passScore: module.passScore, version: module.version })}
            </Typography>
            <TextField select size="small" label={t('trainingAdmin.preview.language')} value={language} onChange={(event) => setLanguage(event.target.value as TrainingLanguage)}
              sx={{ minWidth: 200 }} slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'preview-language' } as object } }}>
              {module.languages.map((code) => (
                <MenuItem key={code} value={code}>
                  {t(`trainingAdmin.languages.${code}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Typography>{shown?.summary ?? module.summary}</Typography>
          {detail.isFetching ? <LinearProgress aria-label={t('trainingAdmin.preview.loading')} /> : null}
          {detail.isError ? <Alert severity="error">{t('trainingAdmin.preview.loadFailed', { message: messageOf(detail.error) })}</Alert> : null}
          {shown && shown.language !== language && !detail.isPlaceholderData ? (
            <Alert severity="info">
              {t('trainingAdmin.preview.fellBack', { language: t(`trainingAdmin.languages.${language}`), shown: t(`trainingAdmin.languages.${shown.language}`) })}
            </Alert>
          ) : null}
          {shown ? <ModuleContent module={shown} /> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('trainingAdmin.preview.close')}</Button>
        <Button variant="contained" onClick={() => onAssign(module)}>
          {t('trainingAdmin.catalogue.assign')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
