import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { audienceSchema, maxPolicyMarkdownLength, maxPolicyPdfBytes, type Audience, type PolicySummary } from '@vigil/contracts';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

import { AudienceField } from '../../../components/audience-field';
import { PolicyHtml } from '../../../components/policy-html';
import { messageOf } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { PolicyCreatedWithoutVersion, useCreatePolicy } from '../api/create-policy';
import { usePolicyVersion } from '../api/get-policy-version';
import { usePolicyPreview } from '../api/preview-policy-markdown';
import { usePublishPolicyVersion } from '../api/publish-policy-version';

type EditorForm = { title: string; description: string; audience: Audience; format: 'markdown' | 'pdf'; markdown: string; changeNote: string };

/** The form's rules: a title for a new policy, the text (Markdown), a change note from version 2 on. The PDF is checked on submit. */
const editorSchema = (mode: 'create' | 'version', needsNote: boolean) =>
  z
    .object({
      title: z.string(),
      description: z.string().max(1_000),
      audience: audienceSchema,
      format: z.enum(['markdown', 'pdf']),
      markdown: z.string().max(maxPolicyMarkdownLength),
      changeNote: z.string().max(500),
    })
    .superRefine((form, context) => {
      if (mode === 'create' && form.title.trim().length === 0) context.addIssue({ code: 'custom', path: ['title'], message: 'title' });
      if (form.format === 'markdown' && form.markdown.trim().length === 0) context.addIssue({ code: 'custom', path: ['markdown'], message: 'markdown' });
      if (needsNote && form.changeNote.trim().length === 0) context.addIssue({ code: 'custom', path: ['changeNote'], message: 'changeNote' });
    });

// What the server may name, and where the form shows it (`body` is the uploaded PDF).
const serverFields = ['title', 'description', 'audience', 'audience.ids', 'markdown', 'changeNote', 'querystring.changeNote', 'body'] as const;
type ServerField = (typeof serverFields)[number];

/** The first bytes of a PDF, whatever its name says; the server checks again. */
const looksLikePdf = async (file: File) => (await file.slice(0, 5).text()) === '%PDF-';

type PolicyEditorDialogProps = {
  /** The policy to publish a new version of; absent: a new policy. */
  policy?: PolicySummary;
  onClose: () => void;
};

/**
 * Writes a new policy or a new version of one: Markdown with a preview rendered by the server (as
 * readers will see it), or a PDF upload. A new policy also has a title, a description and who must
 * acknowledge it; a new version of a published policy needs a note saying what changed.
 */
