import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { PeopleRiskList } from '../../../features/people-insights/components/people-risk-list';
import { PersonRiskPage } from '../../../features/people-insights/components/person-risk-page';
import { PageError } from '../../../features/shell/components/page-error';

// /insights/users/search/: everyone the caller may see, riskiest first; /insights/users/?person=: one of them.
export const Component = () => {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const personId = searchParams.get('person');
  if (personId) return <PersonRiskPage personId={personId} />;
  return <PeopleRiskList scope={{ view: 'all' }} title={t('peopleInsights.users.title')} intro={t('peopleInsights.users.intro')} emptyText={t('peopleInsights.users.empty')} />;
};
export const ErrorBoundary = PageError;
