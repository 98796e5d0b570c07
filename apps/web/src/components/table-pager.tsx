import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

type TablePagerProps = {
  /** How many rows there are in all. */
  count: number;
  /** The page shown, counted from 1 as the API and the address count it. */
  page: number;
  pageSize: number;
  /** The sizes offered; a single one hides the choice. */
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  /** Told the new size; the caller goes back to the first page. */
  onPageSizeChange?: (pageSize: number) => void;
};

/** The pager under a table, with its words (and its buttons' names) from the catalogue. */
export const TablePager = ({ count, page, pageSize, pageSizes, onPageChange, onPageSizeChange }: TablePagerProps) => {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={count}
      page={page - 1}
      rowsPerPage={pageSize}
      rowsPerPageOptions={pageSizes.length > 1 ? [...pageSizes] : []}
      labelRowsPerPage={t('common.pagination.rowsPerPage')}
      labelDisplayedRows={({ from, to, count: total }) => t('common.pagination.displayedRows', { from, to, count: total })}
      getItemAriaLabel={(type) => t(`common.pagination.${type}`)}
      onPageChange={(_, next) => onPageChange(next + 1)}
      onRowsPerPageChange={(event) => onPageSizeChange?.(Number(event.target.value))}
    />
  );
};
