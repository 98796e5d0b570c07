import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { trainingLanguages, trainingTopics, type TrainingLanguage, type TrainingTopic } from '@vigil/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { messageOf } from '../../../lib/api-client';
import { formatFileSize } from '../../../lib/format-file-size';
import { readServerFieldErrors } from '../../../lib/server-field-errors';
import { uploadTypeOf, useUploadOwnModule } from '../api/upload-own-module';

type Field = 'file' | 'title' | 'summary' | 'topic' | 'minutes' | 'languages' | 'captions';

/** Where the server's field names land: the body is the file; the query holds the words. */
const fieldOf = (field: string): Field | undefined => {
  if (field === 'body') return 'file';
  if (field === 'captions' || field.startsWith('params.')) return 'captions';
  const name = field.replace(/^querystring\./, '').split('.')[0];
  return (['title', 'summary', 'topic', 'minutes', 'languages'] as const).find((candidate) => candidate === name);
};

/**
 * "Add module": an MP4 video or a SCORM package uploaded as an own module, with its title, summary,
 * topic, length and languages. The upload shows its progress; the server's verdict on the file (not
 * an MP4, a package with a `../` path or a program, too large) is shown on the file field.
 */
export const AddModuleDialog = ({ onClose }: { onClose: () => void }) => {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const fileId = useId();
  const fileHelpId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState(0);
  const upload = useUploadOwnModule(setProgress);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [summary, setSummary] = useState('');
  const [topic, setTopic] = useState<TrainingTopic>('phishing-basics');
  const [minutes, setMinutes] = useState('5');
  const [languages, setLanguages] = useState<TrainingLanguage[]>(['en_us']);
  const [captions, setCaptions] = useState<Partial<Record<TrainingLanguage, File>>>({});
  const isVideo = !!file && uploadTypeOf(file) === 'video/mp4';
  const [clientErrors, setClientErrors] = useState<Partial<Record<Field, string>>>({});

  const serverErrors: Partial<Record<Field, string>> = {};
  for (const issue of readServerFieldErrors(upload.error, 'querystring.')) {
    const field = fieldOf(issue.field);
    if (field && !serverErrors[field]) serverErrors[field] = issue.problem;
  }
  const errorOf = (field: Field) => clientErrors[field] ?? serverErrors[field];
  const unplaced = upload.isError && Object.keys(serverErrors).length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const contentType = file ? uploadTypeOf(file) : undefined;
    const problems: Partial<Record<Field, string>> = {};
    if (!file) problems.file = t('trainingContent.add.fileRequired');
    else if (!contentType) problems.file = t('trainingContent.add.wrongType');
    if (languages.length === 0) problems.languages = t('trainingContent.add.languagesRequired');
    setClientErrors(problems);
    if (Object.keys(problems).length > 0 || !file || !contentType) {
      if (problems.file) fileInput.current?.focus();
      return;
    }
    setProgress(0);
    upload.mutate({ file, contentType, title: title.trim(), summary: summary.trim(), topic, minutes: Number(minutes), languages, captions }, { onSuccess: onClose });
  };

  const toggleLanguage = (language: TrainingLanguage, on: boolean) =>
    setLanguages((current) => (on ? trainingLanguages.filter((code) => code === language || current.includes(code)) : current.filter((code) => code !== language)));

  return (
    <Dialog open onClose={upload.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit} data-testid="add-module-form">
        <DialogTitle id={titleId}>{t('trainingContent.add.title')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            <Typography variant="body2">{t('trainingContent.add.intro')}</Typography>
            <FormControl error={!!errorOf('file')}>
              <FormLabel htmlFor={fileId}>{t('trainingContent.add.file')}</FormLabel>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
                <Button variant="outlined" onClick={() => fileInput.current?.click()} disabled={upload.isPending}>
                  {t('trainingContent.add.choose')}
                </Button>
                <Typography variant="body2" data-testid="add-module-file-name">
                  {file ? t('trainingContent.add.chosen', { name: file.name, size: formatFileSize(file.size, i18n.language) }) : null}
                </Typography>
              </Stack>
              <input
                ref={fileInput}
                id={fileId}
                type="file"
                accept=".mp4,.m4v,.zip,video/mp4,application/zip"
                aria-describedby={fileHelpId}
                aria-invalid={!!errorOf('file')}
                data-testid="add-module-file"
                style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setClientErrors((current) => ({ ...current, file: undefined }));
                  upload.reset();
                }}
              />
              <FormHelperText id={fileHelpId} data-testid="add-module-file-error">
                {errorOf('file') ?? t('trainingContent.add.fileHelp')}
              </FormHelperText>
            </FormControl>
            <TextField label={t('trainingContent.add.moduleTitle')} value={title} onChange={(event) => setTitle(event.target.value)} error={!!errorOf('title')}
              helperText={errorOf('title') ?? t('trainingContent.add.moduleTitleHelp')} slotProps={{ htmlInput: { maxLength: 120 } }} />
            <TextField label={t('trainingContent.add.summary')} value={summary} onChange={(event) => setSummary(event.target.value)} error={!!errorOf('summary')}
              helperText={errorOf('summary') ?? t('trainingContent.add.summaryHelp')} multiline minRows={2} slotProps={{ htmlInput: { maxLength: 400 } }} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField select label={t('trainingContent.add.topic')} value={topic} onChange={(event) => setTopic(event.target.value as TrainingTopic)} error={!!errorOf('topic')}
                helperText={errorOf('topic')} sx={{ flex: 2 }}>
                {trainingTopics.map((code) => (
                  <MenuItem key={code} value={code}>
                    {t(`trainingAdmin.topics.${code}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField type="number" label={t('trainingContent.add.minutes')} value={minutes} onChange={(event) => setMinutes(event.target.value)} error={!!errorOf('minutes')}
                helperText={errorOf('minutes')} sx={{ flex: 1 }} slotProps={{ htmlInput: { min: 1, max: 60 } }} />
            </Stack>
            <FormControl component="fieldset" error={!!errorOf('languages')}>
              <FormLabel component="legend">{t('trainingContent.add.languages')}</FormLabel>
              <FormGroup row>
                {trainingLanguages.map((code) => (
                  <FormControlLabel key={code} control={<Checkbox checked={languages.includes(code)} onChange={(event) => toggleLanguage(code, event.target.checked)} />}
                    label={t(`trainingAdmin.languages.${code}`)} />
                ))}
              </FormGroup>
              <FormHelperText>{errorOf('languages') ?? t('trainingContent.add.languagesHelp')}</FormHelperText>
            </FormControl>
            {isVideo ? (
              <Stack spacing={1} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                <FormLabel component="legend">{t('trainingContent.add.captions')}</FormLabel>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('trainingContent.add.captionsHelp')}
                </Typography>
                {languages.map((code) => (
                  <Stack key={code} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                    <Typography component="label" variant="body2" htmlFor={`${fileId}-${code}`} sx={{ minWidth: 160 }}>
                      {t('trainingContent.add.captionsIn', { language: t(`trainingAdmin.languages.${code}`) })}
                    </Typography>
                    <input id={`${fileId}-${code}`} type="file" accept=".vtt,text/vtt" data-testid={`add-module-captions-${code}`}
                      onChange={(event) => setCaptions((current) => ({ ...current, [code]: event.target.files?.[0] }))} />
                  </Stack>
                ))}
                {errorOf('captions') ? <FormHelperText error>{errorOf('captions')}</FormHelperText> : null}
              </Stack>
            ) : null}
            {upload.isPending ? (
              <Box aria-live="polite">
                <LinearProgress variant={progress < 1 ? 'determinate' : 'indeterminate'} value={Math.round(progress * 100)} aria-label={t('trainingContent.add.progressLabel')} data-testid="add-module-progress" />
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {progress < 1 ? t('trainingContent.add.uploading', { percent: Math.round(progress * 100) }) : t('trainingContent.add.checking')}
                </Typography>
              </Box>
            ) : null}
            {unplaced ? <Alert severity="error">{t('trainingContent.add.failed', { message: messageOf(upload.error) })}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={upload.isPending}>
            {t('trainingContent.add.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={upload.isPending}>
            {t('trainingContent.add.upload')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
