import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { LoginLogEntry } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/empty-state';
import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { SignInOutcome, signInMethodLabel } from '../../../components/sign-in-outcome';
import { TablePager } from '../../../components/table-pager';
import { messageOf } from '../../../lib/api-client';
import { SignInDevice } from '../../../components/sign-in-device';
import { useDownloadLoginLogs } from '../api/download-login-logs';
import { useLoginLogs } from '../api/get-login-logs';
import { emptyFilterForm, LoginLogFiltersForm, toLoginLogFilters, type LoginLogFilterForm } from './login-log-filters-form';

const pageSizes = [25, 50, 100];

const useEntryLabels = () => {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  return {
    time: (iso: string) => time.format(new Date(iso)),
    event: (event: string) => t(`organizationSettings.loginLogs.events.${event}`, { defaultValue: event }),
    method: (method: string) => signInMethodLabel(t, method),
  };
};

const LoginLogRow = ({ entry }: { entry: LoginLogEntry }) => {
  const { t } = useTranslation();
  const labels = useEntryLabels();
  return (
    <TableRow data-testid="login-log-row">
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <time dateTime={entry.time}>{labels.time(entry.time)}</time>
      </TableCell>
      <TableCell>
        <Typography variant="body2">{entry.name || t('organizationSettings.loginLogs.unknownPerson')}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
          {entry.email}
        </Typography>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{labels.event(entry.event)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{labels.method(entry.method)}</TableCell>
      <TableCell>
        <SignInOutcome success={entry.success} reason={entry.reason} />
      </TableCell>
      <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{entry.ip}</TableCell>
      <TableCell title={entry.user_agent}>
        <SignInDevice userAgent={entry.user_agent} isNew={entry.new_device} />
      </TableCell>
    </TableRow>
  );
};

/** The Login logs tab: the organisation's sign-in record, filtered and paged by the server, and its CSV. */
export const LoginLogsPanel = () => {
  const { t } = useTranslation();
  const [form, setForm] = useState<LoginLogFilterForm>(emptyFilterForm);
  const [page, setPage] = useState({ page: 1, pageSize: 25 });
  const filters = toLoginLogFilters(form);
  const logs = useLoginLogs(filters, page);
  const download = useDownloadLoginLogs();
  const filtered = form.q !== '' || form.from !== '' || form.to !== '' || form.outcome !== '';
  const columns = ['time', 'person', 'event', 'method', 'outcome', 'ip', 'device'] as const;

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography sx={{ color: 'text.secondary' }}>{t('organizationSettings.loginLogs.intro')}</Typography>
        <Box sx={{ flexShrink: 0 }}>
          <Button
            variant="outlined"
            onClick={() => download.mutate(filters)}
            loading={download.isPending}
            sx={{ whiteSpace: 'nowrap' }}
            data-testid="login-log-download"
          >
            {t('organizationSettings.loginLogs.download')}
          </Button>
        </Box>
      </Stack>
      <LoginLogFiltersForm
        onApply={(next) => {
          setForm(next);
          setPage((current) => ({ ...current, page: 1 }));
        }}
      />
      {download.isError ? (
        <Alert severity="error">{t('organizationSettings.loginLogs.downloadFailed', { message: messageOf(download.error) })}</Alert>
      ) : null}
      {logs.isError ? (
        <Alert severity="error">{t('organizationSettings.loginLogs.loadFailed', { message: messageOf(logs.error) })}</Alert>
      ) : null}
      {logs.isPending ? <LinearProgress aria-label={t('organizationSettings.loading')} /> : null}
      {logs.data && logs.data.total === 0 ? (
        <EmptyState testId="login-log-empty">
          {filtered ? t('organizationSettings.loginLogs.emptyFiltered') : t('organizationSettings.loginLogs.empty')}
        </EmptyState>
      ) : null}
      {logs.data && logs.data.total > 0 ? (
        <Paper variant="outlined">
          {logs.isFetching ? <LinearProgress aria-hidden sx={{ mb: -0.5 }} /> : null}
          <ScrollableTableContainer label={t('organizationSettings.loginLogs.tableLabel')}>
            <Table size="small" aria-label={t('organizationSettings.loginLogs.tableLabel')} data-testid="login-log-table">
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell key={column} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      {t(`organizationSettings.loginLogs.columns.${column}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {logs.data.entries.map((entry) => (
                  <LoginLogRow key={entry.id} entry={entry} />
                ))}
              </TableBody>
            </Table>
          </ScrollableTableContainer>
          <TablePager
            count={logs.data.total}
            page={page.page}
            pageSize={page.pageSize}
            pageSizes={pageSizes}
            onPageChange={(next) => setPage((current) => ({ ...current, page: next }))}
            onPageSizeChange={(pageSize) => setPage({ page: 1, pageSize })}
          />
        </Paper>
      ) : null}
    </Stack>
  );
};