export const PolicyEditorDialog = ({ policy, onClose }: PolicyEditorDialogProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const fileInputId = useId();
  const mode = policy ? 'version' : 'create';
  const current = policy?.currentVersion ?? null;
  const nextVersion = (current?.version ?? 0) + 1;
  const create = useCreatePolicy();
  const publish = usePublishPolicyVersion();
  // A new version of a Markdown policy starts from the current text.
  const currentDocument = usePolicyVersion(policy?.id ?? '', current?.format === 'markdown' ? current.id : undefined);
  const [view, setView] = useState<'write' | 'preview'>('write');
  const [pdf, setPdf] = useState<File | null>(null);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // Set when the policy was created but its PDF refused: publishing again would create it twice.
  const [createdWithoutVersion, setCreatedWithoutVersion] = useState(false);
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<EditorForm>({
    resolver: zodResolver(editorSchema(mode, current !== null)),
    defaultValues: { title: '', description: '', audience: { kind: 'organization' }, format: current?.format ?? 'markdown', markdown: '', changeNote: '' },
  });
  const format = useWatch({ control, name: 'format' });
  const markdown = useWatch({ control, name: 'markdown' });
  const preview = usePolicyPreview(markdown, format === 'markdown' && view === 'preview');

  const startingText = currentDocument.data?.markdown;
  useEffect(() => {
    if (startingText) setValue('markdown', startingText);
  }, [startingText, setValue]);

  const validationText = (error: FieldError | undefined, field: keyof typeof fieldMessages) => {
    if (!error) return undefined;
    if (error.type === 'server' && error.message) return error.message;
    return t(fieldMessages[field]);
  };

  const submit = handleSubmit(async (form) => {
    setFormError(null);
    setPdfError(null);
    if (form.format === 'pdf') {
      const problem = !pdf ? 'policies.editor.validation.pdf' : pdf.size > maxPolicyPdfBytes ? 'policies.editor.validation.pdfSize' : !(await looksLikePdf(pdf)) ? 'policies.editor.validation.pdfType' : null;
      if (problem) {
        setPdfError(t(problem as 'policies.editor.validation.pdf'));
        return;
      }
    }
    try {
      if (policy) {
        await publish.mutateAsync(form.format === 'pdf' ? { id: policy.id, pdf: pdf!, changeNote: form.changeNote.trim() } : { id: policy.id, markdown: form.markdown, changeNote: form.changeNote.trim() });
      } else {
        const body = { title: form.title, description: form.description, audience: form.audience, ...(form.format === 'markdown' ? { markdown: form.markdown } : {}) };
        await create.mutateAsync({ body, ...(form.format === 'pdf' ? { pdf: pdf! } : {}) });
      }
      onClose();
    } catch (error) {
      if (error instanceof PolicyCreatedWithoutVersion) {
        setCreatedWithoutVersion(true);
        setFormError(t('policies.editor.createdWithoutVersion', { message: messageOf(error.cause) }));
        return;
      }
      const placed = applyServerFieldErrors(error, serverFields, (field: ServerField, problem, options) => {
        if (field === 'body') setPdfError(problem.message);
        else setError(field === 'querystring.changeNote' ? 'changeNote' : field === 'audience.ids' ? 'audience' : field, problem, options);
      });
      if (!placed) setFormError(t('policies.editor.failed', { message: messageOf(error) }));
    }
  });

  const audienceError = (errors.audience as { ids?: FieldError } | undefined)?.ids ?? (errors.audience as FieldError | undefined);

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: (event: React.FormEvent) => void submit(event), 'data-testid': 'policy-editor' } as object }}
    >
      <DialogTitle id={titleId}>{policy ? t('policies.editor.versionTitle', { title: policy.title }) : t('policies.editor.createTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          {policy ? null : (
            <>
              <Controller
                name="title"
                control={control}
                render={({ field: { ref, ...field } }) => (
                  <TextField {...field} inputRef={ref} required fullWidth label={t('policies.editor.title')} error={Boolean(errors.title)} helperText={validationText(errors.title, 'title')} />
                )}
              />
              <Controller
                name="description"
                control={control}
                render={({ field: { ref, ...field } }) => (
                  <TextField {...field} inputRef={ref} fullWidth multiline minRows={2} label={t('policies.editor.description')} error={Boolean(errors.description)} helperText={errors.description?.message && errors.description.type === 'server' ? errors.description.message : t('policies.editor.descriptionHelp')} />
                )}
              />
              <Controller
                name="audience"
                control={control}
                render={({ field: { ref, value, onChange } }) => (
                  <AudienceField
                    value={value}
                    onChange={onChange}
                    inputRef={ref}
                    error={validationText(audienceError, 'audience')}
                    chooseText={t('policies.editor.chooseAudience')}
                    renderCount={(counted) => <Typography sx={{ fontWeight: 600 }}>{t('policies.editor.audienceCount', { count: counted.count + counted.withoutEmail })}</Typography>}
                  />
                )}
              />
            </>
          )}
          <Controller
            name="format"
            control={control}
            render={({ field }) => (
              <FormControl>
                <FormLabel id={`${titleId}-format`}>{t('policies.editor.format')}</FormLabel>
                <RadioGroup row aria-labelledby={`${titleId}-format`} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
                  <FormControlLabel value="markdown" control={<Radio />} label={t('policies.editor.markdown')} />
                  <FormControlLabel value="pdf" control={<Radio />} label={t('policies.editor.pdf')} />
                </RadioGroup>
              </FormControl>
            )}
          />
          {format === 'markdown' ? (
            <Box>
              <Tabs value={view} onChange={(_, next: 'write' | 'preview') => setView(next)} aria-label={t('policies.editor.text')} sx={{ mb: 1 }}>
                <Tab value="write" label={t('policies.editor.write')} id={`${titleId}-write`} aria-controls={`${titleId}-write-panel`} />
                <Tab value="preview" label={t('policies.editor.preview')} id={`${titleId}-preview`} aria-controls={`${titleId}-preview-panel`} />
              </Tabs>
              {currentDocument.isFetching ? <Typography sx={{ color: 'text.secondary' }}>{t('policies.editor.loadingCurrent')}</Typography> : null}
              {currentDocument.isError ? <Alert severity="warning">{t('policies.editor.currentFailed', { message: messageOf(currentDocument.error) })}</Alert> : null}
              <Box role="tabpanel" id={`${titleId}-write-panel`} aria-labelledby={`${titleId}-write`} hidden={view !== 'write'}>
                <Controller
                  name="markdown"
                  control={control}
                  render={({ field: { ref, ...field } }) => (
                    <TextField
                      {...field}
                      inputRef={ref}
                      required
                      fullWidth
                      multiline
                      minRows={12}
                      maxRows={24}
                      label={t('policies.editor.text')}
                      error={Boolean(errors.markdown)}
                      helperText={validationText(errors.markdown, 'markdown') ?? t('policies.editor.textHelp')}
                      slotProps={{ htmlInput: { 'data-testid': 'policy-markdown', spellCheck: true } }}
                      sx={{ '& textarea': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.875rem' } }}
                    />
                  )}
                />
              </Box>
              <Box role="tabpanel" id={`${titleId}-preview-panel`} aria-labelledby={`${titleId}-preview`} hidden={view !== 'preview'}>
                {view === 'preview' ? (
                  markdown.trim().length === 0 ? (
                    <Typography sx={{ color: 'text.secondary' }}>{t('policies.editor.previewEmpty')}</Typography>
                  ) : preview.isError ? (
                    <Alert severity="error">{t('policies.editor.previewFailed', { message: messageOf(preview.error) })}</Alert>
                  ) : (
                    <PolicyHtml html={preview.data ?? ''} label={t('policies.editor.previewLabel')} />
                  )
                ) : null}
              </Box>
            </Box>
          ) : (
            <FormControl error={Boolean(pdfError)}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Button component="label" variant="outlined" htmlFor={fileInputId}>
                  {t('policies.editor.chooseFile')}
                  <input
                    id={fileInputId}
                    type="file"
                    accept="application/pdf,.pdf"
                    hidden
                    data-testid="policy-pdf"
                    onChange={(event) => {
                      setPdf(event.target.files?.[0] ?? null);
                      setPdfError(null);
                    }}
                  />
                </Button>
                <Typography>{pdf ? t('policies.editor.fileChosen', { name: pdf.name, size: Math.max(1, Math.round(pdf.size / 1024)) }) : t('policies.editor.noFile')}</Typography>
              </Stack>
              <FormHelperText>{pdfError ?? t('policies.editor.fileHelp')}</FormHelperText>
            </FormControl>
          )}
          {current ? (
            <Controller
              name="changeNote"
              control={control}
              render={({ field: { ref, ...field } }) => (
                <TextField {...field} inputRef={ref} required fullWidth label={t('policies.editor.changeNote')} error={Boolean(errors.changeNote)} helperText={validationText(errors.changeNote, 'changeNote') ?? t('policies.editor.changeNoteHelp')} />
              )}
            />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          {t('policies.editor.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={isSubmitting || createdWithoutVersion} data-testid="policy-publish">
          {policy ? t('policies.editor.publishVersion', { version: nextVersion }) : t('policies.editor.publish')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

const fieldMessages = {
  title: 'policies.editor.validation.title',
  markdown: 'policies.editor.validation.markdown',
  changeNote: 'policies.editor.validation.changeNote',
  audience: 'policies.editor.validation.audience',
} as const;
