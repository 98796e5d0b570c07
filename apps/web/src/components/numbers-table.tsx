import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { saveCsv } from '../lib/save-file';
import { ScrollableTableContainer } from './scrollable-table-container';

export type NumbersColumn<Row> = {
  /** The CSV header: a stable, untranslated name. */
  key: string;
  label: string;
  /** What the CSV holds for the row (raw numbers, ISO dates). */
  value: (row: Row) => string | number;
  /** What the table shows, when not the value itself (numbers are formatted for the reader already). */
  show?: (row: Row) => ReactNode;
  numeric?: boolean;
};

/**
 * The numbers behind a chart, or a list in its own right: a table whose first column heads each
 * row, and a button that saves the same rows as a CSV file.
 */
export const NumbersTable = <Row,>({ label, rows, columns, fileName, rowKey, testId }: { label: string; rows: readonly Row[]; columns: readonly NumbersColumn<Row>[]; fileName: string; rowKey: (row: Row) => string; testId?: string }) => {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  // A number is shown in the reader's format; the CSV keeps it plain.
  const shown = (column: NumbersColumn<Row>, row: Row) => {
    if (column.show) return column.show(row);
    const value = column.value(row);
    return typeof value === 'number' ? number.format(value) : value;
  };
  return (
    <Stack spacing={1}>
      <ScrollableTableContainer label={t('common.numbersTable', { name: label })}>
        <Table size="small" data-testid={testId}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.numeric ? 'right' : 'left'}>
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)}>
                {columns.map((column, index) => (
                  <TableCell key={column.key} align={column.numeric ? 'right' : 'left'} {...(index === 0 ? { component: 'th', scope: 'row' } : {})}>
                    {shown(column, row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollableTableContainer>
      <Button
        size="small"
        sx={{ alignSelf: 'flex-start' }}
        disabled={rows.length === 0}
        onClick={() => saveCsv(fileName, columns.map((column) => column.key), rows.map((row) => columns.map((column) => column.value(row))))}
      >
        {t('common.downloadCsv', { name: label })}
      </Button>
    </Stack>
  );
};
