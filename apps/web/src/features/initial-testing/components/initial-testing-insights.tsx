import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { BaselineRates, InitialTestingBaseline } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { ChartFigure } from '../../../components/chart-figure';
import { EmptyState } from '../../../components/empty-state';
import { NumbersTable } from '../../../components/numbers-table';
import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { messageOf } from '../../../lib/api-client';
import { useInitialTestingBaseline } from '../api/get-initial-testing-baseline';

type Row = BaselineRates & { key: string; label: string };

const useFormat = () => {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const number = new Intl.NumberFormat(i18n.language);
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' });
  return {
    rate: (rate: number | null) => (rate === null ? t('initialTestingInsights.noRate') : percent.format(rate)),
    percent: (share: number) => percent.format(share),
    number: (value: number) => number.format(value),
    day: (iso: string) => day.format(new Date(iso)),
  };
};

const Stat = ({ label, value, help, testId }: { label: string; value: string; help?: string; testId: string }) => (
  <Paper variant="outlined" sx={{ p: 2, flex: '1 1 160px' }} data-testid={testId}>
    <Typography sx={{ color: 'text.secondary' }}>{label}</Typography>
    <Typography sx={{ fontSize: '1.75rem', fontWeight: 600 }}>{value}</Typography>
    {help ? <Typography variant="body2" sx={{ color: 'text.secondary' }}>{help}</Typography> : null}
  </Paper>
);

