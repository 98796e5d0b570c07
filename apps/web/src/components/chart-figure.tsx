import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A chart for the eye, named for screen readers as a figure; they read the table of the same
 * numbers beside or under it instead.
 */
export const ChartFigure = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box role="figure" aria-label={label} sx={{ width: '100%', minWidth: 0 }}>
    {children}
  </Box>
);
