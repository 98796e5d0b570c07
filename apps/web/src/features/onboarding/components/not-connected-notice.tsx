import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';

type NotConnectedNoticeProps = { area: 'dmi' | 'watchtower' };

/** Says plainly what is not connected yet behind a step. */
export const NotConnectedNotice = ({ area }: NotConnectedNoticeProps) => {
  const { t } = useTranslation();
  return (
    <Alert severity="info" data-testid="not-connected">
      <AlertTitle>{t('onboardingWizard.notConnected.title')}</AlertTitle>
      {t(`onboardingWizard.notConnected.${area}`)}
    </Alert>
  );
};
