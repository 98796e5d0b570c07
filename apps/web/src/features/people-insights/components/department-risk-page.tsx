import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import { useInsightsDepartments } from '../api/people-insights';
import { GroupRiskSummary } from './group-risk-summary';
import { PeopleRiskList } from './people-risk-list';

/** /insights/departments/?department=: one department's score and its people, riskiest first. */
export const DepartmentRiskPage = ({ departmentId }: { departmentId: string }) => {
  const { t } = useTranslation();
  const name = useInsightsDepartments('').data?.items.find((department) => department.id === departmentId)?.name ?? t('peopleInsights.department.fallbackName');
  const scope = { view: 'all' as const, departmentId };
  return (
    <Stack spacing={3}>
      <Link component={RouterLink} to={paths.insights.departments.search.getHref()} sx={{ alignSelf: 'flex-start' }}>
        {t('peopleInsights.department.back')}
      </Link>
      <GroupRiskSummary scope={scope} title={t('peopleInsights.department.title', { name })} intro={t('peopleInsights.department.intro')} />
      <PeopleRiskList scope={scope} title={t('peopleInsights.department.people', { name })} intro={t('peopleInsights.department.peopleIntro')} emptyText={t('peopleInsights.department.empty')} />
    </Stack>
  );
};
