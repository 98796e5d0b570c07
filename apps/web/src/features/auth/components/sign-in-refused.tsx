import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { MessagePage } from '../../../components/message-page';
import { paths } from '../../../config/paths';

/** A sign-in an identity provider sent back refused: why, and the way back to the sign-in page. */
export const SignInRefused = ({ title, message }: { title: string; message: string }) => {
  const { t } = useTranslation();
  return (
    <MessagePage title={title}>
      <Alert severity="error" sx={{ textAlign: 'left' }}>
        {message}
      </Alert>
      <Button component={RouterLink} to={paths.login.getHref()} sx={{ mt: 2 }}>
        {t('login.sso.back')}
      </Button>
    </MessagePage>
  );
};
