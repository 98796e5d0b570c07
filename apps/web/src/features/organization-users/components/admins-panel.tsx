import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminRole, OrganizationAdmin } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/empty-state';
import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { paths } from '../../../config/paths';
import { messageOf } from '../../../lib/api-client';
import { useChangeOrganizationAdminRole } from '../api/change-organization-admin-role';
import { useOrganizationAdmins } from '../api/get-organization-admins';
import { useRemoveOrganizationAdmin } from '../api/remove-organization-admin';
import { AdminInviteDialog } from './admin-invite-dialog';
import { ConfirmDialog } from './confirm-dialog';

type Dialog =
  | { kind: 'invite' }
  | { kind: 'role'; admin: OrganizationAdmin; role: AdminRole }
  | { kind: 'remove'; admin: OrganizationAdmin };

const fullName = (admin: OrganizationAdmin) => `${admin.firstName} ${admin.lastName}`;

/** Why an admin's row has no controls, said once per row rather than leaving buttons mysteriously absent. */
const lockedReason = (admin: OrganizationAdmin, callerIsSuperadmin: boolean) => {
  if (admin.isYou) return 'organizationUsers.admins.lockedYou' as const;
  if (admin.role === 'Superadmin' && !callerIsSuperadmin) return 'organizationUsers.admins.lockedSuperadmin' as const;
  return 'organizationUsers.admins.lockedLast' as const;
};

/**
 * Organisation settings → Admins: who administers the organisation. Invite someone (by email),
 * switch between Admin and Superadmin, or take admin rights away; each change is confirmed first.
 */
