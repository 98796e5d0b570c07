import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { SignInOutcome, signInMethodLabel } from '../../../components/sign-in-outcome';
import { TablePager } from '../../../components/table-pager';
import { messageOf } from '../../../lib/api-client';
import { SignInDevice } from '../../../components/sign-in-device';
import { useLoginHistory } from '../api/get-login-history';

const pageSizes = [10, 25, 50];

/** The person's own sign-in attempts, newest first, paged by the server. */
export const LoginHistory = () => {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const history = useLoginHistory(page);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });

  if (history.isPending) return <CircularProgress aria-label={t('accountSettings.loading')} />;
  if (history.isError) return <Alert severity="error">{t('accountSettings.loadFailed', { message: messageOf(history.error) })}</Alert>;
  if (history.data.total === 0) return <Typography sx={{ color: 'text.secondary' }}>{t('accountSettings.history.empty')}</Typography>;

  return (
    <>
      <ScrollableTableContainer label={t('accountSettings.history.tableLabel')}>
        <Table size="small" aria-label={t('accountSettings.history.tableLabel')} data-testid="login-history-table">
          <TableHead>
            <TableRow>
              {(['time', 'method', 'outcome', 'ip', 'device'] as const).map((column) => (
                <TableCell key={column} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {t(`accountSettings.history.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {history.data.entries.map((entry) => (
              <TableRow key={entry.id} data-testid="login-history-row">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={entry.time}>{time.format(new Date(entry.time))}</time>
                </TableCell>
                <TableCell>{signInMethodLabel(t, entry.method)}</TableCell>
                <TableCell>
                  <SignInOutcome success={entry.success} reason={entry.reason} />
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{entry.ip}</TableCell>
                <TableCell title={entry.userAgent}>
                  <SignInDevice userAgent={entry.userAgent} isNew={entry.newDevice} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollableTableContainer>
      <TablePager
        count={history.data.total}
        page={page.page}
        pageSize={page.pageSize}
        pageSizes={pageSizes}
        onPageChange={(next) => setPage((current) => ({ ...current, page: next }))}
        onPageSizeChange={(pageSize) => setPage({ page: 1, pageSize })}
      />
    </>
  );
};
