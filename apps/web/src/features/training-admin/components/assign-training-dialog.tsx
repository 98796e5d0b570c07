import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { audienceSchema, createTrainingAssignmentsBodySchema, type Audience } from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

import { AudienceField } from '../../../components/audience-field';
import { messageOf } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useCreateTrainingAssignments, type CreateTrainingAssignmentsResult } from '../api/create-training-assignments';
import { useTrainingModules } from '../api/get-training-modules';
import { dayAfter, defaultDueInDays, dueAtOf } from '../training-admin-format';

// The form holds a day (a date input); the API takes the moment that day ends, on the admin's clock.
const assignFormSchema = z.object({
  moduleId: createTrainingAssignmentsBodySchema.shape.moduleId,
  audience: audienceSchema,
  dueDate: z.string().refine((day) => {
    const dueAt = dueAtOf(day);
    return dueAt !== undefined && new Date(dueAt).getTime() > Date.now();
  }),
});
type AssignForm = z.infer<typeof assignFormSchema>;

// What the server may name, and where the form shows it.
const serverFields = ['moduleId', 'audience', 'audience.ids', 'dueAt'] as const;
type ServerField = (typeof serverFields)[number];
const formFieldOf = (field: ServerField) => (field === 'dueAt' ? 'dueDate' : field);

const errorText = (t: TFunction, error: FieldError | undefined, field: 'module' | 'audience' | 'dueDate') => {
  if (!error) return undefined;
  if (error.type === 'server' && error.message) return error.message;
  return t(`trainingAdmin.assign.validation.${field}`);
};

/** "12 assigned, 3 already had it." */
export const ResultMessage = ({ result }: { result: CreateTrainingAssignmentsResult }) => {
  const { t } = useTranslation();
  return (
    <Alert severity="success" data-testid="assign-result">
      {t('trainingAdmin.assign.result', {
        assigned: t('trainingAdmin.assign.assigned', { count: result.assigned }),
        already: t('trainingAdmin.assign.already', { count: result.alreadyAssigned }),
      })}
    </Alert>
  );
};

type AssignTrainingDialogProps = {
  /** The module chosen in the catalogue, if any. */
  moduleId?: string;
  onClose: () => void;
  /** Offered after assigning: go to the assignments list. */
  onShowAssignments?: () => void;
};

/**
 * Assigns one module to an audience with a due date (14 days on by default), checked with the
 * contract's schemas, with the server's problems on their fields; then says how many were assigned
 * and how many already had it open.
 */
export const AssignTrainingDialog = ({ moduleId, onClose, onShowAssignments }: AssignTrainingDialogProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const modules = useTrainingModules();
  const create = useCreateTrainingAssignments();
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<CreateTrainingAssignmentsResult | null>(null);
  const [today] = useState(() => dayAfter(new Date(), 0));
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AssignForm>({
    resolver: zodResolver(assignFormSchema),
    defaultValues: { moduleId: moduleId ?? '', audience: { kind: 'organization' }, dueDate: dayAfter(new Date(), defaultDueInDays) },
  });

  const submit = handleSubmit(async ({ moduleId: chosen, audience, dueDate }) => {
    setFormError(null);
    try {
      setResult(await create.mutateAsync({ moduleId: chosen, audience, dueAt: dueAtOf(dueDate)! }));
    } catch (error) {
      const placed = applyServerFieldErrors(error, serverFields, (field, problem, options) => setError(formFieldOf(field), problem, options));
      if (!placed) setFormError(messageOf(error));
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
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: (event: React.FormEvent) => void submit(event), 'data-testid': 'assign-form' } as object }}
    >
      <DialogTitle id={titleId}>{t('trainingAdmin.assign.title')}</DialogTitle>
      <DialogContent>
        {result ? (
          <ResultMessage result={result} />
        ) : (
          <Stack spacing={3} sx={{ pt: 1 }}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            {modules.isError ? <Alert severity="error">{t('trainingAdmin.catalogue.loadFailed', { message: messageOf(modules.error) })}</Alert> : null}
            <Controller
              name="moduleId"
              control={control}
              render={({ field: { ref, ...field } }) => (
                <TextField {...field} inputRef={ref} select required fullWidth label={t('trainingAdmin.assign.module')}
                  error={Boolean(errors.moduleId)} helperText={errorText(t, errors.moduleId, 'module') ?? t('trainingAdmin.assign.moduleHelp')}
                  slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'assign-module' } as object } }}>
                  {(modules.data ?? []).map((module) => (
                    <MenuItem key={module.id} value={module.id}>
                      {module.title} · {t('trainingAdmin.minutes', { count: module.minutes })}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              name="audience"
              control={control}
              render={({ field: { ref, value, onChange } }) => (
                <AudienceField value={value as Audience} onChange={onChange} inputRef={ref} error={errorText(t, audienceError, 'audience')}
                  chooseText={t('trainingAdmin.assign.chooseAudience')}
                  renderCount={(preview) => (
                    // Everyone active is assigned, with or without an email address.
                    <Typography sx={{ fontWeight: 600 }}>{t('trainingAdmin.assign.audienceCount', { count: preview.count + preview.withoutEmail })}</Typography>
                  )} />
              )}
            />
            <Controller
              name="dueDate"
              control={control}
              render={({ field: { ref, ...field } }) => (
                <TextField {...field} inputRef={ref} type="date" required label={t('trainingAdmin.assign.dueDate')} sx={{ maxWidth: 260 }}
                  error={Boolean(errors.dueDate)} helperText={errorText(t, errors.dueDate, 'dueDate') ?? t('trainingAdmin.assign.dueDateHelp')}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }} />
              )}
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {result ? (
          <>
            {onShowAssignments ? <Button onClick={onShowAssignments}>{t('trainingAdmin.assign.seeAssignments')}</Button> : null}
            <Button variant="contained" onClick={onClose}>
              {t('trainingAdmin.assign.close')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose} disabled={isSubmitting}>
              {t('trainingAdmin.assign.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={isSubmitting}>
              {t('trainingAdmin.assign.submit')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
};
