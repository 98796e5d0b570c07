import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { createModuleRequestBodySchema, trainingLanguages, type ModuleRequestStatus } from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

import { EmptyState } from '../../../components/empty-state';
import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { SectionCard } from '../../../components/section-card';
import { messageOf } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useCreateModuleRequest } from '../api/create-module-request';
import { useModuleRequests } from '../api/get-module-requests';
import { dayAfter } from '../training-admin-format';
import { useAdminFormat } from '../use-admin-format';
import { useDayFormat } from './use-day-format';

// The contract's body, with the date input's empty text as "no date" and the length as typed.
const shape = createModuleRequestBodySchema.shape;
const requestFormSchema = z.object({
  topic: shape.topic,
  objectives: shape.objectives,
  audience: z.string().trim().max(300),
  languages: shape.languages,
  minutes: z.number().int().min(1).max(60),
  wantedBy: z.string().refine((day) => day === '' || (/^\d{4}-\d{2}-\d{2}$/.test(day) && day >= dayAfter(new Date(), 0))),
  notes: z.string().trim().max(4_000),
});
type RequestForm = z.infer<typeof requestFormSchema>;

const serverFields = ['topic', 'objectives', 'audience', 'languages', 'minutes', 'wantedBy', 'notes'] as const;
type Field = 'topic' | 'objectives' | 'languages' | 'minutes' | 'wantedBy';

const errorText = (t: TFunction, error: FieldError | undefined, field: Field) => {
  if (!error) return undefined;
  if (error.type === 'server' && error.message) return error.message;
  return t(`trainingCadence.requests.validation.${field}`);
};

const emptyForm: RequestForm = { topic: '', objectives: '', audience: '', languages: ['en_us'], minutes: 4, wantedBy: '', notes: '' };

const statusColor: Record<ModuleRequestStatus, 'default' | 'info' | 'success' | 'error'> = { requested: 'default', in_review: 'info', done: 'success', declined: 'error' };

/** The request form: what the module should teach, for whom, in which languages, how long, by when. */
const ModuleRequestForm = () => {
  const { t } = useTranslation();
  const create = useCreateModuleRequest();
  const languagesId = useId();
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<RequestForm>({ resolver: zodResolver(requestFormSchema), defaultValues: emptyForm });

  const submit = handleSubmit(async ({ wantedBy, ...values }) => {
    setSent(false);
    setFormError(null);
    try {
      await create.mutateAsync({ ...values, wantedBy: wantedBy === '' ? null : wantedBy });
      reset(emptyForm);
      setSent(true);
    } catch (error) {
      if (!applyServerFieldErrors(error, serverFields, (field, problem, options) => setError(field, problem, options))) setFormError(messageOf(error));
    }
  });

  const languagesError = (errors.languages as FieldError | undefined) ?? (errors.languages as FieldError[] | undefined)?.find(Boolean);

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} data-testid="module-request-form">
      <Stack spacing={3}>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        {sent ? (
          <Alert severity="success" role="status">
            {t('trainingCadence.requests.sent')}
          </Alert>
        ) : null}
        <TextField required label={t('trainingCadence.requests.topic')} {...register('topic')} error={Boolean(errors.topic)} helperText={errorText(t, errors.topic, 'topic') ?? t('trainingCadence.requests.topicHelp')} />
        <TextField required multiline minRows={3} label={t('trainingCadence.requests.objectives')} {...register('objectives')}
          error={Boolean(errors.objectives)} helperText={errorText(t, errors.objectives, 'objectives') ?? t('trainingCadence.requests.objectivesHelp')} />
        <TextField label={t('trainingCadence.requests.audience')} {...register('audience')} helperText={errors.audience?.message ?? t('trainingCadence.requests.audienceHelp')} error={Boolean(errors.audience)} />
        <Controller
          name="languages"
          control={control}
          render={({ field }) => (
            <FormControl component="fieldset" error={Boolean(languagesError)} aria-describedby={`${languagesId}-help`}>
              <FormLabel component="legend" required>
                {t('trainingCadence.requests.languages')}
              </FormLabel>
              <FormGroup row>
                {trainingLanguages.map((language) => (
                  <FormControlLabel
                    key={language}
                    label={t(`trainingAdmin.languages.${language}`)}
                    control={
                      <Checkbox
                        checked={field.value.includes(language)}
                        onChange={(event) => field.onChange(event.target.checked ? [...field.value, language] : field.value.filter((chosen) => chosen !== language))}
                      />
                    }
                  />
                ))}
              </FormGroup>
              <FormHelperText id={`${languagesId}-help`}>{errorText(t, languagesError, 'languages') ?? t('trainingCadence.requests.languagesHelp')}</FormHelperText>
            </FormControl>
          )}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField type="number" required label={t('trainingCadence.requests.minutes')} {...register('minutes', { valueAsNumber: true })}
            error={Boolean(errors.minutes)} helperText={errorText(t, errors.minutes, 'minutes') ?? t('trainingCadence.requests.minutesHelp')}
            slotProps={{ htmlInput: { min: 1, max: 60, step: 1 } }} sx={{ flex: 1 }} />
          <TextField type="date" label={t('trainingCadence.requests.wantedBy')} {...register('wantedBy')}
            error={Boolean(errors.wantedBy)} helperText={errorText(t, errors.wantedBy, 'wantedBy') ?? t('trainingCadence.requests.wantedByHelp')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: dayAfter(new Date(), 0) } }} sx={{ flex: 1 }} />
        </Stack>
        <TextField multiline minRows={2} label={t('trainingCadence.requests.notes')} {...register('notes')} error={Boolean(errors.notes)} helperText={errors.notes?.message ?? t('trainingCadence.requests.notesHelp')} />
        <Box>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('trainingCadence.requests.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
};

