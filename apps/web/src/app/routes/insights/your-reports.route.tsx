import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

import { GroupRiskSummary } from '../../../features/people-insights/components/group-risk-summary';
import { PeopleRiskList } from '../../../features/people-insights/components/people-risk-list';
import { PageError } from '../../../features/shell/components/page-error';

const scope = { view: 'reporting-line' as const };

// /insights/your-reports/: a manager's whole reporting line, at every level below them.
export const Component = () => {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <GroupRiskSummary scope={scope} title={t('peopleInsights.yourReports.groupTitle')} intro={t('peopleInsights.yourReports.groupIntro')} />
      <PeopleRiskList scope={scope} title={t('peopleInsights.yourReports.title')} intro={t('peopleInsights.yourReports.intro')} emptyText={t('peopleInsights.yourReports.empty')} />
    </Stack>
  );
};
export const ErrorBoundary = PageError;
