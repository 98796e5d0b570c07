import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

import { GroupRiskSummary } from '../../../features/people-insights/components/group-risk-summary';
import { PeopleRiskList } from '../../../features/people-insights/components/people-risk-list';
import { PageError } from '../../../features/shell/components/page-error';

const scope = { view: 'direct-reports' as const };

// /insights/direct-reports/search/: a direct manager's own reports, their score as a team and one by one.
export const Component = () => {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <GroupRiskSummary scope={scope} title={t('peopleInsights.directReports.groupTitle')} intro={t('peopleInsights.directReports.groupIntro')} />
      <PeopleRiskList scope={scope} title={t('peopleInsights.directReports.title')} intro={t('peopleInsights.directReports.intro')} emptyText={t('peopleInsights.directReports.empty')} />
    </Stack>
  );
};
export const ErrorBoundary = PageError;
