import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { complianceStatuses, type ComplianceFrameworkId, type CompliancePerson, type ComplianceStatus } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { KeysetTable } from '../../../components/keyset-table';
import { messageOf } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useExportCompliancePeopleCsv } from '../api/download-compliance-files';
import { useCompliancePeople } from '../api/get-compliance-people';
import { useComplianceFormat } from '../use-compliance-format';

const statusColor: Record<ComplianceStatus, 'success' | 'info' | 'error' | 'default'> = { compliant: 'success', in_progress: 'info', overdue: 'error', missing: 'default' };

const PersonRow = ({ person }: { person: CompliancePerson }) => {
  const { t } = useTranslation();
  const format = useComplianceFormat();
  return (
    <TableRow data-testid="compliance-person-row">
      <TableCell>
        <Typography>{person.name}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-all' }}>
          {person.email}
        </Typography>
      </TableCell>
      <TableCell>{person.department ?? t('compliance.people.noDepartment')}</TableCell>
      <TableCell>
        <Chip size="small" color={statusColor[person.status]} variant={person.status === 'missing' ? 'outlined' : 'filled'} label={t(`compliance.statuses.${person.status}`)} />
      </TableCell>
      <TableCell>{t('compliance.people.passed', { passed: person.passed, required: person.required })}</TableCell>
      <TableCell>{format.date(person.nextDueAt)}</TableCell>
      <TableCell>{format.date(person.lastCompletedAt)}</TableCell>
    </TableRow>
  );
};

/** A chosen framework's active people with their status: filtered by status and text, 20 at a time by key, and as a CSV. */
export const CompliancePeople = ({ frameworkId, frameworkName }: { frameworkId: ComplianceFrameworkId; frameworkName: string }) => {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ComplianceStatus | ''>('');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText).trim();
  const filters = { ...(status ? { status } : {}), ...(search ? { search } : {}) };
  const people = useCompliancePeople(frameworkId, filters);
  const download = useExportCompliancePeopleCsv();
  const items = people.data?.pages.flatMap((page) => page.items) ?? [];
  const columns = (['person', 'department', 'status', 'passed', 'nextDue', 'lastCompleted'] as const).map((column) => ({ label: t(`compliance.people.columns.${column}`) }));
  return (
    <Stack spacing={2}>
      <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {t('compliance.people.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('compliance.people.status')}
          value={status}
          onChange={(event) => setStatus(event.target.value as ComplianceStatus | '')}
          sx={{ minWidth: 180 }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': `compliance-status-filter-${frameworkId}` } as object } }}
        >
          <MenuItem value="">{t('compliance.people.allStatuses')}</MenuItem>
          {complianceStatuses.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`compliance.statuses.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" label={t('compliance.people.search')} value={searchText} onChange={(event) => setSearchText(event.target.value)} slotProps={{ htmlInput: { 'data-testid': `compliance-search-${frameworkId}` } }} />
        <Button variant="outlined" loading={download.isPending} onClick={() => download.mutate({ id: frameworkId, filters })} data-testid={`compliance-people-csv-${frameworkId}`}>
          {t('compliance.people.download')}
        </Button>
      </Stack>
      {download.error ? <Alert severity="error">{t('compliance.people.downloadFailed', { message: messageOf(download.error) })}</Alert> : null}
      <KeysetTable
        query={people}
        items={items}
        label={t('compliance.people.tableLabel', { framework: frameworkName })}
        columns={columns}
        minWidth={860}
        renderRow={(person) => <PersonRow key={person.personId} person={person} />}
        empty={{ text: t('compliance.people.empty'), testId: `compliance-people-empty-${frameworkId}` }}
        loadFailed={t('compliance.people.loadFailed', { message: messageOf(people.error) })}
        showMore={t('compliance.people.showMore')}
      />
    </Stack>
  );
};
