import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  attackVectors,
  createPhishingTemplateBodySchema,
  isAttachmentVector,
  phishCueCategories,
  premiseAlignments,
  templateCategories,
  templateLanguages,
  templateVariables,
  type CreatePhishingTemplateBody,
  type CreatePhishingTemplateInput,
  type PhishingTemplate,
  type SavedPhishingTemplate,
  type TemplateLanguage,
} from '@vigil/contracts';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { CloseIcon } from '../../../components/icons';
import { messageOf } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useLandingPages } from '../api/get-landing-pages';
import { useSavePhishingTemplate } from '../api/save-phishing-template';
import { SandboxedFrame } from './sandboxed-frame';

type TemplateEditorDialogProps = {
  /** The organisation's own template to change; absent for a new one. */
  template?: PhishingTemplate;
  onClose: () => void;
  onSaved: (saved: SavedPhishingTemplate) => void;
};

const blankWords = { name: '', scenario: '', fromName: '', subject: '', html: '<p>Hello {{first_name}},</p>\n<p><a href="{{link}}"></a></p>', text: 'Hello {{first_name}},\n\n{{link}}', redFlags: [] };

const valuesOf = (template?: PhishingTemplate): CreatePhishingTemplateInput =>
  template
    ? {
        category: template.category,
        vector: template.vector,
        landingPageId: template.landingPageId,
        fromAddress: template.fromAddress,
        phishScale: template.phishScale,
        status: template.status,
        texts: template.texts,
      }
    : {
        category: 'it-password',
        vector: 'email-link',
        landingPageId: null,
        fromAddress: 'it-desk@{{sender_domain}}',
        phishScale: { cues: { errors: 0, technical: 1, visual: 0, language: 1, tactics: 1 }, premiseAlignment: 'medium' },
        status: 'draft',
        texts: { en_us: blankWords },
      };

// The form only shows the parts a vector has; what it does not have is left out of the request.
const forVector = (body: CreatePhishingTemplateBody): CreatePhishingTemplateBody => {
  const mail = body.vector !== 'sms';
  const texts = Object.fromEntries(
    Object.entries(body.texts).map(([language, words]) => [
      language,
      {
        ...words,
        ...(mail ? { sms: undefined } : { fromName: undefined, subject: undefined, html: undefined, text: undefined }),
        ...(isAttachmentVector(body.vector) ? {} : { attachment: undefined }),
      },
    ]),
  );
  return { ...body, fromAddress: mail ? body.fromAddress : null, landingPageId: body.vector === 'credential-harvest' ? body.landingPageId : null, texts };
};

