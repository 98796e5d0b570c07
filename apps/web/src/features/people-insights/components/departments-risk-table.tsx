import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { EmptyState } from '../../../components/empty-state';
import { PageSpinner } from '../../../components/page-spinner';
import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { messageOf } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useInsightsDepartments } from '../api/people-insights';

/** /insights/departments/search/: the departments the caller may compare, riskiest first, searched on the server. */
export const DepartmentsRiskTable = () => {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const [search, setSearch] = useState('');
  const departments = useInsightsDepartments(useDebouncedValue(search).trim());
  return (
    <SectionCard title={t('peopleInsights.departments.title')} intro={t('peopleInsights.departments.intro')} testId="departments-risk">
      <TextField size="small" type="search" label={t('peopleInsights.departments.search')} value={search} onChange={(event) => setSearch(event.target.value)} sx={{ maxWidth: 360 }}
        slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'departments-risk-search' } }} />
      {departments.isPending ? <PageSpinner /> : null}
      {departments.isError ? <Alert severity="error">{t('peopleInsights.departments.loadFailed', { message: messageOf(departments.error) })}</Alert> : null}
      {departments.data && departments.data.items.length === 0 ? <EmptyState testId="departments-risk-empty">{search ? t('peopleInsights.departments.noMatch') : t('peopleInsights.departments.empty')}</EmptyState> : null}
      {departments.data && departments.data.items.length > 0 ? (
        <ScrollableTableContainer label={t('peopleInsights.departments.title')}>
          <Table size="small" sx={{ minWidth: 560 }} data-testid="departments-risk-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('peopleInsights.departments.department')}</TableCell>
                <TableCell align="right">{t('peopleInsights.departments.score')}</TableCell>
                <TableCell align="right">{t('peopleInsights.departments.range')}</TableCell>
                <TableCell align="right">{t('peopleInsights.departments.people')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {departments.data.items.map((department) => (
                <TableRow key={department.id}>
                  <TableCell component="th" scope="row">
                    <Link component={RouterLink} to={paths.insights.departments.department(department.id)}>
                      {department.name}
                    </Link>
                  </TableCell>
                  <TableCell align="right">{number.format(department.score)}</TableCell>
                  <TableCell align="right">
                    {number.format(department.lower)}–{number.format(department.upper)}
                  </TableCell>
                  <TableCell align="right">{number.format(department.people)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTableContainer>
      ) : null}
    </SectionCard>
  );
};
