import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import {
  roles,
  userSortKeys,
  usersPageSizes,
  userStatusFilters,
  type OrganizationUser,
  type PersonSource,
  type Role,
  type UserSortKey,
} from '@vigil/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { EmptyState } from '../../../components/empty-state';
import { MoreVertIcon, SearchIcon } from '../../../components/icons';
import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { TablePager } from '../../../components/table-pager';
import { messageOf } from '../../../lib/api-client';
import { useDeactivateOrganizationUser } from '../api/deactivate-organization-user';
import { useExportUsersCsv } from '../api/export-users-csv';
import { useOrganizationDepartments } from '../api/get-organization-departments';
import { useOrganizationUsers, type UserStatusFilter, type UsersListParams } from '../api/get-organization-users';
import { useReactivateOrganizationUser } from '../api/reactivate-organization-user';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { ConfirmDialog } from './confirm-dialog';
import { UserFormDialog } from './user-form-dialog';
import { UsersImportDialog } from './users-import-dialog';

const defaults: UsersListParams = { search: '', role: '', departmentId: '', status: 'active', page: 1, pageSize: 25, sort: 'name' };

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : fallback;

const readListParams = (searchParams: URLSearchParams): UsersListParams => {
  const page = Number(searchParams.get('page'));
  const pageSize = Number(searchParams.get('pageSize'));
  return {
    search: searchParams.get('search') ?? '',
    role: oneOf<Role | ''>(['', ...roles], searchParams.get('role'), ''),
    departmentId: searchParams.get('department') ?? '',
    status: oneOf<UserStatusFilter>(userStatusFilters, searchParams.get('status'), 'active'),
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: (usersPageSizes as readonly number[]).includes(pageSize) ? pageSize : defaults.pageSize,
    sort: oneOf<UserSortKey>(userSortKeys, searchParams.get('sort'), 'name'),
  };
};

/** The table's filters, page and order live in the address, so a view can be bookmarked, shared and gone back to. */
const useListParams = (): [UsersListParams, (change: Partial<UsersListParams>) => void] => {
  const [searchParams, setSearchParams] = useSearchParams();
  // Both change only with the address, so effects that depend on them run when the address changes.
  const params = useMemo(() => readListParams(searchParams), [searchParams]);
  const update = useCallback(
    (change: Partial<UsersListParams>) => {
      const next = { ...params, ...change };
      const search = new URLSearchParams();
      if (next.search) search.set('search', next.search);
      if (next.role) search.set('role', next.role);
      if (next.departmentId) search.set('department', next.departmentId);
      if (next.status !== defaults.status) search.set('status', next.status);
      if (next.page !== 1) search.set('page', String(next.page));
      if (next.pageSize !== defaults.pageSize) search.set('pageSize', String(next.pageSize));
      if (next.sort !== defaults.sort) search.set('sort', next.sort);
      setSearchParams(search, { replace: true });
    },
    [params, setSearchParams],
  );
  return [params, update];
};

type Dialog =
  | { kind: 'add' }
  | { kind: 'import' }
  | { kind: 'edit'; user: OrganizationUser }
  | { kind: 'deactivate'; user: OrganizationUser }
  | { kind: 'reactivate'; user: OrganizationUser };

const sortableColumns = { name: 'name', role: 'role', department: 'department', startDate: 'startDate' } as const;
type SortableColumn = keyof typeof sortableColumns;

const fullName = (user: OrganizationUser) => `${user.firstName} ${user.lastName}`;

/** Where a person came from, when not added by hand here; the tooltip says what it means. */
const SourceChip = ({ source }: { source: Exclude<PersonSource, 'manual'> }) => {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(`organizationUsers.source.descriptions.${source}`)} describeChild>
      <Chip size="small" variant="outlined" tabIndex={0} label={t(`organizationUsers.source.labels.${source}`)} data-testid="user-source" />
    </Tooltip>
  );
};

