import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { OrganizationRisk } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { EmptyState } from '../../../components/empty-state';
import { PageSpinner } from '../../../components/page-spinner';
import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { useOrganizationRisk } from '../api/get-risk';
import { RiskScore } from './risk-score-breakdown';

const useNumbers = () => {
  const { i18n } = useTranslation();
  const whole = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const tenth = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return { whole: (n: number) => whole.format(n), tenth: (n: number) => tenth.format(n) };
};

/** What drives the organization's score: a bar chart for the eye, and the same numbers as a table. */
const Drivers = ({ drivers }: { drivers: OrganizationRisk['drivers'] }) => {
  const { t } = useTranslation();
  const numbers = useNumbers();
  const labels = drivers.map((driver) => t(`risk.factors.${driver.factor}`));
  return (
    <SectionCard title={t('risk.organization.driversTitle')} intro={t('risk.organization.driversIntro')}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Box role="figure" aria-label={t('risk.organization.driversChart')} sx={{ flex: '1 1 360px', minWidth: 0 }}>
          <BarChart
            height={Math.max(160, 44 * drivers.length)}
            layout="horizontal"
            skipAnimation
            hideLegend
            yAxis={[{ scaleType: 'band', data: labels, width: 180 }]}
            series={[{ data: drivers.map((driver) => driver.points), label: t('risk.organization.driverPoints'), color: '#1565c0' }]}
          />
        </Box>
        <ScrollableTableContainer label={t('risk.organization.driversTitle')} sx={{ flex: '1 1 320px', width: 'auto' }}>
          <Table size="small" data-testid="risk-drivers">
            <TableHead>
              <TableRow>
                <TableCell>{t('risk.organization.driver')}</TableCell>
                <TableCell align="right">{t('risk.organization.driverPoints')}</TableCell>
                <TableCell align="right">{t('risk.organization.driverPeople')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {drivers.map((driver) => (
                <TableRow key={driver.factor}>
                  <TableCell component="th" scope="row">
                    {t(`risk.factors.${driver.factor}`)}
                  </TableCell>
                  <TableCell align="right">{numbers.tenth(driver.points)}</TableCell>
                  <TableCell align="right">{numbers.whole(driver.people)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTableContainer>
      </Box>
    </SectionCard>
  );
};

const Departments = ({ departments }: { departments: OrganizationRisk['departments'] }) => {
  const { t } = useTranslation();
  const numbers = useNumbers();
  return (
    <SectionCard title={t('risk.organization.departmentsTitle')} intro={t('risk.organization.departmentsIntro')}>
      {departments.length === 0 ? (
        <Typography>{t('risk.organization.noDepartments')}</Typography>
      ) : (
        <ScrollableTableContainer label={t('risk.organization.departmentsTitle')}>
          <Table size="small" data-testid="risk-departments">
            <TableHead>
              <TableRow>
                <TableCell>{t('risk.organization.department')}</TableCell>
                <TableCell align="right">{t('risk.organization.score')}</TableCell>
                <TableCell align="right">{t('risk.organization.range')}</TableCell>
                <TableCell align="right">{t('risk.organization.peopleColumn')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {departments.map((department) => (
                <TableRow key={department.id}>
                  <TableCell component="th" scope="row">
                    {department.name}
                  </TableCell>
                  <TableCell align="right">{numbers.whole(department.score)}</TableCell>
                  <TableCell align="right">{`${numbers.whole(department.lower)}–${numbers.whole(department.upper)}`}</TableCell>
                  <TableCell align="right">{numbers.whole(department.people)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTableContainer>
      )}
    </SectionCard>
  );
};

/** The organization's score over the last six months with its likely range: a line chart and, on demand, the same numbers. */
const Trend = ({ trend }: { trend: OrganizationRisk['trend'] }) => {
  const { t, i18n } = useTranslation();
  const numbers = useNumbers();
  const dayFormat = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const days = trend.map((point) => new Date(`${point.day}T00:00:00Z`));
  // The axis stops at 10, 25, 50 or 100, whichever the range fits under, so a low score still shows its movement.
  const top = [10, 25, 50, 100].find((limit) => trend.every((point) => point.upper <= limit * 0.9)) ?? 100;
  return (
    <SectionCard title={t('risk.organization.trendTitle')} intro={t('risk.organization.trendIntro')}>
      <Box role="figure" aria-label={t('risk.organization.trendChart')}>
        <LineChart
          height={240}
          skipAnimation
          xAxis={[{ scaleType: 'time', data: days, valueFormatter: (value: Date) => dayFormat.format(value) }]}
          yAxis={[{ min: 0, max: top }]}
          series={[
            { data: trend.map((point) => point.score), label: t('risk.organization.score'), color: '#1565c0', showMark: false },
            { data: trend.map((point) => point.upper), label: t('risk.organization.upper'), color: '#90a4ae', showMark: false },
            { data: trend.map((point) => point.lower), label: t('risk.organization.lower'), color: '#90a4ae', showMark: false },
          ]}
        />
      </Box>
      <Box component="details" sx={{ mt: 1 }}>
        <Box component="summary" sx={{ cursor: 'pointer' }}>
          {t('risk.organization.showNumbers')}
        </Box>
        <ScrollableTableContainer label={t('risk.organization.trendTable')}>
          <Table size="small" data-testid="organization-risk-trend">
            <TableHead>
              <TableRow>
                <TableCell>{t('risk.organization.day')}</TableCell>
                <TableCell align="right">{t('risk.organization.score')}</TableCell>
                <TableCell align="right">{t('risk.organization.range')}</TableCell>
                <TableCell align="right">{t('risk.organization.peopleColumn')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {trend.map((point, index) => (
                <TableRow key={point.day}>
                  <TableCell component="th" scope="row">
                    {dayFormat.format(days[index]!)}
                  </TableCell>
                  <TableCell align="right">{numbers.tenth(point.score)}</TableCell>
                  <TableCell align="right">
                    {numbers.whole(point.lower)}–{numbers.whole(point.upper)}
                  </TableCell>
                  <TableCell align="right">{numbers.whole(point.people)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTableContainer>
      </Box>
    </SectionCard>
  );
};

const subpages = [
  ['insightsUserLoginActivity', paths.insights.organization.userLoginActivity.getHref()],
  ['insightsAnomalousActivity', paths.insights.organization.anomalousActivity.getHref()],
  ['insightsMfaProtectionStatus', paths.insights.organization.mfaProtectionStatus.getHref()],
  ['insightsDeviceProtectionStatus', paths.insights.organization.deviceProtectionStatus.getHref()],
  ['insightsTrainingStatus', paths.insights.organization.trainingStatus.getHref()],
] as const;

/** The organization's five subpages, which the menu does not list: a way there from their parent. */
const MoreAboutTheOrganization = () => {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t('risk.organization.moreTitle')}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t('risk.organization.moreTitle')}
      </Typography>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
        {subpages.map(([id, href]) => (
          <li key={id}>
            <Button component={RouterLink} to={href} variant="outlined">
              {t(`routes.${id}.title`)}
            </Button>
          </li>
        ))}
      </Box>
    </Box>
  );
};

/** /insights/organization/: the organization's score with its likely range, its drivers and its riskiest departments. */
export const OrganizationRiskOverview = () => {
  const { t } = useTranslation();
  const numbers = useNumbers();
  const { data, isPending, isError } = useOrganizationRisk();
  if (isPending) return <PageSpinner />;
  if (isError || !data) return <Alert severity="error">{t('risk.organization.loadError')}</Alert>;
  if (!data.computedAt)
    return (
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <EmptyState>{t('risk.organization.empty')}</EmptyState>
        <Button component={RouterLink} to={paths.configure.testing.getHref()} variant="contained">
          {t('risk.organization.emptyAction')}
        </Button>
        <MoreAboutTheOrganization />
      </Stack>
    );
  return (
    <Stack spacing={3}>
      <SectionCard title={t('risk.organization.title')} intro={t('risk.organization.intro')}>
        <RiskScore score={data.organization.score} bound={data.organization} testId="organization-risk-score" />
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('risk.organization.people', { count: data.organization.people })}
        </Typography>
        {data.whatIf.overdueTrainingCompleted.people > 0 ? (
          <Box data-testid="risk-what-if">
            <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
              {t('risk.organization.whatIfTitle')}
            </Typography>
            <Typography>
              {t('risk.organization.whatIf', {
                count: data.whatIf.overdueTrainingCompleted.people,
                from: numbers.whole(data.organization.score),
                to: numbers.whole(data.whatIf.overdueTrainingCompleted.score),
              })}
            </Typography>
          </Box>
        ) : null}
      </SectionCard>
      {data.trend.length > 1 ? <Trend trend={data.trend} /> : null}
      {data.drivers.length > 0 ? <Drivers drivers={data.drivers} /> : null}
      <Departments departments={data.departments} />
      <MoreAboutTheOrganization />
    </Stack>
  );
};
