import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../components/empty-state';
import { MessagePage } from '../../components/message-page';

// Public (no session needed): where a simulated phishing link leads. Its content comes later.
export const Component = () => {
  const { t } = useTranslation();
  return (
    <MessagePage title={t('routes.headsUp.title')} maxWidth={560}>
      <EmptyState>{t('routes.headsUp.empty')}</EmptyState>
    </MessagePage>
  );
};

export { ErrorBoundary } from './root.route';
