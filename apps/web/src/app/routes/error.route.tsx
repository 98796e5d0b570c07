import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { MessagePage } from '../../components/message-page';
import { paths } from '../../config/paths';
import { readErrorReason } from '../../features/shell/model/guard';
import { useSignOut } from '../../lib/auth/use-logout';
import { asksToSignOut, clearProfileError, readProfileError } from '../../lib/profile-error';

// Sent here from a signed-in page that could not go on (spec §4): end the session now that no
// page needing it is mounted any more.
const useSignOutIfAsked = () => {
  const { state } = useLocation();
  const signOut = useSignOut();
  const asked = asksToSignOut(state);
  const done = useRef(false);
  useEffect(() => {
    if (!asked || done.current) return;
    done.current = true;
    // If the logout request cannot be sent, this page still asks the user to sign in again.
    signOut().catch(() => undefined);
  }, [asked, signOut]);
};

// A signed-in person sent from a page their role may not open: they stay signed in, and home ("/")
// takes them to their landing page.
const ForbiddenPage = () => {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={t('errorPage.forbidden.title')}
      description={t('errorPage.forbidden.description')}
      action={
        <Button component={Link} to={paths.home.getHref()} variant="contained" size="large">
          {t('errorPage.forbidden.action')}
        </Button>
      }
    />
  );
};

// Redirect target when loading the profile fails: the user is signed out and starts again.
const ProfileErrorPage = () => {
  const { t } = useTranslation();
  useSignOutIfAsked();
  // Read once, then forget it, so a later visit to /error/ does not repeat an old message.
  const [detail] = useState(readProfileError);
  useEffect(() => clearProfileError(), []);

  return (
    <MessagePage
      title={t('errorPage.title')}
      description={t('errorPage.description')}
      action={
        <Button component={Link} to={paths.login.getHref()} variant="contained" size="large">
          {t('errorPage.action')}
        </Button>
      }
    >
      {detail ? (
        <Typography sx={{ wordBreak: 'break-word' }} data-testid="error-detail">
          {t('errorPage.detail', { message: detail })}
        </Typography>
      ) : null}
    </MessagePage>
  );
};

/** /error/: what went wrong, from the reason the guard sent along (features/shell/model/guard.ts). */
export const Component = () => {
  const { state } = useLocation();
  return readErrorReason(state) === 'forbidden' ? <ForbiddenPage /> : <ProfileErrorPage />;
};
