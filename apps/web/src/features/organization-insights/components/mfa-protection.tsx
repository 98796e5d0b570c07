import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { ChartFigure } from '../../../components/chart-figure';
import { NumbersTable } from '../../../components/numbers-table';
import { SectionCard } from '../../../components/section-card';
import { StatTile } from '../../../components/stat-tile';
import { paths } from '../../../config/paths';
import { useMfaProtection } from '../api/get-organization-insights';
import { useInsightFormats } from './insight-formats';
import { InsightLoading, NumbersDisclosure } from './insight-page-states';

/** /insights/organization/mfa-protection-status/: who can prove who they are with what, from Vigil's own sign-in. */
export const MfaProtectionPage = () => {
  const { t } = useTranslation();
  const formats = useInsightFormats();
  const query = useMfaProtection();
  return (
    <InsightLoading isPending={query.isPending} isError={query.isError}>
      {() => {
        const data = query.data!;
        const factorLabels = data.factors.map((row) => t(`organizationInsights.mfa.factors.${row.factor}`));
        return (
          <Stack spacing={3}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
              <StatTile label={t('organizationInsights.mfa.withSecondFactor')} value={formats.share(data.withSecondFactor, data.people)} note={t('organizationInsights.mfa.ofPeople', { count: data.people, people: formats.whole(data.withSecondFactor) })} testId="mfa-second-factor" />
              <StatTile label={t('organizationInsights.mfa.stepUpRequired')} value={formats.whole(data.stepUpRequired)} note={t('organizationInsights.mfa.stepUpNote')} testId="mfa-step-up" />
              <StatTile label={t('organizationInsights.mfa.withoutLogin')} value={formats.whole(data.withoutLogin)} note={t('organizationInsights.mfa.withoutLoginNote')} />
            </Box>
            <Alert severity="info">{t('organizationInsights.mfa.factorsNote')}</Alert>
            <SectionCard title={t('organizationInsights.mfa.factorsTitle')} intro={t('organizationInsights.mfa.factorsIntro')}>
              <ChartFigure label={t('organizationInsights.mfa.factorsChart')}>
                <BarChart
                  height={220}
                  layout="horizontal"
                  skipAnimation
                  hideLegend
                  yAxis={[{ scaleType: 'band', data: factorLabels, width: 190 }]}
                  xAxis={[{ min: 0, max: Math.max(1, data.people) }]}
                  series={[{ data: data.factors.map((row) => row.people), label: t('organizationInsights.peopleColumn'), color: '#1565c0' }]}
                />
              </ChartFigure>
              <NumbersDisclosure>
                <NumbersTable
                  label={t('organizationInsights.mfa.factorsTitle')}
                  fileName="sign-in-factors.csv"
                  rows={data.factors}
                  rowKey={(row) => row.factor}
                  columns={[
                    { key: 'factor', label: t('organizationInsights.mfa.factor'), value: (row) => row.factor, show: (row) => t(`organizationInsights.mfa.factors.${row.factor}`) },
                    { key: 'people', label: t('organizationInsights.peopleColumn'), value: (row) => row.people, numeric: true },
                    { key: 'share', label: t('organizationInsights.share'), value: (row) => (data.people ? row.people / data.people : ''), show: (row) => formats.share(row.people, data.people), numeric: true },
                  ]}
                />
              </NumbersDisclosure>
            </SectionCard>
            <SectionCard title={t('organizationInsights.mfa.departmentsTitle')} intro={t('organizationInsights.mfa.departmentsIntro')}>
              <NumbersTable
                label={t('organizationInsights.mfa.departmentsTitle')}
                fileName="second-factor-by-department.csv"
                rows={data.byDepartment}
                rowKey={(row) => row.name}
                testId="mfa-departments"
                columns={[
                  { key: 'department', label: t('organizationInsights.department'), value: (row) => row.name, show: (row) => row.name || t('organizationInsights.noDepartment') },
                  { key: 'people', label: t('organizationInsights.peopleColumn'), value: (row) => row.people, numeric: true },
                  { key: 'with_second_factor', label: t('organizationInsights.mfa.withSecondFactor'), value: (row) => row.withSecondFactor, numeric: true },
                  { key: 'share', label: t('organizationInsights.share'), value: (row) => (row.people ? row.withSecondFactor / row.people : ''), show: (row) => formats.share(row.withSecondFactor, row.people), numeric: true },
                ]}
              />
              <Button component={RouterLink} to={paths.adaptiveControls.getHref()} sx={{ alignSelf: 'flex-start' }}>
                {t('organizationInsights.mfa.adaptiveLink')}
              </Button>
            </SectionCard>
          </Stack>
        );
      }}
    </InsightLoading>
  );
};
