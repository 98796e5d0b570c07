import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';

import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { SectionCard } from '../../../components/section-card';
import { messageOf } from '../../../lib/api-client';
import { useClientsSummary } from '../api/reporting';

/** A managed-service provider's client companies side by side, riskiest first (nothing for others). */
export const ClientsSummary = () => {
  const { t, i18n } = useTranslation();
  const summary = useClientsSummary();
  const whole = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const signed = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const share = (part: number, total: number) => (total ? percent.format(part / total) : '–');
  if (summary.isError) return <Alert severity="error">{t('reporting.clients.loadFailed', { message: messageOf(summary.error) })}</Alert>;
  if (!summary.data || summary.data.items.length === 0) return null;
  return (
    <SectionCard title={t('reporting.clients.title')} intro={t('reporting.clients.intro')} testId="clients-summary">
      <ScrollableTableContainer label={t('reporting.clients.title')}>
        <Table size="small" sx={{ minWidth: 760 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('reporting.clients.company')}</TableCell>
              <TableCell align="right">{t('reporting.clients.score')}</TableCell>
              <TableCell align="right">{t('reporting.clients.change')}</TableCell>
              <TableCell align="right">{t('reporting.clients.people')}</TableCell>
              <TableCell align="right">{t('reporting.clients.failed')}</TableCell>
              <TableCell align="right">{t('reporting.clients.reported')}</TableCell>
              <TableCell align="right">{t('reporting.clients.overdue')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {summary.data.items.map((client) => (
              <TableRow key={client.id} data-testid="client-row">
                <TableCell component="th" scope="row">
                  {client.name}
                </TableCell>
                <TableCell align="right">
                  {whole.format(client.score)} ({whole.format(client.lower)}–{whole.format(client.upper)})
                </TableCell>
                <TableCell align="right">{client.change === null ? '–' : signed.format(client.change)}</TableCell>
                <TableCell align="right">{whole.format(client.people)}</TableCell>
                <TableCell align="right">{share(client.failed, client.sent)}</TableCell>
                <TableCell align="right">{share(client.reported, client.sent)}</TableCell>
                <TableCell align="right">{whole.format(client.overdueTraining)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollableTableContainer>
    </SectionCard>
  );
};
