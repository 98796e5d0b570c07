import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { personNameMaxLength, updateAccountProfileBodySchema, type AccountProfile } from '@vigil/contracts';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { useSaveForm } from '../../../lib/use-save-form';
import { useUpdateAccountProfile } from '../api/update-account-profile';

type ProfileFormProps = {
  profile: AccountProfile;
  /** Told after a rename, so the page can refresh what else shows the name (the user menu). */
  onChanged?: () => void;
};

/** First and last name; the email is the sign-in address and only shown. */
export const ProfileForm = ({ profile, onChanged }: ProfileFormProps) => {
  const { t } = useTranslation();
  const update = useUpdateAccountProfile({ onChanged });
  const {
    form: {
      register,
      formState: { errors, isSubmitting },
    },
    submit,
    saved,
    clearSaved,
  } = useSaveForm({
    schema: updateAccountProfileBodySchema,
    defaultValues: { firstName: profile.firstName, lastName: profile.lastName },
    fields: ['firstName', 'lastName'],
    save: update.mutateAsync,
    valuesOf: (next) => ({ firstName: next.firstName, lastName: next.lastName }),
  });

  const describe = (error: FieldError, field: 'firstName' | 'lastName') => {
    if (error.type === 'too_small') return field === 'firstName' ? t('accountSettings.profile.firstNameRequired') : t('accountSettings.profile.lastNameRequired');
    if (error.type === 'too_big') return t('accountSettings.profile.tooLong', { max: personNameMaxLength });
    return error.message;
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-busy={isSubmitting} data-testid="profile-form">
      {errors.root ? <Alert severity="error">{t('accountSettings.profile.saveFailed', { message: errors.root.message })}</Alert> : null}
      {saved ? (
        <Alert severity="success" role="status">
          {t('accountSettings.profile.saved')}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          {...register('firstName', { onChange: clearSaved })}
          id="profile-first-name"
          label={t('accountSettings.profile.firstName')}
          error={errors.firstName !== undefined}
          helperText={errors.firstName ? describe(errors.firstName, 'firstName') : undefined}
          required
          fullWidth
          autoComplete="given-name"
          slotProps={{ htmlInput: { 'data-testid': 'profile-first-name' } }}
        />
        <TextField
          {...register('lastName', { onChange: clearSaved })}
          id="profile-last-name"
          label={t('accountSettings.profile.lastName')}
          error={errors.lastName !== undefined}
          helperText={errors.lastName ? describe(errors.lastName, 'lastName') : undefined}
          required
          fullWidth
          autoComplete="family-name"
          slotProps={{ htmlInput: { 'data-testid': 'profile-last-name' } }}
        />
      </Stack>
      <TextField
        id="profile-email"
        label={t('accountSettings.profile.email')}
        value={profile.email}
        helperText={t('accountSettings.profile.emailNote')}
        fullWidth
        slotProps={{ input: { readOnly: true } }}
      />
      <div>
        <Button type="submit" variant="contained" loading={isSubmitting} data-testid="profile-save">
          {t('accountSettings.profile.save')}
        </Button>
      </div>
    </Stack>
  );
};
