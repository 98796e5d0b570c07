import type { SxProps, Theme } from '@mui/material/styles';
import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';

/**
 * A table container that scrolls (sideways on narrow screens, or within a maximum height) and can
 * then be scrolled by keyboard: it is a named, focusable region (axe `scrollable-region-focusable`).
 * Pass the table's own label.
 */
export const ScrollableTableContainer = ({ label, sx, children }: { label: string; sx?: SxProps<Theme>; children: ReactNode }) => (
  <TableContainer tabIndex={0} role="region" aria-label={label} sx={sx}>
    {children}
  </TableContainer>
);
