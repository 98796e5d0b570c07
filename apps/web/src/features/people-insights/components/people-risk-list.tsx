import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { riskBands, type InsightsPerson, type RiskBand } from '@vigil/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { KeysetTable } from '../../../components/keyset-table';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { messageOf } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFilterParams } from '../../../lib/use-filter-params';
import { type PeopleScope, useExportInsightsPeopleCsv, useInsightsPeople } from '../api/people-insights';

const bandColor: Record<RiskBand, 'success' | 'info' | 'warning' | 'error'> = { low: 'success', medium: 'info', high: 'warning', critical: 'error' };

const PersonRow = ({ person }: { person: InsightsPerson }) => {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  return (
    <TableRow data-testid="people-risk-row">
      <TableCell>
        <Link component={RouterLink} to={paths.insights.users.person(person.id)}>
          {`${person.firstName} ${person.lastName}`.trim()}
        </Link>
        <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-all' }}>
          {person.email}
        </Typography>
      </TableCell>
      <TableCell>
        {person.department?.name ?? t('peopleInsights.list.noDepartment')}
        {person.jobTitle ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {person.jobTitle}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>{person.manager?.name ?? '—'}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography component="span" sx={{ fontWeight: 600, minWidth: '2ch', textAlign: 'right' }}>
            {number.format(person.score)}
          </Typography>
          <Chip size="small" color={bandColor[person.band]} label={t(`risk.bands.${person.band}`)} />
        </Stack>
      </TableCell>
      <TableCell>{person.topFactors.length > 0 ? person.topFactors.map((factor) => t(`risk.factors.${factor}`)).join('; ') : t('peopleInsights.list.nothingAgainst')}</TableCell>
    </TableRow>
  );
};

/**
 * People with their scores, riskiest first, for the people `scope` names (the server decides who the
 * caller may see): search and band filters in the address, 50 at a time by key, the same list as CSV.
 */
export const PeopleRiskList = ({ scope, title, intro, emptyText }: { scope: PeopleScope; title: string; intro: string; emptyText: string }) => {
  const { t } = useTranslation();
  const { searchParams, setFilter, pick } = useFilterParams<'search' | 'band'>();
  const filters = { ...scope, search: searchParams.get('search') || undefined, band: pick('band', riskBands) };
  const [searchText, setSearchText] = useState(filters.search ?? '');
  const debouncedSearch = useDebouncedValue(searchText);
  useEffect(() => {
    if ((filters.search ?? '') !== debouncedSearch.trim()) setFilter('search', debouncedSearch.trim());
    // Only a change of the typed text moves the address; the address's own changes do not loop back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);
  const people = useInsightsPeople(filters);
  const download = useExportInsightsPeopleCsv();
  const items = people.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <SectionCard title={title} intro={intro} testId="people-risk">
      <Box role="group" aria-label={t('peopleInsights.list.filtersLabel')}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap>
          <TextField size="small" type="search" label={t('peopleInsights.list.search')} value={searchText} onChange={(event) => setSearchText(event.target.value)} sx={{ flex: 1, minWidth: 200 }}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'people-risk-search' } }} />
          <TextField select size="small" label={t('peopleInsights.list.band')} value={filters.band ?? ''} onChange={(event) => setFilter('band', event.target.value)} sx={{ minWidth: 170 }}
            slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'people-risk-band' } as object }, inputLabel: { shrink: true } }}>
            <MenuItem value="">{t('peopleInsights.list.anyBand')}</MenuItem>
            {riskBands.map((band) => (
              <MenuItem key={band} value={band}>
                {t(`risk.bands.${band}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" loading={download.isPending} onClick={() => download.mutate(filters)} sx={{ flexShrink: 0 }} data-testid="people-risk-download">
            {t('peopleInsights.list.download')}
          </Button>
        </Stack>
      </Box>
      {download.error ? <Alert severity="error">{t('peopleInsights.list.downloadFailed', { message: messageOf(download.error) })}</Alert> : null}
      <KeysetTable
        query={people}
        items={items}
        label={title}
        minWidth={900}
        columns={[
          { label: t('peopleInsights.list.columns.person'), minWidth: 220 },
          { label: t('peopleInsights.list.columns.department'), minWidth: 150 },
          { label: t('peopleInsights.list.columns.manager') },
          { label: t('peopleInsights.list.columns.score'), minWidth: 140 },
          { label: t('peopleInsights.list.columns.causes'), minWidth: 220 },
        ]}
        renderRow={(person) => <PersonRow key={person.id} person={person} />}
        empty={{ text: filters.search || filters.band ? t('peopleInsights.list.noMatch') : emptyText, testId: 'people-risk-empty' }}
        loadFailed={t('peopleInsights.list.loadFailed', { message: messageOf(people.error) })}
        showMore={t('peopleInsights.list.showMore')}
      />
    </SectionCard>
  );
};
