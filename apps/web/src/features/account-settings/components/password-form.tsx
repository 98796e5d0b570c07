import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

import { useApiClient } from '../../../lib/api-client';
import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import { accountSessionsQueryOptions } from '../api/get-account-sessions';
import { loginHistoryKey } from '../api/get-login-history';
import { usePasswordRule, type PasswordRule } from '../api/get-password-policy';
import { replacePassword } from '../api/replace-password';

// Catalogue keys under accountSettings.password, carried as zod messages so the schema stays the
// one place that decides what is wrong.
const passwordFormSchema = (rule: PasswordRule) =>
  z
    .object({
      currentPassword: z.string().min(1, { error: 'currentRequired' }),
      // Counted in code points, as the provider counts: an emoji is one character.
      newPassword: z
        .string()
        .min(1, { error: 'newRequired' })
        .refine((value) => [...value].length >= rule.minLength, { error: 'newTooShort' })
        .refine((value) => [...value].length <= rule.maxLength, { error: 'newTooLong' }),
      confirmPassword: z.string(),
      signOutOthers: z.boolean(),
    })
    .refine((form) => form.confirmPassword === form.newPassword, { path: ['confirmPassword'], error: 'confirmMismatch' })
    .refine((form) => !form.newPassword || form.newPassword !== form.currentPassword, { path: ['newPassword'], error: 'newSameAsCurrent' });

type PasswordForm = z.infer<ReturnType<typeof passwordFormSchema>>;
type Field = Exclude<keyof PasswordForm, 'signOutOthers'>;

// Signing the other sessions out is the safe default: a changed password often means a leaked one.
const emptyForm: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '', signOutOthers: true };

// The provider's error codes (Descope's numbering) and the field each is about.
const invalidCredentials = 'E061004';
const weakPassword = 'E062901';
const rateLimited = 'E130429';
const fieldOfProviderArgument: Record<string, Field> = { oldPassword: 'currentPassword', newPassword: 'newPassword' };

type PasswordFormProps = {
  /** The sign-in address the password belongs to. */
  loginId: string | undefined;
};

/**
 * Changes the password with the current one, through the auth provider (the app never sees
 * passwords). The provider signs out every other session unless the person keeps them, and hands
 * this one fresh tokens.
 */
export const PasswordChangeForm = ({ loginId }: PasswordFormProps) => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const rule = usePasswordRule();
  const schema = useMemo(() => passwordFormSchema(rule), [rule]);
  const [changed, setChanged] = useState<'signedOutOthers' | 'keptOthers' | undefined>();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordForm>({ resolver: zodResolver(schema), defaultValues: emptyForm });

  const message = (field: Field) => {
    const error = errors[field];
    if (!error?.message) return undefined;
    if (error.type === 'provider') return error.message;
    return t(`accountSettings.password.${error.message as 'currentRequired'}`, { min: rule.minLength, max: rule.maxLength });
  };

  const submit = handleSubmit(async (form) => {
    setChanged(undefined);
    if (!loginId) {
      setError('root', { message: t('accountSettings.password.noLoginId') });
      return;
    }
    let result: Awaited<ReturnType<typeof replacePassword>>;
    try {
      result = await replacePassword(sdk, {
        loginId,
        oldPassword: form.currentPassword,
        newPassword: form.newPassword,
        keepOtherSessions: !form.signOutOthers,
      });
    } catch {
      setError('root', { message: t('accountSettings.password.failed') });
      return;
    }
    // Every attempt, right or wrong, is a sign-in attempt in the history; a change also ends the
    // other sessions (unless kept) and gives this one a new id. Either way those two lists must be read again
    // (and nothing else: the password rule, say, has not changed).
    void queryClient.invalidateQueries({ queryKey: accountSessionsQueryOptions(api).queryKey });
    void queryClient.invalidateQueries({ queryKey: loginHistoryKey });
    if (result.ok) {
      reset(emptyForm);
      setChanged(form.signOutOthers ? 'signedOutOthers' : 'keptOthers');
      return;
    }
    const errorCode = result.error?.errorCode;
    const description = result.error?.errorDescription ?? '';
    if (errorCode === invalidCredentials || result.code === 401) {
      setError('currentPassword', { type: 'provider', message: t('accountSettings.password.currentWrong') }, { shouldFocus: true });
      return;
    }
    if (result.code === 429 || errorCode === rateLimited) {
      setError('root', { message: t('accountSettings.password.tooManyAttempts') });
      return;
    }
    // The provider names the argument first: "newPassword: This password is too common; choose another".
    const [argument, ...rest] = description.split(': ');
    const field = argument ? fieldOfProviderArgument[argument] : undefined;
    if (field && rest.length) {
      setError(field, { type: 'provider', message: t('accountSettings.password.newRefused', { problem: rest.join(': ') }) }, { shouldFocus: true });
      return;
    }
    if (errorCode === weakPassword) {
      setError('newPassword', { type: 'provider', message: t('accountSettings.password.newRefused', { problem: description }) }, { shouldFocus: true });
      return;
    }
    setError('root', { message: t('accountSettings.password.failed') });
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-busy={isSubmitting} data-testid="password-form" sx={{ maxWidth: 480 }}>
      <Typography sx={{ color: 'text.secondary' }}>{t('accountSettings.password.intro', { min: rule.minLength })}</Typography>
      {errors.root ? (
        <Alert severity="error" data-testid="password-error">
          {errors.root.message}
        </Alert>
      ) : null}
      {changed ? (
        <Alert severity="success" role="status" data-testid="password-changed">
          {t(changed === 'signedOutOthers' ? 'accountSettings.password.changed' : 'accountSettings.password.changedKeptSessions')}
        </Alert>
      ) : null}
      {/* Lets a password manager store the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={loginId ?? ''} readOnly hidden />
      <TextField
        {...register('currentPassword')}
        id="current-password"
        type="password"
        label={t('accountSettings.password.current')}
        error={errors.currentPassword !== undefined}
        helperText={message('currentPassword')}
        autoComplete="current-password"
        required
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'current-password' } }}
      />
      <TextField
        {...register('newPassword')}
        id="new-password"
        type="password"
        label={t('accountSettings.password.new')}
        error={errors.newPassword !== undefined}
        helperText={message('newPassword')}
        autoComplete="new-password"
        required
        fullWidth
        slotProps={{ htmlInput: { minLength: rule.minLength, 'data-testid': 'new-password' } }}
      />
      <TextField
        {...register('confirmPassword')}
        id="confirm-password"
        type="password"
        label={t('accountSettings.password.confirm')}
        error={errors.confirmPassword !== undefined}
        helperText={message('confirmPassword')}
        autoComplete="new-password"
        required
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'confirm-password' } }}
      />
      <Controller
        name="signOutOthers"
        control={control}
        render={({ field: { value, onChange, ...field } }) => (
          <FormControlLabel
            control={<Checkbox {...field} checked={value} onChange={(event) => onChange(event.target.checked)} />}
            label={t('accountSettings.password.signOutOthers')}
          />
        )}
      />
      <div>
        <Button type="submit" variant="contained" loading={isSubmitting} data-testid="password-save">
          {t('accountSettings.password.save')}
        </Button>
      </div>
    </Stack>
  );
};
