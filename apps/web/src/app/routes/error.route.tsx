import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { MessagePage } from '../../components/message-page';
import { paths } from '../../config/paths';

// Redirect target when loading the profile fails: the user is signed out and starts again.
export const Component = () => {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={t('errorPage.title')}
      description={t('errorPage.description')}
      action={
        <Button component={Link} to={paths.login.getHref()} variant="contained" size="large">
          {t('errorPage.action')}
        </Button>
      }
    />
  );
};
