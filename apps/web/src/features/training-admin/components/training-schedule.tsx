import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { TrainingSchedule, TrainingScheduleItem } from '@vigil/contracts';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { EmptyState } from '../../../components/empty-state';
import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { messageOf } from '../../../lib/api-client';
import { useExportTrainingScheduleCsv } from '../api/export-training-schedule-csv';
import { useTrainingSchedule } from '../api/get-training-schedule';
import { dayAfterKey, lastDayOf, monthOf, monthWeeks, shiftMonth } from '../schedule-calendar';
import { dayAfter } from '../training-admin-format';
import { useDayFormat } from './use-day-format';

type Day = { due: number; planned: number };

/** One line of a day's list, in words. */
const useItemText = () => {
  const { t } = useTranslation();
  return (item: TrainingScheduleItem) =>
    item.kind === 'due'
      ? t('trainingCadence.schedule.dueItem', { module: item.moduleTitle, count: item.people })
      : t('trainingCadence.schedule.plannedItem', {
          module: item.moduleTitle,
          count: item.people,
          cadence: t(`trainingCadence.cadences.${item.cadence ?? 'annual'}`),
          period: item.period === 'hire' ? t('trainingCadence.schedule.periodHire') : item.period,
        });
};

type MonthGridProps = {
  month: string;
  selected: string;
  today: string;
  days: Map<string, Day>;
  onSelect: (day: string) => void;
  labelledBy: string;
};

/**
 * The month as an ARIA date grid: weekday column headers, a week-number row header, one cell per
 * day with its counts; one cell is in the tab order and the arrow keys, Home, End, Page Up and Page
 * Down move it (selection follows focus, as in a date picker).
 */
