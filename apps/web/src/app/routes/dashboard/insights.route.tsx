import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageSpinner } from '../../../components/page-spinner';
import { usePersonalUserData } from '../../../features/people/api/get-personal-user-data';
import { PersonalSummary } from '../../../features/people/components/personal-summary';
import { MyRiskCard } from '../../../features/risk/components/my-risk-card';
import { PageError } from '../../../features/shell/components/page-error';
import { useLogout } from '../../../lib/auth/use-logout';

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

// Your Security Insights: the person's own security score and what moved it, who is signed in, and a way out.
// §2 hides the page title here, so the shell shows none; the page still has an h1, out of sight, so
// screen readers can find where the page starts and the shell can move focus to it. The shell layout
// has loaded the personal record already (and handles a failure to load it).
export const Component = () => {
  const { t } = useTranslation();
  const { data: person } = usePersonalUserData();

  if (!person) return <PageSpinner />;
  return (
    <>
      <Typography variant="h1" sx={visuallyHidden}>
        {t('dashboardInsights.title')}
      </Typography>
      <Stack spacing={3}>
        <MyRiskCard />
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, maxWidth: 560 }}>
          <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
            <PersonalSummary person={person} />
            <LogoutButton />
          </Stack>
        </Paper>
      </Stack>
    </>
  );
};

export const ErrorBoundary = PageError;
