import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

type SectionCardProps = {
  title: string;
  /** A sentence under the title: what this part of the page is for. */
  intro?: string;
  testId?: string;
  children: ReactNode;
};

/**
 * One titled part of a page, as a card: a region named by its heading (an h2 under the page's h1),
 * so screen-reader users can list and jump between the parts.
 */
export const SectionCard = ({ title, intro, testId, children }: SectionCardProps) => {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} data-testid={testId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: intro ? 0.5 : 2 }}>
        {title}
      </Typography>
      {intro ? <Typography sx={{ color: 'text.secondary', mb: 2 }}>{intro}</Typography> : null}
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
};
