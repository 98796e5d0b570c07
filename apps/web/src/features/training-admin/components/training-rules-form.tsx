import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { failureEventTypes, trainingSettingsSchema, type TrainingSettings } from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useId, type ReactNode } from 'react';
import { Controller, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { SectionCard } from '../../../components/section-card';
import { messageOf } from '../../../lib/api-client';
import { useSaveForm } from '../../../lib/use-save-form';
import { useTrainingSettings } from '../api/get-training-settings';
import { useSaveTrainingSettings } from '../api/save-training-settings';

const fields = [
  'noSkipAhead',
  'testOutAllowed',
  'maxQuizAttempts',
  'remedial',
  'remedial.enabled',
  'remedial.failureEvents',
  'remedial.dueInDays',
  'reminders.daysBefore',
  'reminders.overdueEveryDays',
  'reminders.escalateAfterDays',
] as const;

/** The server's own words, or a sentence from the catalogue for the form's own checks. */
const problemOf = (t: TFunction, error: FieldError | undefined, rule: 'wholeNumber' | 'days' | 'reminderDays' | 'escalationDays' | 'events') => {
  if (!error) return undefined;
  if (error.type === 'server' && error.message) return error.message;
  return t(`trainingAdmin.rules.validation.${rule}`);
};

type SwitchFieldProps = { checked: boolean; onChange: (checked: boolean) => void; inputRef: React.Ref<HTMLInputElement>; label: string; help: string; testId: string };

/** A switch with its explanation tied to it (the explanation is the switch's description). */
const SwitchField = ({ checked, onChange, inputRef, label, help, testId }: SwitchFieldProps) => {
  const helpId = useId();
  return (
    <Box>
      <FormControlLabel
        control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked)} slotProps={{ input: { ref: inputRef, 'aria-describedby': helpId, 'data-testid': testId } as object }} />}
        label={label}
      />
      <FormHelperText id={helpId} sx={{ mt: 0, mx: 0 }}>
        {help}
      </FormHelperText>
    </Box>
  );
};

