import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type WizardFormProps = {
  onSubmit: () => void;
  submitting: boolean;
  failure: string | null;
  /** A way back, left of the submit button. */
  backLink?: ReactNode;
  submitLabel?: string;
  submittingLabel?: string;
  disabled?: boolean;
  children: ReactNode;
  testId: string;
  /** The submit button's test id, where it is not `${testId}-submit`. */
  submitTestId?: string;
};

/** The fields of a wizard step, its form-level failure, and the button that saves and moves on. */
export const WizardForm = ({ onSubmit, submitting, failure, backLink, submitLabel, submittingLabel, disabled, children, testId, submitTestId = `${testId}-submit` }: WizardFormProps) => {
  const { t } = useTranslation();
  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      {failure ? (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={2}>
        {backLink}
        <Button type="submit" variant="contained" disabled={submitting || disabled} data-testid={submitTestId}>
          {submitting ? (submittingLabel ?? t('onboardingWizard.common.saving')) : (submitLabel ?? t('onboardingWizard.common.continue'))}
        </Button>
      </Stack>
    </Stack>
  );
};

/** The way back from a wizard form (to the choice of provider, say), as its `backLink`. */
export const WizardBackLink = ({ to, label }: { to: string; label: string }) => (
  <Button component={Link} to={to}>
    {label}
  </Button>
);
