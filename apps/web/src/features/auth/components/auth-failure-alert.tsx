import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

import type { AuthFailure } from '../auth-failure';

const useFailureMessage = (failure: AuthFailure): string => {
  const { t } = useTranslation();
  switch (failure.reason) {
    case 'invalidCredentials':
      return t('login.errors.invalidCredentials');
    case 'invalidCode':
      return t('login.errors.invalidCode');
    case 'invalidLink':
      return t('login.errors.invalidLink');
    case 'linkTimedOut':
      return t('login.errors.linkTimedOut');
    case 'weakPassword':
      return t('login.errors.weakPassword');
    case 'invalidInput':
      return t('login.errors.invalidInput');
    case 'tooManyAttempts':
      return failure.retryAfterSeconds > 0
        ? t('login.errors.tooManyAttempts', { count: failure.retryAfterSeconds })
        : t('login.errors.tooManyAttemptsNoWait');
    case 'network':
      return t('login.errors.network');
    case 'ssoRequired':
      return t('login.errors.ssoRequired');
    case 'methodNotAllowed':
      return t('login.errors.methodNotAllowed');
    case 'generic':
      return t('login.errors.generic');
  }
};

// MUI's error Alert has role="alert", so screen readers announce it as soon as it appears.
export const AuthFailureAlert = ({ failure }: { failure: AuthFailure }) => {
  const message = useFailureMessage(failure);
  return (
    <Alert severity="error" data-testid="sign-in-error">
      {message}
    </Alert>
  );
};
