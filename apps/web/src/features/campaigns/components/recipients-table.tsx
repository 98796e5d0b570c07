import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { recipientOutcomes, recipientStates, type CampaignRecipient, type CampaignResults } from '@vigil/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { KeysetTable } from '../../../components/keyset-table';
import { SectionCard } from '../../../components/section-card';
import { messageOf } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFilterParams } from '../../../lib/use-filter-params';
import { useExportCampaignRecipientsCsv } from '../api/export-campaign-recipients-csv';
import { useCampaignRecipients, type RecipientFilters } from '../api/get-campaign-recipients';
import { useCampaignFormat } from '../use-campaign-format';

/** The recipients' filters as the address holds them (?state=&outcome=&departmentId=&search=), so they survive a reload and can be linked to. */
export const useRecipientFilters = () => {
  const { searchParams, setFilter, pick } = useFilterParams<keyof RecipientFilters>();
  const filters: RecipientFilters = {
    state: pick('state', recipientStates),
    outcome: pick('outcome', recipientOutcomes),
    departmentId: searchParams.get('departmentId') || undefined,
    search: searchParams.get('search') || undefined,
  };
  return { filters, setFilter };
};

const outcomeEvents = [
  ['opened', 'openedAt'],
  ['clicked', 'clickedAt'],
  ['submitted', 'submittedAt'],
  ['reported', 'reportedAt'],
] as const;

const RecipientRow = ({ recipient }: { recipient: CampaignRecipient }) => {
  const { t } = useTranslation();
  const format = useCampaignFormat();
  const done = outcomeEvents.filter(([, at]) => recipient[at] !== null);
  return (
    <TableRow data-testid="recipient-row">
      <TableCell>
        <Typography>{recipient.name}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-all' }}>
          {recipient.email}
        </Typography>
      </TableCell>
      <TableCell>{recipient.department ?? t('campaigns.departments.noDepartment')}</TableCell>
      <TableCell>{recipient.templateName}</TableCell>
      <TableCell>
        <Typography>{t(`campaigns.recipients.states.${recipient.state}`)}</Typography>
        {recipient.state === 'scheduled' ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('campaigns.recipients.sendsAt', { time: format.dateTime(recipient.sendAt) })}
          </Typography>
        ) : null}
        {recipient.lastError ? (
          <Typography variant="body2" sx={{ color: 'error.main' }}>
            {t('campaigns.recipients.lastError', { message: recipient.lastError })}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>{format.dateTime(recipient.sentAt)}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {done.length === 0 ? <Typography sx={{ color: 'text.secondary' }}>{t('campaigns.recipients.outcomes.none')}</Typography> : null}
          {done.map(([outcome, at]) => (
            <Chip
              key={outcome}
              size="small"
              color={outcome === 'reported' ? 'success' : outcome === 'opened' ? 'default' : 'warning'}
              label={`${t(`campaigns.recipients.outcomes.${outcome}`)} · ${format.dateTime(recipient[at])}`}
            />
          ))}
          {recipient.machineClickedAt ? <Chip size="small" variant="outlined" label={t('campaigns.recipients.machineClick')} /> : null}
        </Stack>
      </TableCell>
    </TableRow>
  );
};

/**
 * A campaign's recipients: filtered on the server (filters in the address), 50 at a time by key,
 * and the same filters as a CSV streamed by the server and downloaded with the session.
 */
export const RecipientsTable = ({ campaignId, departments }: { campaignId: string; departments: CampaignResults['byDepartment'] }) => {
  const { t } = useTranslation();
  const { filters, setFilter } = useRecipientFilters();
  const [searchText, setSearchText] = useState(filters.search ?? '');
  const debouncedSearch = useDebouncedValue(searchText);
  useEffect(() => {
    if ((filters.search ?? '') !== debouncedSearch.trim()) setFilter('search', debouncedSearch.trim());
    // Only a change of the typed text moves the address; the address's own changes do not loop back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);
  const recipients = useCampaignRecipients(campaignId, filters);
  const download = useExportCampaignRecipientsCsv(campaignId);
  const items = recipients.data?.pages.flatMap((page) => page.items) ?? [];
  const namedDepartments = departments.filter((department) => department.departmentId !== null);

  return (
    <SectionCard title={t('campaigns.recipients.title')} testId="campaign-recipients">
      <Box id="recipients" role="group" aria-label={t('campaigns.recipients.filtersLabel')}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField select size="small" label={t('campaigns.recipients.state')} value={filters.state ?? ''} onChange={(event) => setFilter('state', event.target.value)} sx={{ minWidth: 180 }}
            slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'recipients-state' } as object }, inputLabel: { shrink: true } }}>
            <MenuItem value="">{t('campaigns.recipients.any')}</MenuItem>
            {recipientStates.map((state) => (
              <MenuItem key={state} value={state}>
                {t(`campaigns.recipients.states.${state}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label={t('campaigns.recipients.outcome')} value={filters.outcome ?? ''} onChange={(event) => setFilter('outcome', event.target.value)} sx={{ minWidth: 180 }}
            slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'recipients-outcome' } as object }, inputLabel: { shrink: true } }}>
            <MenuItem value="">{t('campaigns.recipients.any')}</MenuItem>
            {recipientOutcomes.map((outcome) => (
              <MenuItem key={outcome} value={outcome}>
                {t(`campaigns.recipients.outcomes.${outcome}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label={t('campaigns.recipients.department')} value={filters.departmentId ?? ''} onChange={(event) => setFilter('departmentId', event.target.value)} sx={{ minWidth: 200 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
            <MenuItem value="">{t('campaigns.recipients.any')}</MenuItem>
            {namedDepartments.map((department) => (
              <MenuItem key={department.departmentId} value={department.departmentId!}>
                {department.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField size="small" type="search" label={t('campaigns.recipients.search')} value={searchText} onChange={(event) => setSearchText(event.target.value)} sx={{ flex: 1, minWidth: 200 }}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'recipients-search' } }} />
          <Button variant="outlined" loading={download.isPending} onClick={() => download.mutate(filters)} sx={{ flexShrink: 0 }} data-testid="recipients-download">
            {t('campaigns.recipients.download')}
          </Button>
        </Stack>
      </Box>
      {download.error ? <Alert severity="error">{t('campaigns.recipients.downloadFailed', { message: messageOf(download.error) })}</Alert> : null}
      <KeysetTable
        query={recipients}
        items={items}
        label={t('campaigns.recipients.title')}
        columns={[
          { label: t('campaigns.recipients.columns.person'), minWidth: 240 },
          { label: t('campaigns.recipients.columns.department') },
          { label: t('campaigns.recipients.columns.lure'), minWidth: 180 },
          { label: t('campaigns.recipients.columns.state') },
          { label: t('campaigns.recipients.columns.sent'), minWidth: 130 },
          { label: t('campaigns.recipients.columns.outcome') },
        ]}
        renderRow={(recipient) => <RecipientRow key={recipient.id} recipient={recipient} />}
        empty={{ text: t('campaigns.recipients.empty'), testId: 'recipients-empty' }}
        loadFailed={t('campaigns.recipients.loadFailed', { message: messageOf(recipients.error) })}
        showMore={t('campaigns.recipients.showMore')}
      />
    </SectionCard>
  );
};