/** The organisation's past requests with their status. */
const ModuleRequestList = () => {
  const { t } = useTranslation();
  const requests = useModuleRequests();
  const format = useAdminFormat();
  const days = useDayFormat();
  const columns = ['topic', 'languages', 'minutes', 'wantedBy', 'status', 'requested'] as const;
  if (requests.isPending) return <LinearProgress aria-label={t('trainingCadence.requests.tableLabel')} />;
  if (requests.isError) return <Alert severity="error">{t('trainingCadence.requests.loadFailed', { message: messageOf(requests.error) })}</Alert>;
  if (requests.data.length === 0) return <EmptyState testId="module-requests-empty">{t('trainingCadence.requests.empty')}</EmptyState>;
  return (
    <ScrollableTableContainer label={t('trainingCadence.requests.tableLabel')}>
      <Table size="small" aria-label={t('trainingCadence.requests.tableLabel')}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column}>{t(`trainingCadence.requests.columns.${column}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {requests.data.map((request) => (
            <TableRow key={request.id} data-testid="module-request-row">
              <TableCell>{request.topic}</TableCell>
              <TableCell>{format.list(request.languages.map((language) => t(`trainingAdmin.languages.${language}`)))}</TableCell>
              <TableCell>{t('trainingAdmin.minutes', { count: request.minutes })}</TableCell>
              <TableCell>{request.wantedBy ? days.day(request.wantedBy) : t('trainingCadence.requests.noDate')}</TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" color={statusColor[request.status]} label={t(`trainingCadence.requests.statuses.${request.status}`)} />
              </TableCell>
              <TableCell>{request.requestedBy ? t('trainingCadence.requests.requestedBy', { date: format.date(request.createdAt), name: request.requestedBy }) : format.date(request.createdAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollableTableContainer>
  );
};

/** /configure/trainings/request/: ask for a custom module, and follow past requests. */
export const ModuleRequests = () => {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <SectionCard title={t('trainingCadence.requests.title')} intro={t('trainingCadence.requests.intro')} testId="module-request">
        <ModuleRequestForm />
      </SectionCard>
      <SectionCard title={t('trainingCadence.requests.listTitle')} testId="module-requests">
        <ModuleRequestList />
      </SectionCard>
    </Stack>
  );
};
