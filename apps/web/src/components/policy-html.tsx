import Box from '@mui/material/Box';

/**
 * HTML the server rendered from Markdown and sanitised (no script, styles, frames, forms or images;
 * links open in a new tab without the opener), shown with the page's typography.
 */
export const PolicyHtml = ({ html, label }: { html: string; label: string }) => (
  <Box
    role="region"
    aria-label={label}
    tabIndex={0}
    data-testid="policy-html"
    sx={{
      border: 1,
      borderColor: 'divider',
      borderRadius: 1,
      p: 2,
      maxHeight: 480,
      overflowY: 'auto',
      '& h1': { fontSize: '1.5rem', mt: 0 },
      '& h2': { fontSize: '1.25rem' },
      '& h3': { fontSize: '1.1rem' },
      '& table': { borderCollapse: 'collapse' },
      '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
      '& blockquote': { borderLeft: 4, borderColor: 'divider', m: 0, pl: 2, color: 'text.secondary' },
      '& pre': { overflowX: 'auto', bgcolor: 'grey.100', p: 1 },
    }}
    // Sanitised on the server with an allowlist (policy-document.ts); nothing here can run.
    dangerouslySetInnerHTML={{ __html: html }}
  />
);
