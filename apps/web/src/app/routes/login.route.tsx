import { useTranslation } from 'react-i18next';

import { MessagePage } from '../../components/message-page';

// Placeholder: the authentication issue replaces this with the provider's sign-in flow.
export const Component = () => {
  const { t } = useTranslation();
  return <MessagePage title={t('login.title')} description={t('login.description')} />;
};