const UserRow = ({ user, onAction }: { user: OrganizationUser; onAction: (dialog: Dialog) => void }) => {
  const { t, i18n } = useTranslation();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const name = fullName(user);
  const act = (dialog: Dialog) => {
    setMenuAnchor(null);
    onAction(dialog);
  };
  return (
    <TableRow hover data-testid="user-row" sx={user.isActive ? undefined : { '& td': { color: 'text.secondary' } }}>
      <TableCell>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, color: 'inherit' }}>
            {name}
          </Typography>
          {user.isYou ? <Chip size="small" label={t('organizationUsers.you')} /> : null}
          {user.source === 'manual' ? null : <SourceChip source={user.source} />}
          {user.isActive ? null : <Chip size="small" variant="outlined" label={t('organizationUsers.status.inactive')} data-testid="user-inactive" />}
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {user.email}
        </Typography>
      </TableCell>
      <TableCell>{user.jobTitle ?? '—'}</TableCell>
      <TableCell>{t(`organizationUsers.roles.${user.role}`)}</TableCell>
      <TableCell>{user.department?.name ?? '—'}</TableCell>
      <TableCell>{user.manager?.name ?? '—'}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {user.startDate ? <time dateTime={user.startDate}>{date.format(new Date(`${user.startDate}T00:00:00Z`))}</time> : '—'}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {user.can.edit ? (
          <Button size="small" onClick={() => onAction({ kind: 'edit', user })} aria-label={t('organizationUsers.actions.editNamed', { name })}>
            {t('organizationUsers.actions.edit')}
          </Button>
        ) : (
          <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'normal', display: 'inline-block', maxWidth: 120 }}>
            {t('organizationUsers.superadminOnly')}
          </Typography>
        )}
        {user.can.deactivate || user.can.reactivate ? (
          <>
            <IconButton
              size="small"
              aria-label={t('organizationUsers.actions.moreNamed', { name })}
              aria-haspopup="menu"
              aria-expanded={menuAnchor !== null}
              onClick={(event) => setMenuAnchor(event.currentTarget)}
            >
              <MoreVertIcon fontSize="small" />
            </IconButton>
            <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
              {user.can.deactivate ? (
                <MenuItem onClick={() => act({ kind: 'deactivate', user })} sx={{ color: 'error.main' }}>
                  {t('organizationUsers.actions.deactivate')}
                </MenuItem>
              ) : null}
              {user.can.reactivate ? (
                <MenuItem onClick={() => act({ kind: 'reactivate', user })}>{t('organizationUsers.actions.reactivate')}</MenuItem>
              ) : null}
            </Menu>
          </>
        ) : (
          // Keeps Edit in line with the rows that have a menu.
          <Box component="span" sx={{ display: 'inline-block', width: 30 }} />
        )}
      </TableCell>
    </TableRow>
  );
};

/**
 * Organisation settings → Users: everyone of the organisation, searched, filtered, sorted and paged
 * by the server; add, edit, deactivate, import and export. Buttons follow the server's `can` flags.
 */
