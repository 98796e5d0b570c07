import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { updateOrganizationBodySchema, type OrganizationSettings } from '@vigil/contracts';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { TimeZoneField } from '../../../components/time-zone-field';
import { useSaveForm } from '../../../lib/use-save-form';
import { useUpdateOrganization } from '../api/update-organization';

/** The organisation's time zone, which its people follow unless they have their own. */
export const OrganizationTimeZoneForm = ({ settings }: { settings: OrganizationSettings }) => {
  const { t } = useTranslation();
  const update = useUpdateOrganization();
  const {
    form: {
      control,
      formState: { errors, isSubmitting },
    },
    submit,
    saved,
    clearSaved,
  } = useSaveForm({
    schema: updateOrganizationBodySchema,
    defaultValues: { timeZone: settings.timeZone },
    fields: ['timeZone'],
    save: update.mutateAsync,
    valuesOf: (next) => ({ timeZone: next.timeZone }),
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-busy={isSubmitting} data-testid="organization-time-zone-form">
      {errors.root ? <Alert severity="error">{t('organizationSettings.general.timeZoneSaveFailed', { message: errors.root.message })}</Alert> : null}
      {saved ? (
        <Alert severity="success" role="status">
          {t('organizationSettings.general.timeZoneSaved')}
        </Alert>
      ) : null}
      <Controller
        name="timeZone"
        control={control}
        render={({ field }) => (
          <TimeZoneField
            value={field.value ?? null}
            onChange={(zone) => {
              clearSaved();
              field.onChange(zone ?? undefined);
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            label={t('organizationSettings.general.timeZone')}
            noOptionsText={t('organizationSettings.general.noTimeZoneFound')}
            error={errors.timeZone ? (errors.timeZone.type === 'server' ? errors.timeZone.message : t('organizationSettings.general.timeZoneInvalid')) : undefined}
            testId="organization-time-zone-input"
          />
        )}
      />
      <div>
        <Button type="submit" variant="contained" loading={isSubmitting} data-testid="organization-time-zone-save">
          {t('organizationSettings.general.timeZoneSave')}
        </Button>
      </div>
    </Stack>
  );
};
