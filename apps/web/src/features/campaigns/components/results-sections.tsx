import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { CampaignResults } from '@vigil/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/empty-state';
import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { SectionCard } from '../../../components/section-card';
import { percentOf } from '../campaign-format';
import { useCampaignFormat } from '../use-campaign-format';

const chartHeight = 280;

/** A count axis: whole numbers from 0, and at least up to 1, so a chart of zeros still reads 0 and 1. */
const countAxis = (values: readonly number[], format: (value: number) => string) => ({
  min: 0,
  max: Math.max(1, ...values),
  tickMinStep: 1,
  valueFormatter: (value: number) => format(value),
});

/** A chart for the eye, named for screen readers, which read the table beside it instead. */
const Figure = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box role="figure" aria-label={label} sx={{ width: '100%' }}>
    {children}
  </Box>
);

const funnelStages = ['sent', 'opened', 'clicked', 'submitted', 'reported'] as const;

/** Sent → opened → clicked → submitted, plus reported and the machine clicks filtered out: a chart and its table. */
export const FunnelSection = ({ results }: { results: CampaignResults }) => {
  const { t } = useTranslation();
  const format = useCampaignFormat();
  const { counts } = results;
  const rows = [...funnelStages.map((stage) => ({ stage, value: counts[stage] })), { stage: 'machineClicks' as const, value: counts.machineClicks }];
  return (
    <SectionCard title={t('campaigns.funnel.title')} testId="campaign-funnel">
      <Figure label={t('campaigns.funnel.chartLabel')}>
        <BarChart
          height={chartHeight}
          skipAnimation
          hideLegend
          xAxis={[{ scaleType: 'band', data: rows.map((row) => t(`campaigns.funnel.stages.${row.stage}`)) }]}
          yAxis={[countAxis(rows.map((row) => row.value), format.number)]}
          series={[{ data: rows.map((row) => row.value), label: t('campaigns.funnel.people'), valueFormatter: (value) => (value === null ? '' : format.number(value)) }]}
        />
      </Figure>
      <ScrollableTableContainer label={t('campaigns.funnel.tableLabel')}>
        <Table size="small" data-testid="funnel-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('campaigns.funnel.stage')}</TableCell>
              <TableCell align="right">{t('campaigns.funnel.people')}</TableCell>
              <TableCell align="right">{t('campaigns.funnel.ofSent')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.stage} data-testid={`funnel-${row.stage}`}>
                <TableCell component="th" scope="row">
                  {t(`campaigns.funnel.stages.${row.stage}`)}
                </TableCell>
                <TableCell align="right">{format.number(row.value)}</TableCell>
                <TableCell align="right">{format.percent(percentOf(row.value, counts.sent))}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollableTableContainer>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('campaigns.funnel.machineHelp')}
      </Typography>
    </SectionCard>
  );
};

const departmentColumns = ['recipients', 'sent', 'opened', 'clicked', 'submitted', 'reported'] as const;

/** Clicked, submitted and reported per department: a chart and the full table. */
export const DepartmentsSection = ({ results }: { results: CampaignResults }) => {
  const { t } = useTranslation();
  const format = useCampaignFormat();
  const rows = results.byDepartment.map((row) => ({ ...row, label: row.departmentId ? row.name : t('campaigns.departments.noDepartment') }));
  if (rows.length === 0) return null;
  const columnName = (column: (typeof departmentColumns)[number]) => (column === 'recipients' ? t('campaigns.departments.recipients') : t(`campaigns.funnel.stages.${column}`));
  return (
    <SectionCard title={t('campaigns.departments.title')} testId="campaign-departments">
      <Figure label={t('campaigns.departments.chartLabel')}>
        <BarChart
          height={Math.max(chartHeight, rows.length * 48 + 80)}
          layout="horizontal"
          skipAnimation
          yAxis={[{ scaleType: 'band', data: rows.map((row) => row.label), width: 140 }]}
          xAxis={[countAxis(rows.flatMap((row) => [row.clicked, row.submitted, row.reported]), format.number)]}
          series={(['clicked', 'submitted', 'reported'] as const).map((stage) => ({ data: rows.map((row) => row[stage]), label: t(`campaigns.funnel.stages.${stage}`) }))}
        />
      </Figure>
      <ScrollableTableContainer label={t('campaigns.departments.tableLabel')}>
        <Table size="small" sx={{ minWidth: 640 }} data-testid="departments-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('campaigns.departments.department')}</TableCell>
              {departmentColumns.map((column) => (
                <TableCell key={column} align="right">
                  {columnName(column)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.departmentId ?? 'none'}>
                <TableCell component="th" scope="row">
                  {row.label}
                </TableCell>
                {departmentColumns.map((column) => (
                  <TableCell key={column} align="right">
                    {format.number(row[column])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollableTableContainer>
    </SectionCard>
  );
};

const timelineColumns = ['sent', 'opened', 'clicked', 'submitted', 'reported'] as const;

/** Sends and actions hour by hour: a line chart and its table. */
export const TimelineSection = ({ results }: { results: CampaignResults }) => {
  const { t } = useTranslation();
  const format = useCampaignFormat();
  const hours = results.timeline;
  return (
    <SectionCard title={t('campaigns.timeline.title')} testId="campaign-timeline">
      {hours.length === 0 ? (
        <EmptyState testId="timeline-empty">{t('campaigns.timeline.empty')}</EmptyState>
      ) : (
        <>
          <Figure label={t('campaigns.timeline.chartLabel')}>
            <LineChart
              height={chartHeight}
              skipAnimation
              xAxis={[{ scaleType: 'point', data: hours.map((row) => format.hour(row.hour)) }]}
              yAxis={[countAxis(hours.flatMap((row) => timelineColumns.map((column) => row[column])), format.number)]}
              // Marks on every point: a campaign of one hour has no line to draw, only points.
              series={timelineColumns.map((column) => ({ data: hours.map((row) => row[column]), label: t(`campaigns.funnel.stages.${column}`), showMark: true }))}
            />
          </Figure>
          <ScrollableTableContainer label={t('campaigns.timeline.tableLabel')} sx={{ maxHeight: 360 }}>
            <Table size="small" stickyHeader sx={{ minWidth: 560 }} data-testid="timeline-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('campaigns.timeline.hour')}</TableCell>
                  {timelineColumns.map((column) => (
                    <TableCell key={column} align="right">
                      {t(`campaigns.funnel.stages.${column}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {hours.map((row) => (
                  <TableRow key={row.hour}>
                    <TableCell component="th" scope="row">
                      {format.hour(row.hour)}
                    </TableCell>
                    {timelineColumns.map((column) => (
                      <TableCell key={column} align="right">
                        {format.number(row[column])}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollableTableContainer>
        </>
      )}
    </SectionCard>
  );
};