export const UsersPanel = () => {
  const { t } = useTranslation();
  const [params, setParams] = useListParams();
  const [searchText, setSearchText] = useState(params.search);
  // The box follows the address when it changes from elsewhere (back and forward, the tab's own link).
  const [addressSearch, setAddressSearch] = useState(params.search);
  if (params.search !== addressSearch) {
    setAddressSearch(params.search);
    if (params.search !== searchText.trim()) setSearchText(params.search);
  }
  const search = useDebouncedValue(searchText);
  const users = useOrganizationUsers(params);
  const departments = useOrganizationDepartments();
  const exportCsv = useExportUsersCsv();
  const deactivate = useDeactivateOrganizationUser();
  const reactivate = useReactivateOrganizationUser();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // The address follows the box once typing pauses, not on every key.
  const appliedSearch = useRef(search);
  useEffect(() => {
    if (search === appliedSearch.current) return;
    appliedSearch.current = search;
    if (search.trim() !== params.search) setParams({ search: search.trim(), page: 1 });
  }, [search, params.search, setParams]);

  // A page that no longer exists (its last person deactivated, or fewer matches): show the last one.
  const lastPage = users.data ? Math.max(1, Math.ceil(users.data.total / params.pageSize)) : 1;
  const pageGone = users.data !== undefined && !users.isPlaceholderData && users.data.items.length === 0 && params.page > lastPage;
  useEffect(() => {
    if (pageGone) setParams({ page: lastPage });
  }, [pageGone, lastPage, setParams]);

  const filtered = params.search !== '' || params.role !== '' || params.departmentId !== '' || params.status !== 'active';
  const assignableRoles = users.data?.assignableRoles ?? [];
  const closeDialog = () => {
    setDialog(null);
    deactivate.reset();
    reactivate.reset();
  };

  const sortBy = (column: SortableColumn) => {
    const key = sortableColumns[column];
    setParams({ sort: params.sort === key ? (`-${key}` as UserSortKey) : key, page: 1 });
  };
  const sortDirection = (column: SortableColumn) =>
    params.sort === sortableColumns[column] ? 'asc' : params.sort === `-${sortableColumns[column]}` ? 'desc' : false;

  const columns: { id: 'name' | 'jobTitle' | 'role' | 'department' | 'manager' | 'startDate'; sortable?: SortableColumn }[] = [
    { id: 'name', sortable: 'name' },
    { id: 'jobTitle' },
    { id: 'role', sortable: 'role' },
    { id: 'department', sortable: 'department' },
    { id: 'manager' },
    { id: 'startDate', sortable: 'startDate' },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Typography sx={{ color: 'text.secondary' }}>{t('organizationUsers.users.intro')}</Typography>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button variant="outlined" onClick={() => setDialog({ kind: 'import' })} data-testid="users-import">
            {t('organizationUsers.actions.import')}
          </Button>
          <Button variant="outlined" onClick={() => exportCsv.mutate(params)} loading={exportCsv.isPending} data-testid="users-export">
            {t('organizationUsers.actions.export')}
          </Button>
          <Button variant="contained" onClick={() => setDialog({ kind: 'add' })} disabled={!users.data} data-testid="users-add">
            {t('organizationUsers.actions.add')}
          </Button>
        </Stack>
      </Stack>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }} role="search">
        <TextField
          size="small"
          type="search"
          label={t('organizationUsers.filters.search')}
          placeholder={t('organizationUsers.filters.searchPlaceholder')}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          sx={{ minWidth: { sm: 280 } }}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
            htmlInput: { 'data-testid': 'users-search' },
          }}
        />
        <TextField
          size="small"
          select
          label={t('organizationUsers.filters.role')}
          value={params.role}
          onChange={(event) => setParams({ role: event.target.value as Role | '', page: 1 })}
          sx={{ minWidth: 150 }}
          slotProps={{ htmlInput: { 'data-testid': 'users-filter-role' } }}
        >
          <MenuItem value="">{t('organizationUsers.filters.allRoles')}</MenuItem>
          {roles.map((role) => (
            <MenuItem key={role} value={role}>
              {t(`organizationUsers.roles.${role}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          select
          label={t('organizationUsers.filters.department')}
          value={departments.data ? params.departmentId : ''}
          onChange={(event) => setParams({ departmentId: event.target.value, page: 1 })}
          sx={{ minWidth: 180 }}
          slotProps={{ htmlInput: { 'data-testid': 'users-filter-department' } }}
        >
          <MenuItem value="">{t('organizationUsers.filters.allDepartments')}</MenuItem>
          <MenuItem value="none">{t('organizationUsers.filters.noDepartment')}</MenuItem>
          {(departments.data ?? []).map((department) => (
            <MenuItem key={department.id} value={department.id}>
              {department.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          select
          label={t('organizationUsers.filters.status')}
          value={params.status}
          onChange={(event) => setParams({ status: event.target.value as UserStatusFilter, page: 1 })}
          sx={{ minWidth: 150 }}
          slotProps={{ htmlInput: { 'data-testid': 'users-filter-status' } }}
        >
          {userStatusFilters.map((status) => (
            <MenuItem key={status} value={status}>
              {t(`organizationUsers.filters.statuses.${status}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>

      {exportCsv.isError ? <Alert severity="error">{t('organizationUsers.users.exportFailed', { message: messageOf(exportCsv.error) })}</Alert> : null}
      {users.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void users.refetch()}>
              {t('organizationUsers.actions.retry')}
            </Button>
          }
        >
          {t('organizationUsers.users.loadFailed', { message: messageOf(users.error) })}
        </Alert>
      ) : null}
      {users.isPending ? <LinearProgress aria-label={t('organizationUsers.loading')} /> : null}

      {users.data && users.data.total === 0 ? (
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <EmptyState testId="users-empty">{filtered ? t('organizationUsers.users.emptyFiltered') : t('organizationUsers.users.empty')}</EmptyState>
          {filtered ? (
            <Button
              onClick={() => {
                setSearchText('');
                setParams({ ...defaults });
              }}
            >
              {t('organizationUsers.filters.clear')}
            </Button>
          ) : (
            <Stack direction="row" spacing={1}>
              <Button variant="contained" onClick={() => setDialog({ kind: 'add' })}>
                {t('organizationUsers.actions.add')}
              </Button>
              <Button variant="outlined" onClick={() => setDialog({ kind: 'import' })}>
                {t('organizationUsers.actions.import')}
              </Button>
            </Stack>
          )}
        </Stack>
      ) : null}

      {users.data && users.data.total > 0 ? (
        <Paper variant="outlined">
          <Box sx={{ height: 4 }}>{users.isFetching ? <LinearProgress aria-hidden /> : null}</Box>
          <ScrollableTableContainer label={t('organizationUsers.users.tableLabel')}>
            <Table size="small" aria-label={t('organizationUsers.users.tableLabel')} data-testid="users-table">
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell
                      key={column.id}
                      sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
                      sortDirection={column.sortable ? sortDirection(column.sortable) : undefined}
                    >
                      {column.sortable ? (
                        <TableSortLabel
                          active={sortDirection(column.sortable) !== false}
                          direction={sortDirection(column.sortable) || 'asc'}
                          onClick={() => sortBy(column.sortable!)}
                        >
                          {t(`organizationUsers.columns.${column.id}`)}
                        </TableSortLabel>
                      ) : (
                        t(`organizationUsers.columns.${column.id}`)
                      )}
                    </TableCell>
                  ))}
                  <TableCell align="right" sx={{ fontWeight: 600, position: 'relative' }}>
                    <Box component="span" sx={visuallyHidden}>
                      {t('organizationUsers.columns.actions')}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {users.data.items.map((user) => (
                  <UserRow key={user.id} user={user} onAction={setDialog} />
                ))}
              </TableBody>
            </Table>
          </ScrollableTableContainer>
          <TablePager
            count={users.data.total}
            page={Math.min(params.page, lastPage)}
            pageSize={params.pageSize}
            pageSizes={usersPageSizes}
            onPageChange={(page) => setParams({ page })}
            onPageSizeChange={(pageSize) => setParams({ page: 1, pageSize })}
          />
        </Paper>
      ) : null}

      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <UserFormDialog
          user={dialog.kind === 'edit' ? dialog.user : undefined}
          assignableRoles={assignableRoles}
          organizationTimeZone={users.data?.organizationTimeZone ?? 'UTC'}
          onClose={closeDialog}
          onSaved={(user, created) => {
            closeDialog();
            setNotice(created ? t('organizationUsers.notices.added', { name: fullName(user) }) : t('organizationUsers.notices.saved', { name: fullName(user) }));
          }}
        />
      ) : null}
      {dialog?.kind === 'import' ? (
        <UsersImportDialog onClose={closeDialog} />
      ) : null}
      {dialog?.kind === 'deactivate' ? (
        <ConfirmDialog
          title={t('organizationUsers.deactivate.title', { name: fullName(dialog.user) })}
          confirmLabel={t('organizationUsers.actions.deactivate')}
          destructive
          pending={deactivate.isPending}
          error={deactivate.isError ? messageOf(deactivate.error) : null}
          onClose={closeDialog}
          onConfirm={() =>
            deactivate.mutate(dialog.user.id, {
              onSuccess: (user) => {
                closeDialog();
                setNotice(t('organizationUsers.notices.deactivated', { name: fullName(user) }));
              },
            })
          }
        >
          {t('organizationUsers.deactivate.body')}
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'reactivate' ? (
        <ConfirmDialog
          title={t('organizationUsers.reactivate.title', { name: fullName(dialog.user) })}
          confirmLabel={t('organizationUsers.actions.reactivate')}
          pending={reactivate.isPending}
          error={reactivate.isError ? messageOf(reactivate.error) : null}
          onClose={closeDialog}
          onConfirm={() =>
            reactivate.mutate(dialog.user.id, {
              onSuccess: (user) => {
                closeDialog();
                setNotice(t('organizationUsers.notices.reactivated', { name: fullName(user) }));
              },
            })
          }
        >
          {t('organizationUsers.reactivate.body')}
        </ConfirmDialog>
      ) : null}
      <Snackbar open={notice !== null} autoHideDuration={6000} onClose={() => setNotice(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <Alert severity="success" variant="filled" onClose={() => setNotice(null)} role="status" data-testid="users-notice">
          {notice}
        </Alert>
      </Snackbar>
    </Stack>
  );
};
