import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ComplianceCounts, ComplianceStatus } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';

import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { useComplianceFormat } from '../use-compliance-format';

/** The statuses in the order shown, each with its count's field and a colour that reads on white. */
export const statusOrder: readonly { status: ComplianceStatus; field: keyof Omit<ComplianceCounts, 'total'>; color: string }[] = [
  { status: 'compliant', field: 'compliant', color: '#2e7d32' },
  { status: 'in_progress', field: 'inProgress', color: '#0277bd' },
  { status: 'overdue', field: 'overdue', color: '#c62828' },
  { status: 'missing', field: 'missing', color: '#6d4c41' },
];

/** A framework's active people by status: a bar chart (a named figure) and the same numbers as a table. */
export const StatusChart = ({ counts, frameworkName, testId }: { counts: ComplianceCounts; frameworkName: string; testId: string }) => {
  const { t } = useTranslation();
  const format = useComplianceFormat();
  const labels = statusOrder.map(({ status }) => t(`compliance.statuses.${status}`));
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <Box role="figure" aria-label={t('compliance.framework.chartLabel', { framework: frameworkName })} sx={{ flex: '1 1 320px', minWidth: 0 }}>
        <BarChart
          height={220}
          skipAnimation
          hideLegend
          xAxis={[{ scaleType: 'band', data: labels, colorMap: { type: 'ordinal', colors: statusOrder.map(({ color }) => color) } }]}
          yAxis={[{ tickMinStep: 1 }]}
          series={[{ data: statusOrder.map(({ field }) => counts[field]), label: t('compliance.framework.people') }]}
        />
      </Box>
      <ScrollableTableContainer label={t('compliance.framework.tableLabel', { framework: frameworkName })} sx={{ flex: '1 1 280px', width: 'auto' }}>
        <Table size="small" sx={{ minWidth: 280 }} data-testid={testId}>
          <TableHead>
            <TableRow>
              <TableCell>{t('compliance.framework.status')}</TableCell>
              <TableCell align="right">{t('compliance.framework.people')}</TableCell>
              <TableCell align="right">{t('compliance.framework.share')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {statusOrder.map(({ status, field, color }) => (
              <TableRow key={status}>
                <TableCell component="th" scope="row">
                  <Box component="span" aria-hidden sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '2px', bgcolor: color, mr: 1 }} />
                  {t(`compliance.statuses.${status}`)}
                </TableCell>
                <TableCell align="right">{format.number(counts[field])}</TableCell>
                <TableCell align="right">{format.share(counts[field], counts.total)}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell component="th" scope="row">
                {t('compliance.framework.total')}
              </TableCell>
              <TableCell align="right">{format.number(counts.total)}</TableCell>
              <TableCell />
            </TableRow>
          </TableBody>
        </Table>
      </ScrollableTableContainer>
    </Box>
  );
};
