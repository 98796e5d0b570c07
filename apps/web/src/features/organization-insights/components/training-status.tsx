import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { TrainingStatus } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { EmptyState } from '../../../components/empty-state';
import { ChartFigure } from '../../../components/chart-figure';
import { NumbersTable } from '../../../components/numbers-table';
import { SectionCard } from '../../../components/section-card';
import { StatTile } from '../../../components/stat-tile';
import { paths } from '../../../config/paths';
import { useTrainingStatus } from '../api/get-organization-insights';
import { useInsightFormats } from './insight-formats';
import { InsightLoading, NumbersDisclosure } from './insight-page-states';

type Department = TrainingStatus['byDepartment'][number];
const colours = { completed: '#2e7d32', open: '#90a4ae', overdue: '#ef6c00', failed: '#c62828' } as const;
const openOf = (row: Department) => Math.max(0, row.assigned - row.completed - row.overdue - row.failed);

/** /insights/organization/training-status/: completion, overdue and failed lessons, by department and month. */
export const TrainingStatusPage = () => {
  const { t } = useTranslation();
  const formats = useInsightFormats();
  const query = useTrainingStatus();
  return (
    <InsightLoading isPending={query.isPending} isError={query.isError}>
      {() => {
        const data = query.data!;
        if (data.totals.assigned === 0)
          return (
            <Stack spacing={2} sx={{ alignItems: 'center' }}>
              <EmptyState>{t('organizationInsights.training.empty')}</EmptyState>
              <Button component={RouterLink} to={paths.configure.trainings.getHref()} variant="contained">
                {t('organizationInsights.training.emptyAction')}
              </Button>
            </Stack>
          );
        const name = (row: Department) => row.name || t('organizationInsights.noDepartment');
        const states = [
          { key: 'completed', label: t('organizationInsights.training.completed'), value: (row: Department) => row.completed },
          { key: 'open', label: t('organizationInsights.training.open'), value: openOf },
          { key: 'overdue', label: t('organizationInsights.training.overdue'), value: (row: Department) => row.overdue },
          { key: 'failed', label: t('organizationInsights.training.failed'), value: (row: Department) => row.failed },
        ] as const;
        return (
          <Stack spacing={3}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('organizationInsights.utcNote')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
              <StatTile label={t('organizationInsights.training.completionRate')} value={formats.share(data.totals.completed, data.totals.assigned)} note={t('organizationInsights.training.ofAssigned', { count: data.totals.assigned, completed: formats.whole(data.totals.completed) })} testId="training-completion" />
              <StatTile label={t('organizationInsights.training.overdue')} value={formats.whole(data.totals.overdue)} note={t('organizationInsights.training.overdueNote')} testId="training-overdue" />
              <StatTile label={t('organizationInsights.training.failed')} value={formats.whole(data.totals.failed)} note={t('organizationInsights.training.failedNote')} />
            </Box>
            <SectionCard title={t('organizationInsights.training.departmentsTitle')} intro={t('organizationInsights.training.departmentsIntro')}>
              <ChartFigure label={t('organizationInsights.training.departmentsChart')}>
                <BarChart
                  height={Math.max(180, 44 * data.byDepartment.length)}
                  layout="horizontal"
                  skipAnimation
                  yAxis={[{ scaleType: 'band', data: data.byDepartment.map(name), width: 160 }]}
                  series={states.map((state) => ({ data: data.byDepartment.map(state.value), label: state.label, stack: 'lessons', color: colours[state.key] }))}
                />
              </ChartFigure>
              <NumbersTable
                label={t('organizationInsights.training.departmentsTitle')}
                fileName="training-by-department.csv"
                rows={data.byDepartment}
                rowKey={(row) => row.name}
                testId="training-departments"
                columns={[
                  { key: 'department', label: t('organizationInsights.department'), value: (row) => row.name, show: name },
                  { key: 'people', label: t('organizationInsights.peopleColumn'), value: (row) => row.people, numeric: true },
                  { key: 'assigned', label: t('organizationInsights.training.assigned'), value: (row) => row.assigned, numeric: true },
                  ...states.map((state) => ({ key: state.key, label: state.label, value: state.value, numeric: true })),
                  { key: 'completion', label: t('organizationInsights.training.completionRate'), value: (row) => (row.assigned ? row.completed / row.assigned : ''), show: (row) => formats.share(row.completed, row.assigned), numeric: true },
                ]}
              />
            </SectionCard>
            <SectionCard title={t('organizationInsights.training.monthsTitle')} intro={t('organizationInsights.training.monthsIntro')}>
              <ChartFigure label={t('organizationInsights.training.monthsChart')}>
                <BarChart
                  height={220}
                  skipAnimation
                  hideLegend
                  xAxis={[{ scaleType: 'band', data: data.completedByMonth.map((row) => formats.month(row.month)) }]}
                  series={[{ data: data.completedByMonth.map((row) => row.completed), label: t('organizationInsights.training.completed'), color: colours.completed }]}
                />
              </ChartFigure>
              <NumbersDisclosure>
                <NumbersTable
                  label={t('organizationInsights.training.monthsTitle')}
                  fileName="lessons-completed-by-month.csv"
                  rows={data.completedByMonth}
                  rowKey={(row) => row.month}
                  columns={[
                    { key: 'month', label: t('organizationInsights.month'), value: (row) => row.month, show: (row) => formats.month(row.month) },
                    { key: 'completed', label: t('organizationInsights.training.completed'), value: (row) => row.completed, numeric: true },
                  ]}
                />
              </NumbersDisclosure>
            </SectionCard>
          </Stack>
        );
      }}
    </InsightLoading>
  );
};
