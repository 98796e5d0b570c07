import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { organizationNameMaxLength, updateOrganizationBodySchema, type OrganizationSettings } from '@vigil/contracts';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { useSaveForm } from '../../../lib/use-save-form';
import { useUpdateOrganization } from '../api/update-organization';

type OrganizationNameFormProps = {
  settings: OrganizationSettings;
  /** Told after a rename, so the page can refresh what else shows the name (the top bar). */
  onChanged?: () => void;
};

/** The organisation's name, checked with the contract's rule here and by the server. */
export const OrganizationNameForm = ({ settings, onChanged }: OrganizationNameFormProps) => {
  const { t } = useTranslation();
  const update = useUpdateOrganization({ onChanged });
  const {
    form: {
      register,
      formState: { errors, isSubmitting },
    },
    submit,
    saved,
    clearSaved,
  } = useSaveForm({
    schema: updateOrganizationBodySchema,
    defaultValues: { name: settings.name },
    fields: ['name'],
    save: update.mutateAsync,
    valuesOf: (next) => ({ name: next.name }),
  });

  const describe = (error: FieldError) => {
    if (error.type === 'too_small') return t('organizationSettings.general.nameRequired');
    if (error.type === 'too_big') return t('organizationSettings.general.nameTooLong', { max: organizationNameMaxLength });
    return error.message;
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-busy={isSubmitting} data-testid="organization-name-form">
      {errors.root ? (
        <Alert severity="error">{t('organizationSettings.general.saveFailed', { message: errors.root.message })}</Alert>
      ) : null}
      {saved ? (
        <Alert severity="success" role="status">
          {t('organizationSettings.general.saved')}
        </Alert>
      ) : null}
      <TextField
        {...register('name', { onChange: clearSaved })}
        id="organization-name"
        label={t('organizationSettings.general.name')}
        error={errors.name !== undefined}
        helperText={errors.name ? describe(errors.name) : undefined}
        required
        fullWidth
        autoComplete="organization"
        slotProps={{ htmlInput: { maxLength: organizationNameMaxLength + 20, 'data-testid': 'organization-name-input' } }}
      />
      <TextField
        id="organization-domain"
        label={t('organizationSettings.general.domain')}
        value={settings.domain}
        helperText={t('organizationSettings.general.domainNote')}
        fullWidth
        slotProps={{ input: { readOnly: true } }}
      />
      <div>
        <Button type="submit" variant="contained" loading={isSubmitting} data-testid="organization-name-save">
          {t('organizationSettings.general.save')}
        </Button>
      </div>
    </Stack>
  );
};
