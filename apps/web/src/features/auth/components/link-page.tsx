import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';

import { MessagePage } from '../../../components/message-page';
import { paths } from '../../../config/paths';
import type { AuthFailure } from '../auth-failure';
import type { LinkCheck } from '../use-verify-link';
import { AuthFailureAlert } from './auth-failure-alert';

/** While an emailed link is being checked. */
export const LinkPageProgress = ({ title }: { title: string }) => {
  const { t } = useTranslation();
  return (
    <MessagePage title={title}>
      <CircularProgress aria-label={t('app.loading')} />
    </MessagePage>
  );
};

type LinkPageProblemProps = {
  /** Null when the address has no token at all. */
  failure: AuthFailure | null;
  failedTitle: string;
};

/** An emailed link that cannot be used: says why, and leads back to sign-in to ask for a new one. */
export const LinkPageProblem = ({ failure, failedTitle }: LinkPageProblemProps) => {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={failure ? failedTitle : t('login.linkPages.missingTitle')}
      description={failure ? undefined : t('login.linkPages.missing')}
      action={
        <Button component={Link} to={paths.login.getHref()} variant="contained" size="large" data-testid="link-page-back">
          {t('login.linkPages.back')}
        </Button>
      }
    >
      {failure ? <AuthFailureAlert failure={failure} /> : null}
    </MessagePage>
  );
};

/**
 * What a landing page shows while its one-time token is checked, and after: into the product
 * (replacing the address, so Back does not return to a used token), or why not.
 */
export const LinkCheckOutcome = ({ check, failedTitle }: { check: LinkCheck<unknown>; failedTitle: string }) => {
  const { t } = useTranslation();
  switch (check.status) {
    case 'checking':
      return <LinkPageProgress title={t('login.linkPages.signingIn')} />;
    case 'verified':
      return <Navigate to={paths.home.getHref()} replace />;
    case 'missing':
      return <LinkPageProblem failure={null} failedTitle={failedTitle} />;
    case 'failed':
      return <LinkPageProblem failure={check.failure} failedTitle={failedTitle} />;
  }
};
