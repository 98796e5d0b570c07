import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { paths } from '../../../config/paths';
import { useLogout } from '../../../lib/auth/use-logout';
import type { FactorProblem } from '../factor-calls';

/** What went wrong changing a factor, with the way forward when there is one (sign in again, confirm the current factor). */
export const FactorProblemAlert = ({ problem }: { problem: FactorProblem }) => {
  const { t } = useTranslation();
  const logout = useLogout();
  const navigate = useNavigate();
  const action =
    problem === 'recentSignIn' ? (
      <Button color="inherit" size="small" onClick={() => void logout()}>
        {t('accountSettings.twoStep.signInAgain')}
      </Button>
    ) : problem === 'confirmSecondFactor' ? (
      <Button color="inherit" size="small" onClick={() => void navigate(paths.login.secondFactor.getHref())}>
        {t('accountSettings.twoStep.confirmNow')}
      </Button>
    ) : undefined;
  return (
    <Alert severity={problem === 'cancelled' ? 'info' : 'error'} action={action} role="alert">
      {t(`accountSettings.twoStep.problems.${problem}`)}
    </Alert>
  );
};
