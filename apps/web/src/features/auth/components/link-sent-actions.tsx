import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

type LinkSentActionsProps = {
  onChangeEmail: () => void;
  onResend: () => void;
  resending: boolean;
  disabled: boolean;
  testIdPrefix: string;
};

/** "Use a different email" and "Resend link", below the notice that a link is on its way. */
export const LinkSentActions = ({ onChangeEmail, onResend, resending, disabled, testIdPrefix }: LinkSentActionsProps) => {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
      <Button type="button" onClick={onChangeEmail} disabled={disabled} data-testid={`${testIdPrefix}-change-email`}>
        {t('login.links.changeEmail')}
      </Button>
      <Button type="button" onClick={onResend} loading={resending} disabled={disabled} data-testid={`${testIdPrefix}-resend`}>
        {t('login.links.resend')}
      </Button>
    </Stack>
  );
};
