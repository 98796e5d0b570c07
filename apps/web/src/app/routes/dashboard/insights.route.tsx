import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { MessagePage } from '../../../components/message-page';
import { PageSpinner } from '../../../components/page-spinner';
import { paths } from '../../../config/paths';
import { usePersonalUserData } from '../../../features/people/api/get-personal-user-data';
import { PersonalSummary } from '../../../features/people/components/personal-summary';
import { ApiError } from '../../../lib/api-client';
import { useLogout } from '../../../lib/auth/use-logout';
import { signOutOnArrival, storeProfileError } from '../../../lib/profile-error';

// Spec §4: if the profile cannot be loaded, keep the message, sign out and show /error/
// (which does the signing out once it is on screen; see signOutOnArrival).
const useLeaveOnProfileError = (error: Error | null) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const handled = useRef(false);
  useEffect(() => {
    if (!error || handled.current) return;
    handled.current = true;
    // An ApiError carries the server's message; anything else here is a body that broke the contract.
    storeProfileError(error instanceof ApiError ? error.message : t('dashboardInsights.profileUnreadable'));
    void navigate(paths.error.getHref(), { replace: true, state: signOutOnArrival });
  }, [error, navigate, t]);
};

const LogoutButton = () => {
  const { t } = useTranslation();
  const logout = useLogout();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const onClick = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await logout();
    } catch {
      // The logout request could not be sent: the SDK keeps the session, so we must say so.
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <>
      {failed ? <Alert severity="error">{t('dashboardInsights.logoutFailed')}</Alert> : null}
      <Button variant="outlined" size="large" loading={busy} onClick={() => void onClick()} data-testid="logout">
        {t('dashboardInsights.logout')}
      </Button>
    </>
  );
};

// A minimal signed-in page until the shell arrives: who is signed in, and a way out.
export const Component = () => {
  const { t } = useTranslation();
  const { data: person, error } = usePersonalUserData();
  useLeaveOnProfileError(error);

  if (!person) return <PageSpinner />;
  return (
    <MessagePage title={t('dashboardInsights.title')} maxWidth={560}>
      <PersonalSummary person={person} />
      <LogoutButton />
    </MessagePage>
  );
};
