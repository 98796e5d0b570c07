import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

import type { LoginLogFilters } from '../api/get-login-logs';

/** What the person types: dates as yyyy-mm-dd, whole days in their own time zone. */
const filterFormSchema = z
  .object({
    q: z.string().max(200),
    from: z.string(),
    to: z.string(),
    outcome: z.enum(['', 'success', 'failure']),
  })
  .refine((form) => !form.from || !form.to || form.from <= form.to, { path: ['to'], error: 'toBeforeFrom' });
export type LoginLogFilterForm = z.infer<typeof filterFormSchema>;

export const emptyFilterForm: LoginLogFilterForm = { q: '', from: '', to: '', outcome: '' };

const startOfDay = (day: string) => new Date(`${day}T00:00:00`);

/** The form's days as the API's instants: from the start of "from" up to (not including) the day after "to". */
export const toLoginLogFilters = (form: LoginLogFilterForm): LoginLogFilters => {
  const to = form.to ? startOfDay(form.to) : null;
  to?.setDate(to.getDate() + 1);
  return {
    q: form.q.trim(),
    from: form.from ? startOfDay(form.from).toISOString() : '',
    to: to ? to.toISOString() : '',
    outcome: form.outcome,
  };
};

type LoginLogFiltersFormProps = {
  onApply: (form: LoginLogFilterForm) => void;
};

/** Search, date range and outcome; applied together, so a half-typed search does not reload the table. */
export const LoginLogFiltersForm = ({ onApply }: LoginLogFiltersFormProps) => {
  const { t } = useTranslation();
  const { register, control, handleSubmit, reset, formState } = useForm<LoginLogFilterForm>({
    resolver: zodResolver(filterFormSchema),
    defaultValues: emptyFilterForm,
  });
  const toError = formState.errors.to;

  return (
    <Stack
      component="form"
      noValidate
      role="search"
      aria-label={t('organizationSettings.loginLogs.filters')}
      onSubmit={handleSubmit(onApply)}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ alignItems: { sm: 'flex-start' }, flexWrap: 'wrap' }}
      data-testid="login-log-filters"
    >
      <TextField
        {...register('q')}
        id="login-log-search"
        type="search"
        label={t('organizationSettings.loginLogs.search')}
        placeholder={t('organizationSettings.loginLogs.searchHelp')}
        size="small"
        sx={{ minWidth: 260 }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 200, 'data-testid': 'login-log-search' } }}
      />
      <TextField
        {...register('from')}
        id="login-log-from"
        type="date"
        label={t('organizationSettings.loginLogs.from')}
        size="small"
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'login-log-from' } }}
      />
      <TextField
        {...register('to')}
        id="login-log-to"
        type="date"
        label={t('organizationSettings.loginLogs.to')}
        size="small"
        error={toError !== undefined}
        helperText={toError ? t('organizationSettings.loginLogs.toBeforeFrom') : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'login-log-to' } }}
      />
      <Controller
        control={control}
        name="outcome"
        render={({ field }) => (
          <TextField
            {...field}
            id="login-log-outcome"
            select
            label={t('organizationSettings.loginLogs.outcome')}
            size="small"
            sx={{ minWidth: 160 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            data-testid="login-log-outcome"
          >
            <MenuItem value="">{t('organizationSettings.loginLogs.anyOutcome')}</MenuItem>
            <MenuItem value="success">{t('organizationSettings.loginLogs.success')}</MenuItem>
            <MenuItem value="failure">{t('organizationSettings.loginLogs.failure')}</MenuItem>
          </TextField>
        )}
      />
      <Stack direction="row" spacing={1} sx={{ pt: 0.25 }}>
        <Button type="submit" variant="contained" data-testid="login-log-apply">
          {t('organizationSettings.loginLogs.apply')}
        </Button>
        <Button
          onClick={() => {
            reset(emptyFilterForm);
            onApply(emptyFilterForm);
          }}
        >
          {t('organizationSettings.loginLogs.clear')}
        </Button>
      </Stack>
    </Stack>
  );
};