export const AdminsPanel = () => {
  const { t } = useTranslation();
  const admins = useOrganizationAdmins();
  const changeRole = useChangeOrganizationAdminRole();
  const remove = useRemoveOrganizationAdmin();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<{ severity: 'success' | 'warning'; text: string } | null>(null);
  const assignableRoles = admins.data?.assignableRoles ?? [];
  const callerIsSuperadmin = assignableRoles.includes('Superadmin');

  const close = () => {
    setDialog(null);
    changeRole.reset();
    remove.reset();
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Typography sx={{ color: 'text.secondary' }}>{t('organizationUsers.admins.intro')}</Typography>
        <Box sx={{ flexShrink: 0 }}>
          <Button variant="contained" onClick={() => setDialog({ kind: 'invite' })} disabled={!admins.data} data-testid="admins-invite">
            {t('organizationUsers.admins.invite')}
          </Button>
        </Box>
      </Stack>

      {notice ? (
        <Alert severity={notice.severity} onClose={() => setNotice(null)} role="status" data-testid="admins-notice">
          {notice.text}
        </Alert>
      ) : null}
      {admins.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void admins.refetch()}>
              {t('organizationUsers.actions.retry')}
            </Button>
          }
        >
          {t('organizationUsers.admins.loadFailed', { message: messageOf(admins.error) })}
        </Alert>
      ) : null}
      {admins.isPending ? <LinearProgress aria-label={t('organizationUsers.loading')} /> : null}
      {admins.data && admins.data.items.length === 0 ? <EmptyState testId="admins-empty">{t('organizationUsers.admins.empty')}</EmptyState> : null}

      {admins.data && admins.data.items.length > 0 ? (
        <Paper variant="outlined">
          <Box sx={{ height: 4 }}>{admins.isFetching ? <LinearProgress aria-hidden /> : null}</Box>
          <ScrollableTableContainer label={t('organizationUsers.admins.tableLabel')}>
            <Table size="small" aria-label={t('organizationUsers.admins.tableLabel')} data-testid="admins-table">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 600 }}>{t('organizationUsers.columns.name')}</TableCell>
                  <TableCell sx={{ fontWeight: 600, width: 220 }}>{t('organizationUsers.columns.role')}</TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>{t('organizationUsers.columns.status')}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {t('organizationUsers.columns.actions')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {admins.data.items.map((admin) => {
                  const name = fullName(admin);
                  return (
                    <TableRow key={admin.id} hover data-testid="admin-row">
                      <TableCell>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <Typography variant="body2" sx={{ fontWeight: 600 }}>
                            {name}
                          </Typography>
                          {admin.isYou ? <Chip size="small" label={t('organizationUsers.you')} /> : null}
                        </Stack>
                        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                          {admin.email}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        {admin.can.changeRole ? (
                          <TextField
                            select
                            size="small"
                            fullWidth
                            value={admin.role}
                            onChange={(event) => setDialog({ kind: 'role', admin, role: event.target.value as AdminRole })}
                            slotProps={{ htmlInput: { 'aria-label': t('organizationUsers.admins.roleOf', { name }) } }}
                          >
                            {(['Superadmin', 'Admin'] as const)
                              .filter((role) => role === admin.role || assignableRoles.includes(role))
                              .map((role) => (
                                <MenuItem key={role} value={role}>
                                  {t(`organizationUsers.roles.${role}`)}
                                </MenuItem>
                              ))}
                          </TextField>
                        ) : (
                          t(`organizationUsers.roles.${admin.role}`)
                        )}
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          variant="outlined"
                          color={admin.isActive ? 'success' : 'default'}
                          label={admin.isActive ? t('organizationUsers.status.active') : t('organizationUsers.status.inactive')}
                        />
                      </TableCell>
                      <TableCell align="right">
                        {admin.can.remove ? (
                          <Button
                            size="small"
                            color="error"
                            onClick={() => setDialog({ kind: 'remove', admin })}
                            aria-label={t('organizationUsers.admins.removeNamed', { name })}
                          >
                            {t('organizationUsers.admins.remove')}
                          </Button>
                        ) : (
                          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                            {t(lockedReason(admin, callerIsSuperadmin))}
                          </Typography>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </ScrollableTableContainer>
        </Paper>
      ) : null}

      {dialog?.kind === 'invite' ? (
        <AdminInviteDialog
          assignableRoles={assignableRoles}
          onClose={close}
          onInvited={(result) => {
            close();
            const values = { name: fullName(result.admin), email: result.admin.email, role: t(`organizationUsers.roles.${result.admin.role}`) };
            setNotice(
              result.invitationSent
                ? { severity: 'success', text: t('organizationUsers.admins.invited', values) }
                : { severity: 'warning', text: t('organizationUsers.admins.invitedNoMail', { ...values, url: `${window.location.origin}${paths.login.getHref()}` }) },
            );
          }}
        />
      ) : null}
      {dialog?.kind === 'role' ? (
        <ConfirmDialog
          title={t('organizationUsers.admins.roleTitle', { name: fullName(dialog.admin), role: t(`organizationUsers.roles.${dialog.role}`) })}
          confirmLabel={t('organizationUsers.admins.changeRole')}
          pending={changeRole.isPending}
          error={changeRole.isError ? messageOf(changeRole.error) : null}
          onClose={close}
          onConfirm={() =>
            changeRole.mutate(
              { id: dialog.admin.id, role: dialog.role },
              {
                onSuccess: (admin) => {
                  close();
                  setNotice({ severity: 'success', text: t('organizationUsers.admins.roleChanged', { name: fullName(admin), role: t(`organizationUsers.roles.${admin.role}`) }) });
                },
              },
            )
          }
        >
          {t(`organizationUsers.admins.roleHelp.${dialog.role}`)}
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'remove' ? (
        <ConfirmDialog
          title={t('organizationUsers.admins.removeTitle', { name: fullName(dialog.admin) })}
          confirmLabel={t('organizationUsers.admins.remove')}
          destructive
          pending={remove.isPending}
          error={remove.isError ? messageOf(remove.error) : null}
          onClose={close}
          onConfirm={() =>
            remove.mutate(dialog.admin.id, {
              onSuccess: (user) => {
                close();
                setNotice({ severity: 'success', text: t('organizationUsers.admins.removed', { name: `${user.firstName} ${user.lastName}` }) });
              },
            })
          }
        >
          {t('organizationUsers.admins.removeBody')}
        </ConfirmDialog>
      ) : null}
    </Stack>
  );
};
