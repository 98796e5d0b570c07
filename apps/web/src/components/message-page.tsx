import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { Brand } from './brand';

type MessagePageProps = {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
  maxWidth?: number;
};

// Full-screen card for pages outside the shell (sign-in, errors, not found): one main landmark, one h1.
export const MessagePage = ({
  title,
  description,
  action,
  children,
  maxWidth = 480,
}: MessagePageProps) => (
  <Box
    component="main"
    // minmax(0, 1fr): the column never grows to fit wide content (a row of tabs), so the card
    // stays within a narrow screen and such content scrolls or wraps inside it.
    sx={{ minHeight: '100dvh', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', placeItems: 'center', p: { xs: 2, sm: 4 } }}
  >
    <Paper variant="outlined" sx={{ width: '100%', maxWidth, p: { xs: 3, sm: 5 } }}>
      <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Brand />
        <Typography variant="h1">{title}</Typography>
        {description ? (
          <Typography sx={{ color: 'text.secondary' }}>{description}</Typography>
        ) : null}
        {children}
        {action}
      </Stack>
    </Paper>
  </Box>
);