/** Failure and report rates of each group: a bar chart, and the same numbers in a table. */
const RatesSection = ({ title, intro, firstColumn, rows, chartLabel, tableLabel, testId, horizontal }: {
  title: string;
  intro?: string;
  firstColumn: string;
  rows: Row[];
  chartLabel: string;
  tableLabel: string;
  testId: string;
  horizontal?: boolean;
}) => {
  const { t } = useTranslation();
  const format = useFormat();
  const series = [
    { data: rows.map((row) => row.failureRate), label: t('initialTestingInsights.summary.failureRate'), valueFormatter: (value: number | null) => format.rate(value), color: '#c2410c' },
    { data: rows.map((row) => row.reportRate), label: t('initialTestingInsights.summary.reportRate'), valueFormatter: (value: number | null) => format.rate(value), color: '#15803d' },
  ];
  // Rates from 0 to 100% in fifths: a wide chart would otherwise tick every 5%.
  const rateAxis = [{ min: 0, max: 1, tickNumber: 5, valueFormatter: (value: number) => format.percent(value) }];
  const labels = rows.map((row) => row.label);
  return (
    <SectionCard title={title} intro={intro} testId={testId}>
      <ChartFigure label={chartLabel}>
        {horizontal ? (
          <BarChart height={Math.max(240, rows.length * 56 + 80)} layout="horizontal" skipAnimation yAxis={[{ scaleType: 'band', data: labels, width: 140 }]} xAxis={rateAxis} series={series} />
        ) : (
          <BarChart height={280} skipAnimation xAxis={[{ scaleType: 'band', data: labels }]} yAxis={rateAxis} series={series} />
        )}
      </ChartFigure>
      <ScrollableTableContainer label={tableLabel}>
        <Table size="small" sx={{ minWidth: 640 }} data-testid={`${testId}-table`}>
          <TableHead>
            <TableRow>
              <TableCell>{firstColumn}</TableCell>
              {(['recipients', 'delivered', 'failed', 'failureRate', 'reported', 'reportRate'] as const).map((column) => (
                <TableCell key={column} align="right">
                  {t(`initialTestingInsights.columns.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key}>
                <TableCell component="th" scope="row">
                  {row.label}
                </TableCell>
                <TableCell align="right">{format.number(row.recipients)}</TableCell>
                <TableCell align="right">{format.number(row.delivered)}</TableCell>
                <TableCell align="right">{format.number(row.failed)}</TableCell>
                <TableCell align="right">{format.rate(row.failureRate)}</TableCell>
                <TableCell align="right">{format.number(row.reported)}</TableCell>
                <TableCell align="right">{format.rate(row.reportRate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollableTableContainer>
    </SectionCard>
  );
};

type Compared = { key: string; label: string; then: BaselineRates | null; now: BaselineRates | null };

/** The baseline beside every other simulation of the last 90 days: a chart of the two rates, and the same by department. */
const ThenAndNow = ({ baseline, today }: { baseline: InitialTestingBaseline; today: NonNullable<InitialTestingBaseline['today']> }) => {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const points = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  if (today.overall.delivered === 0) {
    return (
      <SectionCard title={t('initialTestingInsights.compare.heading')} testId="initial-testing-compare">
        <Typography>{t('initialTestingInsights.compare.noneYet')}</Typography>
      </SectionCard>
    );
  }
  const keyOf = (row: { departmentId: string | null }) => row.departmentId ?? 'none';
  const departments = new Map<string, Compared>();
  for (const row of baseline.byDepartment) departments.set(keyOf(row), { key: keyOf(row), label: row.name ?? t('initialTestingInsights.byDepartment.noDepartment'), then: row, now: null });
  for (const row of today.byDepartment) {
    const known = departments.get(keyOf(row));
    departments.set(keyOf(row), { key: keyOf(row), label: row.name ?? t('initialTestingInsights.byDepartment.noDepartment'), then: known?.then ?? null, now: row });
  }
  const rows: Compared[] = [{ key: 'everyone', label: t('initialTestingInsights.compare.everyone'), then: baseline.overall, now: today.overall }, ...departments.values()];
  // The change in failure rate in percentage points, when both rates are known.
  const changeOf = (row: Compared) => {
    const before = row.then?.failureRate;
    const after = row.now?.failureRate;
    return before === null || before === undefined || after === null || after === undefined ? undefined : Math.round((after - before) * 1000) / 10;
  };
  const change = (row: Compared) => {
    const value = changeOf(row);
    return value === undefined ? t('initialTestingInsights.noRate') : t('initialTestingInsights.compare.points', { value: points.format(value) });
  };
  const rateAxis = [{ min: 0, max: 1, tickNumber: 5, valueFormatter: (value: number) => format.percent(value) }];
  return (
    <SectionCard title={t('initialTestingInsights.compare.heading')} intro={t('initialTestingInsights.compare.intro', { date: format.day(today.since) })} testId="initial-testing-compare">
      <ChartFigure label={t('initialTestingInsights.compare.chartLabel')}>
        <BarChart
          height={260}
          skipAnimation
          xAxis={[{ scaleType: 'band', data: [t('initialTestingInsights.summary.failureRate'), t('initialTestingInsights.summary.reportRate')] }]}
          yAxis={rateAxis}
          series={[
            { data: [baseline.overall.failureRate, baseline.overall.reportRate], label: t('initialTestingInsights.compare.baseline'), valueFormatter: (value: number | null) => format.rate(value), color: '#90a4ae' },
            { data: [today.overall.failureRate, today.overall.reportRate], label: t('initialTestingInsights.compare.today'), valueFormatter: (value: number | null) => format.rate(value), color: '#1565c0' },
          ]}
        />
      </ChartFigure>
      <NumbersTable
        label={t('initialTestingInsights.compare.heading')}
        fileName="baseline-and-today.csv"
        rows={rows}
        rowKey={(row) => row.key}
        testId="initial-testing-compare-table"
        columns={[
          { key: 'group', label: t('initialTestingInsights.compare.group'), value: (row) => row.label },
          { key: 'failure_rate_baseline', label: t('initialTestingInsights.compare.failureBaseline'), value: (row) => row.then?.failureRate ?? '', show: (row) => format.rate(row.then?.failureRate ?? null), numeric: true },
          { key: 'failure_rate_last_90_days', label: t('initialTestingInsights.compare.failureToday'), value: (row) => row.now?.failureRate ?? '', show: (row) => format.rate(row.now?.failureRate ?? null), numeric: true },
          { key: 'failure_rate_change_points', label: t('initialTestingInsights.compare.change'), value: (row) => changeOf(row) ?? '', show: (row) => change(row), numeric: true },
          { key: 'report_rate_baseline', label: t('initialTestingInsights.compare.reportBaseline'), value: (row) => row.then?.reportRate ?? '', show: (row) => format.rate(row.then?.reportRate ?? null), numeric: true },
          { key: 'report_rate_last_90_days', label: t('initialTestingInsights.compare.reportToday'), value: (row) => row.now?.reportRate ?? '', show: (row) => format.rate(row.now?.reportRate ?? null), numeric: true },
        ]}
      />
    </SectionCard>
  );
};

const StateLine = ({ baseline }: { baseline: InitialTestingBaseline }) => {
  const { t } = useTranslation();
  const format = useFormat();
  if (baseline.state === 'completed') return <Alert severity="success">{t('initialTestingInsights.state.completed', { date: format.day(baseline.completedAt!) })}</Alert>;
  const sentence =
    baseline.state === 'scheduled'
      ? t('initialTestingInsights.state.scheduled', { date: format.day(baseline.startAt!) })
      : t('initialTestingInsights.state.running', { date: format.day(baseline.endsAt!) });
  return (
    <Alert severity="info" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <Typography>{sentence}</Typography>
      <LinearProgress variant="determinate" value={baseline.progress * 100} aria-label={t('initialTestingInsights.progressLabel')} sx={{ mt: 1.5, height: 8, borderRadius: 4 }} />
      <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="initial-testing-progress">
        {t('initialTestingInsights.progress', { percent: format.percent(baseline.progress) })}
      </Typography>
    </Alert>
  );
};

/** The baseline risk assessment: the initial-testing campaign's state and its rates overall, by difficulty and by department. */
export const InitialTestingInsights = () => {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useInitialTestingBaseline();
  if (query.isPending) return <CircularProgress aria-label={t('app.loading')} />;
  if (query.isError) return <Alert severity="error">{t('initialTestingInsights.failed', { message: messageOf(query.error) })}</Alert>;
  const baseline = query.data;
  if (baseline.state === 'not-started') {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center' }} data-testid="initial-testing-not-started">
        <EmptyState>{t('initialTestingInsights.notStarted')}</EmptyState>
        <Button component={Link} to={paths.onboarding.launchInitialTesting.getHref()} variant="contained">
          {t('initialTestingInsights.launch')}
        </Button>
      </Stack>
    );
  }
  const { overall } = baseline;
  const byDifficulty: Row[] = baseline.byDifficulty.map((row) => ({ ...row, key: String(row.difficulty), label: t('initialTestingInsights.byDifficulty.level', { level: row.difficulty }) }));
  const byDepartment: Row[] = baseline.byDepartment.map((row) => ({ ...row, key: row.departmentId ?? 'none', label: row.name ?? t('initialTestingInsights.byDepartment.noDepartment') }));
  return (
    <Stack spacing={3} data-testid="initial-testing-insights">
      <Typography sx={{ color: 'text.secondary' }}>{t('initialTestingInsights.intro')}</Typography>
      <StateLine baseline={baseline} />
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
        <Stat testId="stat-recipients" label={t('initialTestingInsights.summary.recipients')} value={format.number(overall.recipients)} />
        <Stat testId="stat-delivered" label={t('initialTestingInsights.summary.delivered')} value={format.number(overall.delivered)} />
        <Stat testId="stat-failure-rate" label={t('initialTestingInsights.summary.failureRate')} value={format.rate(overall.failureRate)} help={t('initialTestingInsights.summary.failureRateHelp')} />
        <Stat testId="stat-report-rate" label={t('initialTestingInsights.summary.reportRate')} value={format.rate(overall.reportRate)} help={t('initialTestingInsights.summary.reportRateHelp')} />
      </Stack>
      {baseline.today ? <ThenAndNow baseline={baseline} today={baseline.today} /> : null}
      <RatesSection
        title={t('initialTestingInsights.byDifficulty.heading')}
        intro={t('initialTestingInsights.byDifficulty.intro')}
        firstColumn={t('initialTestingInsights.columns.difficulty')}
        rows={byDifficulty}
        chartLabel={t('initialTestingInsights.byDifficulty.chartLabel')}
        tableLabel={t('initialTestingInsights.byDifficulty.tableLabel')}
        testId="initial-testing-difficulty"
      />
      <RatesSection
        title={t('initialTestingInsights.byDepartment.heading')}
        firstColumn={t('initialTestingInsights.columns.department')}
        rows={byDepartment}
        chartLabel={t('initialTestingInsights.byDepartment.chartLabel')}
        tableLabel={t('initialTestingInsights.byDepartment.tableLabel')}
        testId="initial-testing-departments"
        horizontal
      />
    </Stack>
  );
};
