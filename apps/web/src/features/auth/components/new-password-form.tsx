import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { paths } from '../../../config/paths';
import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import { runAuthCall, type AuthFailure } from '../auth-failure';
import { checkNewPassword, newPasswordRule, type NewPasswordProblem } from '../validation';
import { AuthFailureAlert } from './auth-failure-alert';

type NewPasswordFormProps = {
  loginId: string;
  /** From the reset link's session; it authorises the change. */
  refreshJwt: string | undefined;
};

const rule = { min: newPasswordRule.minLength, max: newPasswordRule.maxLength };

/** One new password (shown rule: length), then on to the app with the session the link gave. */
export const NewPasswordForm = ({ loginId, refreshJwt }: NewPasswordFormProps) => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<NewPasswordProblem | null>(null);
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // Never trimmed: spaces are allowed in passwords.
    const found = checkNewPassword(password);
    setProblem(found);
    setFailure(null);
    if (found) {
      passwordRef.current?.focus();
      return;
    }
    setBusy(true);
    const outcome = await runAuthCall(() => sdk.password.update(loginId, password, refreshJwt), 'update-password');
    setBusy(false);
    if (!outcome.ok) {
      setFailure(outcome.failure);
      passwordRef.current?.focus();
      return;
    }
    await navigate(paths.home.getHref(), { replace: true });
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={submit}
      aria-busy={busy}
      sx={{ width: '100%', textAlign: 'left' }}
      data-testid="new-password-form"
    >
      {failure ? <AuthFailureAlert failure={failure} /> : null}
      {/* Lets a password manager store the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={loginId} readOnly hidden />
      <TextField
        id="new-password"
        name="new-password"
        type="password"
        label={t('login.fields.newPassword')}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={problem !== null}
        helperText={problem ? t(`login.validation.${problem}`, rule) : t('login.newPassword.rule', rule)}
        disabled={busy}
        inputRef={passwordRef}
        autoComplete="new-password"
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { required: true, minLength: rule.min, 'data-testid': 'new-password' } }}
      />
      <Button type="submit" variant="contained" size="large" loading={busy} fullWidth data-testid="new-password-submit">
        {t('login.newPassword.submit')}
      </Button>
    </Stack>
  );
};
