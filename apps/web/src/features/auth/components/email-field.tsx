import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

import type { EmailProblem } from '../validation';

type EmailFieldProps = {
  value: string;
  onChange: (value: string) => void;
  problem: EmailProblem | null;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
};

// Every sign-in field is required, so none shows an asterisk; the input still says so to assistive tech.
// autocomplete "username" (not "email") is what password managers pair with the password field.
export const EmailField = ({ value, onChange, problem, disabled, inputRef }: EmailFieldProps) => {
  const { t } = useTranslation();
  return (
    <TextField
      id="sign-in-email"
      name="email"
      type="email"
      label={t('login.fields.email')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={problem !== null}
      helperText={problem ? t(`login.validation.${problem}`) : undefined}
      disabled={disabled}
      inputRef={inputRef}
      autoComplete="username"
      fullWidth
      slotProps={{ htmlInput: { required: true, 'data-testid': 'sign-in-email', spellCheck: false, autoCapitalize: 'none' } }}
    />
  );
};
