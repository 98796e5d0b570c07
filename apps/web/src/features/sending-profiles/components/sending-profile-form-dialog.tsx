import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  createSendingProfileBodySchema,
  sendingProfileLimits,
  smtpSecurities,
  type CreateSendingProfileBody,
  type CreateSendingProfileInput,
  type SendingProfile,
  type UpdateSendingProfileBody,
} from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { messageOf } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useCreateSendingProfile } from '../api/create-sending-profile';
import { useUpdateSendingProfile } from '../api/update-sending-profile';

const formFields = ['name', 'host', 'port', 'security', 'username', 'password', 'fromAddress', 'fromName', 'replyTo', 'ratePerMinute'] as const;
type Kind = 'text' | 'email' | 'port' | 'rate';

/** The server's own words, or a sentence from the catalogue for the form's own checks. */
const errorText = (t: TFunction, error: FieldError | undefined, kind: Kind = 'text') => {
  if (!error) return undefined;
  if (error.type === 'server' && error.message) return error.message;
  if (kind === 'port') return t('sendingProfiles.validation.port');
  if (kind === 'rate') return t('sendingProfiles.validation.rate');
  if (error.type === 'too_small') return t('sendingProfiles.validation.required');
  if (error.type === 'too_big') return t('sendingProfiles.validation.tooLong');
  if (kind === 'email') return t('sendingProfiles.validation.email');
  return t('sendingProfiles.validation.invalid');
};

const defaultPorts = { none: 25, starttls: 587, tls: 465 } as const;

type SendingProfileFormDialogProps = {
  /** The profile to edit; absent to add one. */
  profile?: SendingProfile;
  onClose: () => void;
  onSaved: (profile: SendingProfile) => void;
};

/**
 * Add or edit a sending profile, checked with the contract's schema, with the server's problems on
 * their fields. The password is write-only: the form never has it, only whether one is set; empty
 * keeps it, "Remove the password" clears it.
 */
