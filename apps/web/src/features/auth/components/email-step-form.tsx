import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';

import type { AuthFailure } from '../auth-failure';
import { checkEmail, type EmailProblem } from '../validation';
import { AuthFailureAlert } from './auth-failure-alert';
import { EmailField } from './email-field';

type EmailStepFormProps = {
  email: string;
  onEmailChange: (email: string) => void;
  /** Called with the trimmed address once it passes the check beside the field. */
  onSend: (loginId: string) => void;
  /** Called instead of onSend when the address is refused beside the field. */
  onInvalidEmail: () => void;
  busy: boolean;
  failure: AuthFailure | null;
  submitLabel: string;
  /** For forms opened by a click: the field the user needs next is the email. */
  focusOnMount?: boolean;
  children?: ReactNode;
  testId: string;
  submitTestId: string;
};

/** Email → one button that emails something (a link, a reset link); the first step of the link methods. */
export const EmailStepForm = ({
  email,
  onEmailChange,
  onSend,
  onInvalidEmail,
  busy,
  failure,
  submitLabel,
  focusOnMount = false,
  children,
  testId,
  submitTestId,
}: EmailStepFormProps) => {
  const [emailProblem, setEmailProblem] = useState<EmailProblem | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusOnMount) emailRef.current?.focus();
  }, [focusOnMount]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const loginId = email.trim();
    const problem = checkEmail(loginId);
    setEmailProblem(problem);
    if (problem) {
      onInvalidEmail();
      emailRef.current?.focus();
      return;
    }
    onSend(loginId);
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit} aria-busy={busy} data-testid={testId}>
      {children}
      {failure ? <AuthFailureAlert failure={failure} /> : null}
      <EmailField value={email} onChange={onEmailChange} problem={emailProblem} disabled={busy} inputRef={emailRef} />
      <Button type="submit" variant="contained" size="large" loading={busy} fullWidth data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </Stack>
  );
};
