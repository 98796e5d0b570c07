import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { reportPeriods, riskFactorSchema, type ExecutiveReport as Report, type RecommendedAction } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageSpinner } from '../../../components/page-spinner';
import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { SectionCard } from '../../../components/section-card';
import { messageOf } from '../../../lib/api-client';
import { saveCsv } from '../../../lib/save-file';
import { StatTile } from '../../../components/stat-tile';
import { useDownloadReportPdf, useExecutiveReport } from '../api/reporting';

const colours = { score: '#1565c0', sent: '#90a4ae', failed: '#c62828', reported: '#2e7d32' } as const;

const useFormat = () => {
  const { i18n } = useTranslation();
  const whole = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const month = new Intl.DateTimeFormat(i18n.language, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const day = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return {
    whole: (n: number) => whole.format(n),
    share: (part: number, total: number) => (total ? percent.format(part / total) : '–'),
    month: (key: string) => month.format(new Date(`${key}-01T00:00:00Z`)),
    day: (key: string) => day.format(new Date(`${key}T00:00:00Z`)),
  };
};

const ActionText = ({ action }: { action: RecommendedAction }) => {
  const { t } = useTranslation();
  const factor = riskFactorSchema.safeParse(action.values.factor);
  const people = action.values.people;
  const values: Record<string, string | number> = { ...action.values, ...(factor.success ? { factor: t(`risk.factors.${factor.data}`) } : {}), ...(typeof people === 'number' ? { count: people } : {}) };
  return <>{t(`reporting.actions.${action.key}`, values)}</>;
};

const Charts = ({ report }: { report: Report }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const months = report.simulations.byMonth;
  const top = [10, 25, 50, 100].find((limit) => report.risk.trend.every((point) => point.score <= limit * 0.9)) ?? 100;
  return (
    <>
      <SectionCard title={t('reporting.trend.title')} intro={t('reporting.trend.intro', { top })}>
        {report.risk.trend.length > 1 ? (
          <Box role="figure" aria-label={t('reporting.trend.chart')}>
            <LineChart
              height={240}
              skipAnimation
              hideLegend
              xAxis={[{ scaleType: 'time', data: report.risk.trend.map((point) => new Date(`${point.day}T00:00:00Z`)), valueFormatter: (value: Date) => format.day(value.toISOString().slice(0, 10)) }]}
              yAxis={[{ min: 0, max: top }]}
              series={[{ data: report.risk.trend.map((point) => point.score), label: t('reporting.trend.score'), color: colours.score, showMark: false }]}
            />
          </Box>
        ) : (
          <Typography>{t('reporting.trend.empty')}</Typography>
        )}
        <Box>
          <Button size="small" onClick={() => saveCsv('risk-trend.csv', ['day', 'score'], report.risk.trend.map((point) => [point.day, point.score]))} disabled={report.risk.trend.length === 0}>
            {t('reporting.downloadNumbers')}
          </Button>
        </Box>
      </SectionCard>
      <SectionCard title={t('reporting.months.title')} intro={t('reporting.months.intro')}>
        {months.length > 0 ? (
          <Box role="figure" aria-label={t('reporting.months.chart')}>
            <BarChart
              height={240}
              skipAnimation
              xAxis={[{ scaleType: 'band', data: months.map((month) => format.month(month.month)) }]}
              series={[
                { data: months.map((month) => month.sent), label: t('reporting.months.sent'), color: colours.sent },
                { data: months.map((month) => month.failed), label: t('reporting.months.failed'), color: colours.failed },
                { data: months.map((month) => month.reported), label: t('reporting.months.reported'), color: colours.reported },
              ]}
            />
          </Box>
        ) : null}
        <ScrollableTableContainer label={t('reporting.months.table')}>
          <Table size="small" data-testid="report-months">
            <TableHead>
              <TableRow>
                <TableCell>{t('reporting.months.month')}</TableCell>
                <TableCell align="right">{t('reporting.months.sent')}</TableCell>
                <TableCell align="right">{t('reporting.months.failed')}</TableCell>
                <TableCell align="right">{t('reporting.months.reported')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {months.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={4}>{t('reporting.months.empty')}</TableCell>
                </TableRow>
              ) : null}
              {months.map((month) => (
                <TableRow key={month.month}>
                  <TableCell component="th" scope="row">
                    {format.month(month.month)}
                  </TableCell>
                  <TableCell align="right">{format.whole(month.sent)}</TableCell>
                  <TableCell align="right">
                    {format.whole(month.failed)} ({format.share(month.failed, month.sent)})
                  </TableCell>
                  <TableCell align="right">
                    {format.whole(month.reported)} ({format.share(month.reported, month.sent)})
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTableContainer>
        <Box>
          <Button size="small" onClick={() => saveCsv('simulations-by-month.csv', ['month', 'sent', 'fell_for_it', 'reported'], months.map((month) => [month.month, month.sent, month.failed, month.reported]))} disabled={months.length === 0}>
            {t('reporting.downloadNumbers')}
          </Button>
        </Box>
      </SectionCard>
    </>
  );
};

/** /reporting/: the executive report of the last 30, 90 or 180 days, on screen and as a PDF. */
export const ExecutiveReport = () => {
  const { t } = useTranslation();
  const format = useFormat();
  const [days, setDays] = useState<number>(90);
  const report = useExecutiveReport(days);
  const download = useDownloadReportPdf();
  const data = report.data;
  return (
    <Stack spacing={3}>
      <SectionCard title={t('reporting.title')} intro={t('reporting.intro')} testId="executive-report">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <ToggleButtonGroup exclusive size="small" value={days} onChange={(_event, value: number | null) => value && setDays(value)} aria-label={t('reporting.period')}>
            {reportPeriods.map((period) => (
              <ToggleButton key={period} value={period}>
                {t('reporting.lastDays', { count: period })}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Button variant="contained" loading={download.isPending} onClick={() => download.mutate(days)} data-testid="report-pdf">
            {t('reporting.downloadPdf')}
          </Button>
        </Stack>
        {download.error ? <Alert severity="error">{t('reporting.downloadFailed', { message: messageOf(download.error) })}</Alert> : null}
        {report.isPending ? <PageSpinner /> : null}
        {report.isError ? <Alert severity="error">{t('reporting.loadFailed', { message: messageOf(report.error) })}</Alert> : null}
        {data ? (
          <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
            <StatTile testId="report-score" label={t('reporting.tiles.score')} value={`${format.whole(data.risk.score)} / 100`} note={t('reporting.tiles.scoreNote', { band: t(`risk.bands.${data.risk.band}`), lower: format.whole(data.risk.lower), upper: format.whole(data.risk.upper) })} />
            <StatTile testId="report-failed" label={t('reporting.tiles.failed')} value={format.share(data.simulations.failed, data.simulations.sent)} note={t('reporting.tiles.failedNote', { failed: format.whole(data.simulations.failed), count: data.simulations.sent })} />
            <StatTile testId="report-reported" label={t('reporting.tiles.reported')} value={format.share(data.simulations.reported, data.simulations.sent)} note={t('reporting.tiles.reportedNote', { count: data.simulations.reported })} />
            <StatTile testId="report-overdue" label={t('reporting.tiles.overdue')} value={format.whole(data.training.overdue)} note={t('reporting.tiles.overdueNote', { count: data.training.completed })} />
          </Stack>
        ) : null}
      </SectionCard>
      {data ? <Charts report={data} /> : null}
      {data ? (
        <SectionCard title={t('reporting.actions.title')} intro={t('reporting.actions.intro')}>
          {data.actions.length === 0 ? (
            <Typography>{t('reporting.actions.none')}</Typography>
          ) : (
            <List component="ol" dense data-testid="report-actions" sx={{ listStyle: 'decimal', pl: 3 }}>
              {data.actions.map((action) => (
                <ListItem key={`${action.key}-${JSON.stringify(action.values)}`} sx={{ display: 'list-item' }} disableGutters>
                  <ListItemText primary={<ActionText action={action} />} />
                </ListItem>
              ))}
            </List>
          )}
        </SectionCard>
      ) : null}
    </Stack>
  );
};