export const SendingProfileFormDialog = ({ profile, onClose, onSaved }: SendingProfileFormDialogProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const create = useCreateSendingProfile();
  const update = useUpdateSendingProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const [clearPassword, setClearPassword] = useState(false);
  const initial: CreateSendingProfileBody = {
    name: profile?.name ?? '',
    host: profile?.host ?? '',
    port: profile?.port ?? defaultPorts.starttls,
    security: profile?.security ?? 'starttls',
    username: profile?.username ?? null,
    password: null,
    fromAddress: profile?.fromAddress ?? '',
    fromName: profile?.fromName ?? '',
    replyTo: profile?.replyTo ?? null,
    ratePerMinute: profile?.ratePerMinute ?? 60,
  };
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateSendingProfileInput, unknown, CreateSendingProfileBody>({
    resolver: zodResolver(createSendingProfileBodySchema),
    defaultValues: initial,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (!profile) {
        onSaved(await create.mutateAsync(values));
        return;
      }
      const { password, ...fields } = values;
      const changed: UpdateSendingProfileBody = Object.fromEntries(
        Object.entries(fields).filter(([key, value]) => value !== initial[key as keyof CreateSendingProfileBody]),
      );
      if (password !== null) changed.password = password;
      else if (clearPassword) changed.password = null;
      onSaved(Object.keys(changed).length ? await update.mutateAsync({ id: profile.id, body: changed }) : profile);
    } catch (error) {
      if (!applyServerFieldErrors(error, formFields, setError)) setFormError(messageOf(error));
    }
  });

  const hasPassword = Boolean(profile?.hasPassword) && !clearPassword;
  const passwordHelp = clearPassword ? t('sendingProfiles.form.passwordCleared') : hasPassword ? t('sendingProfiles.form.passwordKept') : profile ? t('sendingProfiles.form.passwordNone') : undefined;

  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={onSubmit} data-testid="sending-profile-form">
        <DialogTitle id={titleId}>{profile ? t('sendingProfiles.form.editTitle', { name: profile.name }) : t('sendingProfiles.form.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <Controller
              name="name"
              control={control}
              render={({ field: { ref, ...field } }) => (
                <TextField {...field} inputRef={ref} label={t('sendingProfiles.form.name')} required fullWidth autoFocus={!profile} autoComplete="off"
                  error={Boolean(errors.name)} helperText={errorText(t, errors.name)} slotProps={{ htmlInput: { maxLength: sendingProfileLimits.nameMaxLength } }} />
              )}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                name="host"
                control={control}
                render={({ field: { ref, ...field } }) => (
                  <TextField {...field} inputRef={ref} label={t('sendingProfiles.form.host')} required fullWidth autoComplete="off"
                    error={Boolean(errors.host)} helperText={errorText(t, errors.host) ?? t('sendingProfiles.form.hostHelp')}
                    slotProps={{ htmlInput: { maxLength: sendingProfileLimits.hostMaxLength, spellCheck: false } }} />
                )}
              />
              <Controller
                name="port"
                control={control}
                render={({ field: { ref, value, onChange, ...field } }) => (
                  <TextField {...field} inputRef={ref} type="number" label={t('sendingProfiles.form.port')} required sx={{ width: { sm: 140 } }}
                    value={Number.isNaN(value) ? '' : value} onChange={(event) => onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
                    error={Boolean(errors.port)} helperText={errorText(t, errors.port, 'port')} slotProps={{ htmlInput: { min: 1, max: 65535 } }} />
                )}
              />
            </Stack>
            <Controller
              name="security"
              control={control}
              render={({ field: { ref, ...field } }) => (
                <TextField {...field} inputRef={ref} select label={t('sendingProfiles.form.security')} fullWidth error={Boolean(errors.security)}
                  helperText={errorText(t, errors.security)} slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'sending-profile-security' } as object } }}>
                  {smtpSecurities.map((security) => (
                    <MenuItem key={security} value={security}>
                      {t(`sendingProfiles.security.${security}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                name="username"
                control={control}
                render={({ field: { ref, value, onChange, ...field } }) => (
                  <TextField {...field} inputRef={ref} label={t('sendingProfiles.form.username')} fullWidth autoComplete="off"
                    value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
                    error={Boolean(errors.username)} helperText={errorText(t, errors.username) ?? t('sendingProfiles.form.usernameHelp')}
                    slotProps={{ htmlInput: { maxLength: sendingProfileLimits.usernameMaxLength, spellCheck: false } }} />
                )}
              />
              <Controller
                name="password"
                control={control}
                render={({ field: { ref, value, onChange, ...field } }) => (
                  <TextField {...field} inputRef={ref} type="password" fullWidth autoComplete="new-password" disabled={clearPassword}
                    label={profile?.hasPassword && !clearPassword ? t('sendingProfiles.form.changePassword') : t('sendingProfiles.form.setPassword')}
                    value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
                    error={Boolean(errors.password)} helperText={errorText(t, errors.password) ?? passwordHelp}
                    slotProps={{ htmlInput: { maxLength: sendingProfileLimits.passwordMaxLength } }} />
                )}
              />
            </Stack>
            {profile?.hasPassword ? (
              <Box>
                <Button size="small" onClick={() => setClearPassword((value) => !value)}>
                  {clearPassword ? t('sendingProfiles.form.keepPassword') : t('sendingProfiles.form.clearPassword')}
                </Button>
              </Box>
            ) : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                name="fromName"
                control={control}
                render={({ field: { ref, ...field } }) => (
                  <TextField {...field} inputRef={ref} label={t('sendingProfiles.form.fromName')} fullWidth autoComplete="off"
                    error={Boolean(errors.fromName)} helperText={errorText(t, errors.fromName)} slotProps={{ htmlInput: { maxLength: sendingProfileLimits.fromNameMaxLength } }} />
                )}
              />
              <Controller
                name="fromAddress"
                control={control}
                render={({ field: { ref, ...field } }) => (
                  <TextField {...field} inputRef={ref} type="email" label={t('sendingProfiles.form.fromAddress')} required fullWidth autoComplete="off"
                    error={Boolean(errors.fromAddress)} helperText={errorText(t, errors.fromAddress, 'email') ?? t('sendingProfiles.form.fromAddressHelp')} />
                )}
              />
            </Stack>
            <Controller
              name="replyTo"
              control={control}
              render={({ field: { ref, value, onChange, ...field } }) => (
                <TextField {...field} inputRef={ref} type="email" label={t('sendingProfiles.form.replyTo')} fullWidth autoComplete="off"
                  value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
                  error={Boolean(errors.replyTo)} helperText={errorText(t, errors.replyTo, 'email') ?? t('sendingProfiles.form.replyToHelp')} />
              )}
            />
            <Controller
              name="ratePerMinute"
              control={control}
              render={({ field: { ref, value, onChange, ...field } }) => (
                <TextField {...field} inputRef={ref} type="number" label={t('sendingProfiles.form.ratePerMinute')} required
                  value={Number.isNaN(value) ? '' : value} onChange={(event) => onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
                  error={Boolean(errors.ratePerMinute)} helperText={errorText(t, errors.ratePerMinute, 'rate') ?? t('sendingProfiles.form.ratePerMinuteHelp')}
                  slotProps={{ htmlInput: { min: 1, max: sendingProfileLimits.ratePerMinuteMax } }} />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('sendingProfiles.form.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('sendingProfiles.form.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
