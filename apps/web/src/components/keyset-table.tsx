import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

import { EmptyState } from './empty-state';
import { ScrollableTableContainer } from './scrollable-table-container';

/** What the table reads of a TanStack infinite query over a keyset-paged list. */
export type KeysetQuery = {
  isError: boolean;
  isSuccess: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

type KeysetTableProps<Item> = {
  query: KeysetQuery;
  /** The rows of every page loaded so far. */
  items: readonly Item[];
  /** The table's name for assistive technology (its scrolling region is named after it). */
  label: string;
  columns: readonly { label: string; minWidth?: number }[];
  /** One <TableRow> per item, with its key. */
  renderRow: (item: Item) => ReactNode;
  minWidth?: number;
  /** What the list will hold and how to get there, when the filters match nothing. */
  empty: { text: ReactNode; testId: string };
  /** Shown when a page failed to load, already naming the error. */
  loadFailed: string;
  showMore: string;
};

/**
 * A keyset-paged table: the load error, the empty state, the rows loaded so far and a "show more"
 * that fetches the next page. The filters above it and the rows themselves are the feature's.
 */
export const KeysetTable = <Item,>({ query, items, label, columns, renderRow, minWidth = 1000, empty, loadFailed, showMore }: KeysetTableProps<Item>) => (
  <>
    {query.isError ? <Alert severity="error">{loadFailed}</Alert> : null}
    {query.isSuccess && items.length === 0 ? <EmptyState testId={empty.testId}>{empty.text}</EmptyState> : null}
    {items.length > 0 ? (
      <ScrollableTableContainer label={label}>
        <Table size="small" sx={{ minWidth }}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.label} sx={column.minWidth ? { minWidth: column.minWidth } : undefined}>
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{items.map(renderRow)}</TableBody>
        </Table>
      </ScrollableTableContainer>
    ) : null}
    {query.hasNextPage ? (
      <Box>
        <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
          {showMore}
        </Button>
      </Box>
    ) : null}
  </>
);
