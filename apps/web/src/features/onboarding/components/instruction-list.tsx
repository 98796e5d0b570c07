import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { RichText } from './rich-text';

/** Numbered instructions, each a catalogue string that may name on-screen items in bold. */
export const InstructionList = ({ items, testId }: { items: readonly string[]; testId?: string }) => (
  <Box component="ol" data-testid={testId} sx={{ m: 0, pl: 3, display: 'grid', gap: 1.25 }}>
    {items.map((item) => (
      <Typography key={item} component="li" sx={{ pl: 0.5 }}>
        <RichText text={item} />
      </Typography>
    ))}
  </Box>
);
