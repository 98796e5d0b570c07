import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type { AccountSession } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { messageOf } from '../../../lib/api-client';
import { describeDevice } from '../../../lib/user-agent';
import { useAccountSessions } from '../api/get-account-sessions';
import { useRevokeAccountSession } from '../api/revoke-account-session';
import { useRevokeOtherAccountSessions } from '../api/revoke-other-account-sessions';

type Notice = { severity: 'success' | 'error'; text: string } | null;

/** The person's signed-in browsers and devices, this one marked; any other can be signed out. */
export const SessionsList = () => {
  const { t, i18n } = useTranslation();
  const sessions = useAccountSessions();
  const revoke = useRevokeAccountSession();
  const revokeOthers = useRevokeOtherAccountSessions();
  const [notice, setNotice] = useState<Notice>(null);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const formatTime = (iso: string) => time.format(new Date(iso));

  if (sessions.isPending) return <CircularProgress aria-label={t('accountSettings.loading')} />;
  if (sessions.isError) {
    return <Alert severity="error">{t('accountSettings.loadFailed', { message: messageOf(sessions.error) })}</Alert>;
  }
  const { canTellCurrent } = sessions.data;
  // This session first, then the others by last activity (the server's order).
  const list = [...sessions.data.sessions].sort((a, b) => Number(b.current) - Number(a.current));
  const others = list.filter((session) => !session.current);

  const signOut = async (session: AccountSession) => {
    setNotice(null);
    try {
      await revoke.mutateAsync(session.id);
      setNotice({ severity: 'success', text: t('accountSettings.sessions.revoked') });
    } catch (error) {
      setNotice({ severity: 'error', text: t('accountSettings.sessions.failed', { message: messageOf(error) }) });
    }
  };

  const signOutOthers = async () => {
    setNotice(null);
    try {
      const { revokedSessions } = await revokeOthers.mutateAsync();
      setNotice({ severity: 'success', text: t('accountSettings.sessions.revokedOthers', { count: revokedSessions }) });
    } catch (error) {
      setNotice({ severity: 'error', text: t('accountSettings.sessions.failed', { message: messageOf(error) }) });
    }
  };

  return (
    <Stack spacing={2}>
      {notice ? (
        <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'} data-testid="sessions-notice">
          {notice.text}
        </Alert>
      ) : null}
      {!canTellCurrent ? <Alert severity="info">{t('accountSettings.sessions.cannotTellCurrent')}</Alert> : null}
      <ScrollableTableContainer label={t('accountSettings.sessions.tableLabel')}>
        <Table size="small" aria-label={t('accountSettings.sessions.tableLabel')} data-testid="sessions-table">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{t('accountSettings.sessions.device')}</TableCell>
              <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{t('accountSettings.sessions.ip')}</TableCell>
              <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{t('accountSettings.sessions.signedInAt')}</TableCell>
              <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{t('accountSettings.sessions.lastActiveAt')}</TableCell>
              <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {/* Read by screen readers, not shown: the column of sign-out buttons needs a name, not a visible heading. */}
                <Box component="span" sx={visuallyHidden}>
                  {t('accountSettings.sessions.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((session) => {
              const device = describeDevice(t, session.userAgent);
              return (
                <TableRow key={session.id} data-testid="session-row" data-current={session.current}>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography variant="body2" title={session.userAgent}>
                        {device}
                      </Typography>
                      {session.current ? <Chip size="small" color="primary" label={t('accountSettings.sessions.thisSession')} /> : null}
                    </Stack>
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{session.ip}</TableCell>
                  <TableCell>
                    <time dateTime={session.signedInAt}>{formatTime(session.signedInAt)}</time>
                  </TableCell>
                  <TableCell>
                    <time dateTime={session.lastActiveAt}>{formatTime(session.lastActiveAt)}</time>
                  </TableCell>
                  <TableCell align="right">
                    {session.current ? null : (
                      <Button
                        size="small"
                        color="error"
                        variant="outlined"
                        onClick={() => signOut(session)}
                        loading={revoke.isPending && revoke.variables === session.id}
                        disabled={revokeOthers.isPending}
                        aria-label={t('accountSettings.sessions.revokeLabel', { device, lastActive: formatTime(session.lastActiveAt) })}
                        sx={{ whiteSpace: 'nowrap' }}
                        data-testid="session-revoke"
                      >
                        {t('accountSettings.sessions.revoke')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </ScrollableTableContainer>
      {others.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }} data-testid="sessions-only-this">
          {t('accountSettings.sessions.noOthers')}
        </Typography>
      ) : canTellCurrent ? (
        <div>
          <Button color="error" variant="outlined" onClick={signOutOthers} loading={revokeOthers.isPending} data-testid="sessions-revoke-others">
            {t('accountSettings.sessions.revokeOthers')}
          </Button>
        </div>
      ) : null}
    </Stack>
  );
};
