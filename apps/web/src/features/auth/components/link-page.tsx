import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { MessagePage } from '../../../components/message-page';
import { paths } from '../../../config/paths';
import type { AuthFailure } from '../auth-failure';
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
