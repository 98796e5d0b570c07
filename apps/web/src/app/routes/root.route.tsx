import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

import { MessagePage } from '../../components/message-page';
import { PageSpinner } from '../../components/page-spinner';

// JSON.stringify returns undefined for undefined and functions, despite its declared type.
const toText = (value: unknown): string =>
  typeof value === 'string' ? value : ((JSON.stringify(value) as string | undefined) ?? '');

const describeError = (error: unknown): string => {
  if (isRouteErrorResponse(error)) return toText(error.data);
  if (error instanceof Error) return error.message;
  return toText(error);
};

// Last line of defence for anything a route did not handle itself (the spec's router fallback).
export const ErrorBoundary = () => {
  const { t } = useTranslation();
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}`.trim() : null;
  const details = describeError(error);
  // Stacks help while developing but leak internals in production.
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;

  return (
    <MessagePage title={t('appError.title')} maxWidth={720}>
      {status ? <Typography variant="h2">{status}</Typography> : null}
      {details ? <Typography sx={{ wordBreak: 'break-word' }}>{details}</Typography> : null}
      {stack ? (
        <Box
          component="pre"
          aria-label={t('appError.stackLabel')}
          sx={{
            m: 0,
            p: 2,
            width: '100%',
            overflow: 'auto',
            textAlign: 'left',
            fontSize: '0.75rem',
            bgcolor: 'background.default',
            borderRadius: 1,
          }}
        >
          {stack}
        </Box>
      ) : null}
    </MessagePage>
  );
};

// Shown while the first route module loads.
export const HydrateFallback = PageSpinner;