const MonthGrid = ({ month, selected, today, days, onSelect, labelledBy }: MonthGridProps) => {
  const { t } = useTranslation();
  const format = useDayFormat();
  const helpId = useId();
  const cells = useRef(new Map<string, HTMLTableCellElement>());
  const focusNext = useRef(false);
  const weeks = useMemo(() => monthWeeks(month), [month]);

  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    cells.current.get(selected)?.focus();
  }, [selected, month]);

  const onKeyDown = (event: KeyboardEvent, day: string) => {
    const next = dayAfterKey(day, event.key);
    if (!next) return;
    event.preventDefault();
    focusNext.current = true;
    onSelect(next);
  };

  return (
    <Box>
      <Typography id={helpId} variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('trainingCadence.schedule.gridHelp')}
      </Typography>
      <Box component="table" role="grid" aria-labelledby={labelledBy} aria-describedby={helpId} data-testid="schedule-grid" sx={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }}>
        <thead>
          <tr>
            <Box component="th" scope="col" sx={{ width: '3.5rem', fontWeight: 500, fontSize: '0.75rem', color: 'text.secondary' }}>
              {t('trainingCadence.schedule.weekColumn')}
            </Box>
            {Array.from({ length: 7 }, (_, index) => (
              <Box component="th" scope="col" key={index} sx={{ fontWeight: 600, py: 1 }}>
                <abbr title={format.weekdayLong(index)} style={{ textDecoration: 'none' }}>
                  {format.weekdayShort(index)}
                </abbr>
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.days[0]!.day}>
              <Box component="th" scope="row" sx={{ fontWeight: 500, fontSize: '0.75rem', color: 'text.secondary' }}>
                <span aria-hidden="true">{week.number}</span>
                <Box component="span" sx={visuallyHidden}>
                  {t('trainingCadence.schedule.week', { number: week.number })}
                </Box>
              </Box>
              {week.days.map(({ day, inMonth }) => {
                const counts = days.get(day);
                const isSelected = day === selected;
                return (
                  <Box
                    component="td"
                    role="gridcell"
                    key={day}
                    ref={(cell: HTMLTableCellElement | null) => {
                      if (cell) cells.current.set(day, cell);
                      else cells.current.delete(day);
                    }}
                    tabIndex={isSelected ? 0 : -1}
                    aria-selected={isSelected}
                    aria-current={day === today ? 'date' : undefined}
                    data-day={day}
                    onClick={() => onSelect(day)}
                    onKeyDown={(event: KeyboardEvent) => onKeyDown(event, day)}
                    sx={{
                      verticalAlign: 'top',
                      height: { xs: 56, sm: 76 },
                      p: 0.5,
                      border: 1,
                      borderColor: 'divider',
                      cursor: 'pointer',
                      bgcolor: isSelected ? 'action.selected' : 'background.paper',
                      color: inMonth ? 'text.primary' : 'text.secondary',
                      outlineOffset: -3,
                      '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
                    }}
                  >
                    {/* The cell's name is its content: the full date (for screen readers), then its counts as shown. */}
                    <Box>
                      <Typography component="span" aria-hidden="true" sx={{ fontWeight: day === today ? 700 : 400, textDecoration: day === today ? 'underline' : 'none' }}>
                        {Number(day.slice(8))}
                      </Typography>
                      <Box component="span" sx={visuallyHidden}>
                        {format.fullDay(day)}
                      </Box>
                      {counts?.due ? (
                        <Typography variant="caption" component="span" sx={{ display: 'block', color: 'warning.dark', fontWeight: 600 }}>
                          {t('trainingCadence.schedule.due', { count: counts.due })}
                        </Typography>
                      ) : null}
                      {counts?.planned ? (
                        <Typography variant="caption" component="span" sx={{ display: 'block', color: 'info.dark', fontWeight: 600 }}>
                          {t('trainingCadence.schedule.planned', { count: counts.planned })}
                        </Typography>
                      ) : null}
                    </Box>
                  </Box>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
};

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** The same lines as the calendar, as a table (the CSV holds the same). */
const ScheduleTable = ({ schedule, label }: { schedule: TrainingSchedule; label: string }) => {
  const { t } = useTranslation();
  const format = useDayFormat();
  const columns = ['date', 'kind', 'module', 'people', 'cadence', 'period'] as const;
  return (
    <ScrollableTableContainer label={label}>
      <Table size="small" aria-label={label} data-testid="schedule-table">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column}>{t(`trainingCadence.schedule.columns.${column}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {schedule.items.map((item) => (
            <TableRow key={`${item.date}-${item.kind}-${item.moduleId}-${item.ruleId ?? ''}-${item.period ?? ''}`}>
              <TableCell>{format.day(item.date)}</TableCell>
              <TableCell>{t(`trainingCadence.schedule.kinds.${item.kind}`)}</TableCell>
              <TableCell>{item.moduleTitle}</TableCell>
              <TableCell>{item.people}</TableCell>
              <TableCell>{item.cadence ? t(`trainingCadence.cadences.${item.cadence}`) : ''}</TableCell>
              <TableCell>{item.period === 'hire' ? t('trainingCadence.schedule.periodHire') : (item.period ?? '')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollableTableContainer>
  );
};

/**
 * /configure/trainings/schedule/: a month of what falls due and what is planned, as an accessible
 * calendar with the selected day's list, or as a table; the month downloads as CSV.
 */
export const TrainingScheduleView = ({ now = new Date() }: { now?: Date }) => {
  const { t } = useTranslation();
  const format = useDayFormat();
  const itemText = useItemText();
  const headingId = useId();
  const [today] = useState(() => dayAfter(now, 0));
  const [selected, setSelected] = useState(today);
  const [view, setView] = useState<'calendar' | 'table'>('calendar');
  const month = monthOf(selected);
  const range = { from: month, to: lastDayOf(month) };
  const schedule = useTrainingSchedule(range);
  const csv = useExportTrainingScheduleCsv();
  const days = useMemo(() => new Map((schedule.data?.days ?? []).map((day) => [day.date, day])), [schedule.data]);
  const selectedItems = (schedule.data?.items ?? []).filter((item) => item.date === selected);
  const monthName = format.month(month);
  const empty = schedule.data && schedule.data.from === month && schedule.data.items.length === 0;

  return (
    <SectionCard title={t('trainingCadence.schedule.title')} intro={t('trainingCadence.schedule.intro', { timeZone: schedule.data?.timeZone ?? '…' })} testId="training-schedule">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button onClick={() => setSelected(shiftMonth(month, -1))}>{t('trainingCadence.schedule.previousMonth')}</Button>
          <Typography id={headingId} variant="h3" aria-live="polite" sx={{ fontSize: '1.125rem', minWidth: '10rem', textAlign: 'center' }}>
            {monthName}
          </Typography>
          <Button onClick={() => setSelected(shiftMonth(month, 1))}>{t('trainingCadence.schedule.nextMonth')}</Button>
          <Button variant="outlined" onClick={() => setSelected(today)}>
            {t('trainingCadence.schedule.today')}
          </Button>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, next: 'calendar' | 'table' | null) => next && setView(next)} aria-label={t('trainingCadence.schedule.viewLabel')}>
            <ToggleButton value="calendar">{t('trainingCadence.schedule.calendarView')}</ToggleButton>
            <ToggleButton value="table">{t('trainingCadence.schedule.tableView')}</ToggleButton>
          </ToggleButtonGroup>
          <Button variant="outlined" loading={csv.isPending} onClick={() => csv.mutate(range)}>
            {t('trainingCadence.schedule.downloadCsv')}
          </Button>
        </Stack>
      </Stack>
      {csv.isError ? <Alert severity="error">{t('trainingCadence.schedule.downloadFailed', { message: messageOf(csv.error) })}</Alert> : null}
      {schedule.isError ? <Alert severity="error">{t('trainingCadence.schedule.loadFailed', { message: messageOf(schedule.error) })}</Alert> : null}
      {schedule.isFetching ? <LinearProgress aria-label={monthName} /> : null}
      {empty ? (
        <EmptyState testId="schedule-empty">
          {t('trainingCadence.schedule.emptyMonth', { month: monthName })} {t('trainingCadence.schedule.emptyMonthNext')}{' '}
          <Button component={RouterLink} to={paths.configure.trainings.module.getHref()} size="small">
            {t('trainingCadence.schedule.goToCatalogue')}
          </Button>
          <Button component={RouterLink} to={paths.configure.trainings.frequency.getHref()} size="small">
            {t('trainingCadence.schedule.goToCadence')}
          </Button>
        </EmptyState>
      ) : null}
      {view === 'calendar' ? (
        <>
          <MonthGrid month={month} selected={selected} today={today} days={days} onSelect={setSelected} labelledBy={headingId} />
          <Box component="section" aria-labelledby={`${headingId}-day`} data-testid="schedule-day">
            <Typography id={`${headingId}-day`} variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
              {t('trainingCadence.schedule.selectedDay', { date: format.fullDay(selected) })}
            </Typography>
            {selectedItems.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>{t('trainingCadence.schedule.nothingOnDay')}</Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {selectedItems.map((item) => (
                  <li key={`${item.kind}-${item.moduleId}-${item.ruleId ?? ''}-${item.period ?? ''}`}>{itemText(item)}</li>
                ))}
              </Box>
            )}
          </Box>
        </>
      ) : schedule.data ? (
        <ScheduleTable schedule={schedule.data} label={t('trainingCadence.schedule.tableLabel', { month: monthName })} />
      ) : null}
    </SectionCard>
  );
};
