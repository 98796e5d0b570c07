import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type EmptyStateProps = {
  /** What will appear here, said plainly. */
  children: ReactNode;
  testId?: string;
};

// A page, or part of one, with nothing to show yet: says what will appear, shows no made-up figures.
export const EmptyState = ({ children, testId = 'empty-state' }: EmptyStateProps) => (
  <Paper
    variant="outlined"
    data-testid={testId}
    sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', borderStyle: 'dashed', bgcolor: 'background.paper' }}
  >
    <Typography sx={{ color: 'text.secondary', maxWidth: 560, mx: 'auto' }}>{children}</Typography>
  </Paper>
);
