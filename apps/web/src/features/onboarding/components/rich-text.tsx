import Box from '@mui/material/Box';
import { Fragment } from 'react';

const markup = /(<b>.*?<\/b>|<code>.*?<\/code>)/g;

/**
 * A catalogue string with <b>…</b> (a name on screen in the other product) and <code>…</code>
 * (a value to type). Only these two tags are read; everything else stays text.
 */
export const RichText = ({ text }: { text: string }) => (
  <>
    {text.split(markup).map((part, index) => {
      if (part.startsWith('<b>') && part.endsWith('</b>')) return <strong key={index}>{part.slice(3, -4)}</strong>;
      if (part.startsWith('<code>') && part.endsWith('</code>')) {
        return (
          <Box
            key={index}
            component="code"
            sx={{ fontFamily: 'monospace', fontSize: '0.9em', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5, overflowWrap: 'anywhere' }}
          >
            {part.slice(6, -7)}
          </Box>
        );
      }
      return <Fragment key={index}>{part}</Fragment>;
    })}
  </>
);