const Part = ({ title, children }: { title: string; children: ReactNode }) => {
  const headingId = useId();
  return (
    <Box component="fieldset" aria-labelledby={headingId} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography id={headingId} component="legend" variant="h3" sx={{ fontSize: '1.0625rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
};

const RulesForm = ({ settings }: { settings: TrainingSettings }) => {
  const { t } = useTranslation();
  const save = useSaveTrainingSettings();
  const eventsLabelId = useId();
  const {
    form: {
      control,
      register,
      formState: { errors, isSubmitting },
    },
    submit,
    saved,
    clearSaved,
  } = useSaveForm({ schema: trainingSettingsSchema, defaultValues: settings, fields, save: save.mutateAsync, valuesOf: (next) => next });

  const eventsError = problemOf(t, errors.remedial?.failureEvents as FieldError | undefined, 'events');
  // Off, the numbers keep their values (and are saved as they are), ready for turning it back on.
  const remindersOff = !useWatch({ control, name: 'reminders.enabled' });

  return (
    <Stack component="form" noValidate spacing={3} onSubmit={submit} onChange={clearSaved} aria-busy={isSubmitting} data-testid="training-rules-form">
      {errors.root ? <Alert severity="error">{t('trainingAdmin.rules.saveFailed', { message: errors.root.message })}</Alert> : null}
      {saved ? (
        <Alert severity="success" role="status">
          {t('trainingAdmin.rules.saved')}
        </Alert>
      ) : null}
      <Part title={t('trainingAdmin.rules.player')}>
        <Controller
          name="noSkipAhead"
          control={control}
          render={({ field }) => (
            <SwitchField checked={field.value} onChange={field.onChange} inputRef={field.ref} label={t('trainingAdmin.rules.noSkipAhead')} help={t('trainingAdmin.rules.noSkipAheadHelp')} testId="rules-no-skip-ahead" />
          )}
        />
        <Controller
          name="testOutAllowed"
          control={control}
          render={({ field }) => (
            <SwitchField checked={field.value} onChange={field.onChange} inputRef={field.ref} label={t('trainingAdmin.rules.testOutAllowed')} help={t('trainingAdmin.rules.testOutAllowedHelp')} testId="rules-test-out" />
          )}
        />
        <TextField
          {...register('maxQuizAttempts', { valueAsNumber: true })}
          type="number"
          label={t('trainingAdmin.rules.maxQuizAttempts')}
          error={Boolean(errors.maxQuizAttempts)}
          helperText={problemOf(t, errors.maxQuizAttempts, 'wholeNumber') ?? t('trainingAdmin.rules.maxQuizAttemptsHelp')}
          sx={{ maxWidth: 420 }}
          slotProps={{ htmlInput: { min: 0, max: 10, step: 1 } }}
        />
      </Part>
      <Part title={t('trainingAdmin.rules.remedial')}>
        <Controller
          name="remedial.enabled"
          control={control}
          render={({ field }) => (
            <SwitchField checked={field.value} onChange={field.onChange} inputRef={field.ref} label={t('trainingAdmin.rules.remedialEnabled')} help={t('trainingAdmin.rules.remedialEnabledHelp')} testId="rules-remedial" />
          )}
        />
        <Controller
          name="remedial.failureEvents"
          control={control}
          render={({ field: { value, onChange, ref } }) => (
            <FormControl component="fieldset" error={Boolean(eventsError)}>
              <FormLabel component="legend" id={eventsLabelId}>
                {t('trainingAdmin.rules.failureEvents')}
              </FormLabel>
              <FormGroup row aria-labelledby={eventsLabelId}>
                {failureEventTypes.map((event, index) => (
                  <FormControlLabel
                    key={event}
                    label={t(`trainingAdmin.rules.events.${event}`)}
                    control={
                      <Checkbox
                        checked={value.includes(event)}
                        slotProps={{ input: { ref: index === 0 ? ref : undefined } as object }}
                        onChange={(change) => onChange(change.target.checked ? failureEventTypes.filter((known) => known === event || value.includes(known)) : value.filter((kept) => kept !== event))}
                      />
                    }
                  />
                ))}
              </FormGroup>
              <FormHelperText sx={{ mx: 0 }}>{eventsError ?? t('trainingAdmin.rules.failureEventsHelp')}</FormHelperText>
            </FormControl>
          )}
        />
        <TextField
          {...register('remedial.dueInDays', { valueAsNumber: true })}
          type="number"
          label={t('trainingAdmin.rules.dueInDays')}
          error={Boolean(errors.remedial?.dueInDays)}
          helperText={problemOf(t, errors.remedial?.dueInDays, 'days') ?? t('trainingAdmin.rules.dueInDaysHelp')}
          sx={{ maxWidth: 420 }}
          slotProps={{ htmlInput: { min: 1, max: 90, step: 1 } }}
        />
      </Part>
      <Part title={t('trainingAdmin.rules.reminders')}>
        <Controller
          name="reminders.enabled"
          control={control}
          render={({ field }) => (
            <SwitchField checked={field.value} onChange={field.onChange} inputRef={field.ref} label={t('trainingAdmin.rules.remindersEnabled')} help={t('trainingAdmin.rules.remindersEnabledHelp')} testId="rules-reminders" />
          )}
        />
        <TextField
          {...register('reminders.daysBefore', { valueAsNumber: true })}
          type="number"
          disabled={remindersOff}
          label={t('trainingAdmin.rules.daysBefore')}
          error={Boolean(errors.reminders?.daysBefore)}
          helperText={problemOf(t, errors.reminders?.daysBefore, 'reminderDays') ?? t('trainingAdmin.rules.daysBeforeHelp')}
          sx={{ maxWidth: 420 }}
          slotProps={{ htmlInput: { min: 0, max: 30, step: 1 } }}
        />
        <TextField
          {...register('reminders.overdueEveryDays', { valueAsNumber: true })}
          type="number"
          disabled={remindersOff}
          label={t('trainingAdmin.rules.overdueEveryDays')}
          error={Boolean(errors.reminders?.overdueEveryDays)}
          helperText={problemOf(t, errors.reminders?.overdueEveryDays, 'reminderDays') ?? t('trainingAdmin.rules.overdueEveryDaysHelp')}
          sx={{ maxWidth: 420 }}
          slotProps={{ htmlInput: { min: 0, max: 30, step: 1 } }}
        />
        <TextField
          {...register('reminders.escalateAfterDays', { valueAsNumber: true })}
          type="number"
          disabled={remindersOff}
          label={t('trainingAdmin.rules.escalateAfterDays')}
          error={Boolean(errors.reminders?.escalateAfterDays)}
          helperText={problemOf(t, errors.reminders?.escalateAfterDays, 'escalationDays') ?? t('trainingAdmin.rules.escalateAfterDaysHelp')}
          sx={{ maxWidth: 420 }}
          slotProps={{ htmlInput: { min: 0, max: 90, step: 1 } }}
        />
      </Part>
      <div>
        <Button type="submit" variant="contained" loading={isSubmitting} data-testid="rules-save">
          {t('trainingAdmin.rules.save')}
        </Button>
      </div>
    </Stack>
  );
};

/**
 * The organisation's training rules (/configure/trainings/frequency/, until a training cadence
 * joins them there): the player's rules, quiz attempts, remedial training after a failed
 * simulation, and the reminder emails around the due date. The server's field problems show on
 * their fields.
 */
export const TrainingRules = () => {
  const { t } = useTranslation();
  const settings = useTrainingSettings();
  return (
    <SectionCard title={t('trainingAdmin.rules.title')} intro={t('trainingAdmin.rules.intro')} testId="training-rules">
      {settings.isError ? <Alert severity="error">{t('trainingAdmin.rules.loadFailed', { message: messageOf(settings.error) })}</Alert> : null}
      {settings.isPending ? <LinearProgress aria-label={t('trainingAdmin.rules.loading')} /> : null}
      {settings.data ? <RulesForm settings={settings.data} /> : null}
    </SectionCard>
  );
};
