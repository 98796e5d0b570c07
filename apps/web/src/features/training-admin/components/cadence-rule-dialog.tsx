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
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { audienceSchema, defaultNewHireWindowDays, trainingCadences, trainingCadenceSchema, type Audience, type CadenceRule } from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

import { AudienceField } from '../../../components/audience-field';
import { messageOf } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useTrainingModules } from '../api/get-training-modules';
import { useCreateCadenceRule, useUpdateCadenceRule } from '../api/save-cadence-rule';
import { dayAfter } from '../training-admin-format';

const days = z.number().int().min(1).max(365);
const ruleFormSchema = z.object({
  moduleId: z.string().min(1),
  cadence: trainingCadenceSchema,
  audience: audienceSchema,
  dueInDays: days,
  anchorDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  newHireWindowDays: days,
});
type RuleForm = z.infer<typeof ruleFormSchema>;

const serverFields = ['moduleId', 'cadence', 'audience', 'audience.ids', 'dueInDays', 'anchorDate', 'newHireWindowDays'] as const;

type Field = 'module' | 'audience' | 'dueInDays' | 'anchorDate' | 'newHireWindowDays';
const errorText = (t: TFunction, error: FieldError | undefined, field: Field) => {
  if (!error) return undefined;
  if (error.type === 'server' && error.message) return error.message;
  return t(`trainingCadence.rules.dialog.validation.${field}`);
};

type CadenceRuleDialogProps = {
  /** The rule to edit; none: a new rule. */
  rule?: CadenceRule;
  onClose: () => void;
};

/**
 * Adds or edits a cadence rule: the module and the cadence (fixed once made: another module or
 * cadence is another rule), the audience (the shared audience field), the days until due, and the
 * start date (annual, quarterly) or the new-hire window (on hire).
 */
export const CadenceRuleDialog = ({ rule, onClose }: CadenceRuleDialogProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const modules = useTrainingModules();
  const create = useCreateCadenceRule();
  const update = useUpdateCadenceRule();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RuleForm>({
    resolver: zodResolver(ruleFormSchema),
    defaultValues: rule
      ? { moduleId: rule.moduleId, cadence: rule.cadence, audience: rule.audience, dueInDays: rule.dueInDays, anchorDate: rule.anchorDate, newHireWindowDays: rule.newHireWindowDays }
      : { moduleId: '', cadence: 'annual', audience: { kind: 'organization' }, dueInDays: 30, anchorDate: dayAfter(new Date(), 0), newHireWindowDays: defaultNewHireWindowDays },
  });
  const cadence = useWatch({ control, name: 'cadence' });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { moduleId, cadence: chosen, ...editable } = values;
      if (rule) await update.mutateAsync({ id: rule.id, body: editable });
      else await create.mutateAsync({ moduleId, cadence: chosen, ...editable });
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(error, serverFields, (field, problem, options) => setError(field, problem, options))) setFormError(messageOf(error));
    }
  });

  const audienceError = (errors.audience as { ids?: FieldError } | undefined)?.ids ?? (errors.audience as FieldError | undefined);
  const cadenceHelpId = useId();

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId}>{t(rule ? 'trainingCadence.rules.dialog.editTitle' : 'trainingCadence.rules.dialog.addTitle')}</DialogTitle>
      {/* The form inside the dialog, not as its paper: a <form> may not take the dialog role (axe aria-allowed-role). */}
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} data-testid="cadence-rule-form" sx={{ display: 'contents' }}>
        <DialogContent>
          <Stack spacing={3} sx={{ pt: 1 }}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            {modules.isError ? <Alert severity="error">{t('trainingAdmin.catalogue.loadFailed', { message: messageOf(modules.error) })}</Alert> : null}
            <Controller
              name="moduleId"
              control={control}
              render={({ field: { ref, ...field } }) => (
                <TextField {...field} inputRef={ref} select required fullWidth disabled={Boolean(rule)} label={t('trainingCadence.rules.dialog.module')}
                  error={Boolean(errors.moduleId)} helperText={errorText(t, errors.moduleId, 'module') ?? t('trainingCadence.rules.dialog.moduleHelp')}
                  slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'cadence-module' } as object } }}>
                  {/* A rule's module stays listed while editing, even when the catalogue has archived it. */}
                  {rule && !(modules.data ?? []).some((module) => module.id === rule.moduleId) ? <MenuItem value={rule.moduleId}>{rule.moduleTitle}</MenuItem> : null}
                  {(modules.data ?? []).map((module) => (
                    <MenuItem key={module.id} value={module.id}>
                      {module.title} · {t('trainingAdmin.minutes', { count: module.minutes })}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              name="cadence"
              control={control}
              render={({ field }) => (
                <FormControl disabled={Boolean(rule)}>
                  <FormLabel id={`${cadenceHelpId}-label`}>{t('trainingCadence.rules.dialog.cadence')}</FormLabel>
                  <RadioGroup row aria-labelledby={`${cadenceHelpId}-label`} aria-describedby={cadenceHelpId} name={field.name} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
                    {trainingCadences.map((option) => (
                      <FormControlLabel key={option} value={option} control={<Radio />} label={t(`trainingCadence.cadences.${option}`)} />
                    ))}
                  </RadioGroup>
                  <FormHelperText id={cadenceHelpId}>{t(`trainingCadence.rules.dialog.cadenceHelp.${cadence}`)}</FormHelperText>
                </FormControl>
              )}
            />
            <Controller
              name="audience"
              control={control}
              render={({ field: { ref, value, onChange } }) => (
                <AudienceField value={value as Audience} onChange={onChange} inputRef={ref} error={errorText(t, audienceError, 'audience')}
                  chooseText={t('trainingCadence.rules.dialog.chooseAudience')}
                  renderCount={(preview) => <Typography sx={{ fontWeight: 600 }}>{t('trainingCadence.rules.dialog.audienceCount', { count: preview.count + preview.withoutEmail })}</Typography>} />
              )}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField type="number" required label={t('trainingCadence.rules.dialog.dueInDays')} {...register('dueInDays', { valueAsNumber: true })}
                error={Boolean(errors.dueInDays)} helperText={errorText(t, errors.dueInDays, 'dueInDays') ?? t('trainingCadence.rules.dialog.dueInDaysHelp')}
                slotProps={{ htmlInput: { min: 1, max: 365, step: 1 } }} sx={{ flex: 1 }} />
              {cadence === 'on_hire' ? (
                <TextField type="number" required label={t('trainingCadence.rules.dialog.newHireWindowDays')} {...register('newHireWindowDays', { valueAsNumber: true })}
                  error={Boolean(errors.newHireWindowDays)} helperText={errorText(t, errors.newHireWindowDays, 'newHireWindowDays') ?? t('trainingCadence.rules.dialog.newHireWindowDaysHelp')}
                  slotProps={{ htmlInput: { min: 1, max: 365, step: 1 } }} sx={{ flex: 1 }} />
              ) : (
                <TextField type="date" required label={t('trainingCadence.rules.dialog.anchorDate')} {...register('anchorDate')}
                  error={Boolean(errors.anchorDate)} helperText={errorText(t, errors.anchorDate, 'anchorDate') ?? t('trainingCadence.rules.dialog.anchorDateHelp')}
                  slotProps={{ inputLabel: { shrink: true } }} sx={{ flex: 1 }} />
              )}
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('trainingCadence.rules.dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('trainingCadence.rules.dialog.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