/** Creates or edits an own template: its details, its words in one language with a live preview that runs nothing, its red flags and difficulty cues. */
export const TemplateEditorDialog = ({ template, onClose, onSaved }: TemplateEditorDialogProps) => {
  const { t } = useTranslation();
  const save = useSavePhishingTemplate();
  const landingPages = useLandingPages();
  const [formError, setFormError] = useState<string | null>(null);
  const [language, setLanguage] = useState<TemplateLanguage>(template?.language ?? 'en_us');
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<CreatePhishingTemplateInput, unknown, CreatePhishingTemplateBody>({
    resolver: zodResolver(createPhishingTemplateBodySchema),
    defaultValues: valuesOf(template),
  });
  const vector = useWatch({ control, name: 'vector' });
  const html = useWatch({ control, name: `texts.${language}.html` }) ?? '';
  const flags = useFieldArray({ control, name: `texts.${language}.redFlags` });
  const words = `texts.${language}` as const;
  const wordErrors = errors.texts?.[language];
  const fieldPaths = [
    'category', 'vector', 'landingPageId', 'fromAddress', 'status', `${words}.name`, `${words}.scenario`, `${words}.fromName`, `${words}.subject`, `${words}.html`, `${words}.text`, `${words}.sms`,
  ] as FieldPath<CreatePhishingTemplateInput>[];

  const submit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      onSaved(await save.mutateAsync({ id: template?.id, body: forVector(body) }));
    } catch (error) {
      if (!applyServerFieldErrors(error, fieldPaths, setError)) setFormError(messageOf(error));
    }
  });

  const switchLanguage = (next: TemplateLanguage) => {
    // A language the template does not have yet starts from the words of the current one.
    if (!getValues(`texts.${next}`)) setValue(`texts.${next}`, { ...getValues(`texts.${language}`)! });
    setLanguage(next);
  };

  const textField = (name: 'name' | 'scenario' | 'fromName' | 'subject' | 'text' | 'sms', options: { multiline?: boolean; rows?: number } = {}) => (
    <TextField
      label={t(`phishingTemplates.editor.${name}`)}
      {...register(`${words}.${name}`)}
      error={Boolean(wordErrors?.[name])}
      helperText={wordErrors?.[name]?.message}
      fullWidth
      {...options}
    />
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="template-editor-title">
      <DialogTitle id="template-editor-title">{t(template ? 'phishingTemplates.editor.editTitle' : 'phishingTemplates.editor.createTitle')}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent dividers>
          <Stack spacing={2}>
            {formError && <Alert severity="error">{formError}</Alert>}
            <Typography variant="h6" component="h3">
              {t('phishingTemplates.editor.details')}
            </Typography>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <Controller
                control={control}
                name="category"
                render={({ field }) => (
                  <TextField select fullWidth label={t('phishingTemplates.filters.category')} {...field}>
                    {templateCategories.map((category) => (
                      <MenuItem key={category} value={category}>
                        {t(`phishingTemplates.categories.${category}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={control}
                name="vector"
                render={({ field }) => (
                  <TextField select fullWidth label={t('phishingTemplates.filters.vector')} {...field}>
                    {attackVectors.map((option) => (
                      <MenuItem key={option} value={option}>
                        {t(`phishingTemplates.vectors.${option}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={control}
                name="status"
                render={({ field }) => (
                  <TextField select fullWidth label={t('phishingTemplates.editor.status')} {...field}>
                    {(['active', 'draft'] as const).map((status) => (
                      <MenuItem key={status} value={status}>
                        {t(`phishingTemplates.editor.statuses.${status}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              {vector !== 'sms' && (
                <TextField
                  label={t('phishingTemplates.editor.fromAddress')}
                  {...register('fromAddress')}
                  error={Boolean(errors.fromAddress)}
                  helperText={errors.fromAddress?.message ?? t('phishingTemplates.editor.fromAddressHelp', { sender_domain: '{{sender_domain}}', interpolation: { escapeValue: false } })}
                  fullWidth
                />
              )}
              {vector === 'credential-harvest' && (
                <Controller
                  control={control}
                  name="landingPageId"
                  render={({ field, fieldState }) => (
                    <TextField select fullWidth label={t('phishingTemplates.editor.landingPage')} {...field} value={field.value ?? ''} error={Boolean(fieldState.error)} helperText={fieldState.error?.message}>
                      {(landingPages.data?.items ?? []).map((page) => (
                        <MenuItem key={page.id} value={page.id}>
                          {page.name}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              )}
            </Stack>

            <Typography variant="subtitle2">{t('phishingTemplates.editor.difficultyCues')}</Typography>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {phishCueCategories.map((cue) => (
                <TextField
                  key={cue}
                  type="number"
                  label={t(`phishingTemplates.cues.${cue}`)}
                  {...register(`phishScale.cues.${cue}`, { valueAsNumber: true })}
                  slotProps={{ htmlInput: { min: 0, max: 20 } }}
                  sx={{ minWidth: 170, flex: 1 }}
                  error={Boolean(errors.phishScale?.cues?.[cue])}
                  helperText={errors.phishScale?.cues?.[cue]?.message}
                />
              ))}
              <Controller
                control={control}
                name="phishScale.premiseAlignment"
                render={({ field }) => (
                  <TextField select sx={{ minWidth: 320, flex: 2 }} label={t('phishingTemplates.premise.label')} {...field}>
                    {premiseAlignments.map((level) => (
                      <MenuItem key={level} value={level}>
                        {t(`phishingTemplates.premise.${level}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>

            <Divider />
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
                {t('phishingTemplates.editor.words', { language: t(`phishingTemplates.languages.${language}`) })}
              </Typography>
              <TextField select size="small" label={t('phishingTemplates.filters.language')} value={language} onChange={(event) => switchLanguage(event.target.value as TemplateLanguage)} sx={{ minWidth: 200 }}>
                {templateLanguages.map((code) => (
                  <MenuItem key={code} value={code}>
                    {t(`phishingTemplates.languages.${code}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <Stack key={language} spacing={2}>
              {textField('name')}
              {textField('scenario', { multiline: true, rows: 2 })}
              {vector === 'sms' ? (
                textField('sms', { multiline: true, rows: 3 })
              ) : (
                <>
                  <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                    {textField('fromName')}
                    {textField('subject')}
                  </Stack>
                  <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                    <TextField
                      label={t('phishingTemplates.editor.html')}
                      {...register(`${words}.html`)}
                      error={Boolean(wordErrors?.html)}
                      helperText={wordErrors?.html?.message ?? t('phishingTemplates.editor.htmlHelp', { link: '{{link}}', variables: templateVariables.map((name) => `{{${name}}}`).join(' '), interpolation: { escapeValue: false } })}
                      multiline
                      minRows={12}
                      fullWidth
                      slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
                    />
                    <Box sx={{ width: '100%' }}>
                      <SandboxedFrame html={html} title={t('phishingTemplates.editor.livePreview')} height={320} />
                    </Box>
                  </Stack>
                  {textField('text', { multiline: true, rows: 5 })}
                  {isAttachmentVector(vector) && (
                    <>
                      <TextField label={t('phishingTemplates.editor.attachmentFileName')} {...register(`${words}.attachment.fileName`)} error={Boolean(wordErrors?.attachment)} helperText={wordErrors?.attachment?.message ?? wordErrors?.attachment?.fileName?.message} />
                      <TextField label={t('phishingTemplates.editor.attachmentHtml')} {...register(`${words}.attachment.html`)} multiline minRows={4} error={Boolean(wordErrors?.attachment?.html)} helperText={wordErrors?.attachment?.html?.message} />
                    </>
                  )}
                </>
              )}

              <Typography variant="subtitle1" component="h4">
                {t('phishingTemplates.editor.redFlags')}
              </Typography>
              {wordErrors?.redFlags?.message && <Alert severity="error">{wordErrors.redFlags.message}</Alert>}
              {flags.fields.map((flag, index) => (
                <Stack key={flag.id} direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' } }}>
                  <Controller
                    control={control}
                    name={`${words}.redFlags.${index}.cue`}
                    render={({ field }) => (
                      <TextField select label={t('phishingTemplates.editor.cue')} {...field} sx={{ minWidth: 180 }}>
                        {phishCueCategories.map((cue) => (
                          <MenuItem key={cue} value={cue}>
                            {t(`phishingTemplates.cues.${cue}`)}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  />
                  <TextField label={t('phishingTemplates.editor.flagTitle')} {...register(`${words}.redFlags.${index}.title`)} error={Boolean(wordErrors?.redFlags?.[index]?.title)} helperText={wordErrors?.redFlags?.[index]?.title?.message} sx={{ minWidth: 220 }} />
                  <TextField label={t('phishingTemplates.editor.explanation')} {...register(`${words}.redFlags.${index}.explanation`)} error={Boolean(wordErrors?.redFlags?.[index]?.explanation)} helperText={wordErrors?.redFlags?.[index]?.explanation?.message} multiline fullWidth />
                  <IconButton aria-label={t('phishingTemplates.editor.removeRedFlag', { number: index + 1 })} onClick={() => flags.remove(index)}>
                    <CloseIcon />
                  </IconButton>
                </Stack>
              ))}
              <Box>
                <Button disabled={flags.fields.length >= 6} onClick={() => flags.append({ cue: 'tactics', title: '', explanation: '' })}>
                  {t('phishingTemplates.editor.addRedFlag')}
                </Button>
              </Box>
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('phishingTemplates.editor.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t(isSubmitting ? 'phishingTemplates.editor.saving' : 'phishingTemplates.editor.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
