import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '../config/paths';
import { MessagePage } from './message-page';

// A link styled as a button: it navigates, so it keeps link semantics (open in new tab, etc.).
export const PageNotFound = () => {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={t('notFound.title')}
      description={t('notFound.description')}
      action={
        <Button component={Link} to={paths.login.getHref()} variant="contained" size="large">
          {t('notFound.action')}
        </Button>
      }
    />
  );
};
