import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

const describeError = (error: unknown): string | null => {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return null;
};

/** A page's error boundary: the shell stays, so the navigation still leads elsewhere. */
export const PageError = () => {
  const { t } = useTranslation();
  const detail = describeError(useRouteError());
  return (
    <Alert severity="error" data-testid="page-error">
      <AlertTitle>{t('shell.pageError.title')}</AlertTitle>
      {t('shell.pageError.description')}
      {detail ? <div>{detail}</div> : null}
    </Alert>
  );
};
