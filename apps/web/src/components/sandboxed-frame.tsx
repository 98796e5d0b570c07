import Box from '@mui/material/Box';

type SandboxedFrameProps = { html: string; title: string; height?: number | string };

/**
 * Shows lure or landing-page HTML in a frame that runs nothing: `sandbox=""` allows no scripts, no
 * forms, no navigation and gives the document an origin of its own, so nothing in it can reach the app.
 */
export const SandboxedFrame = ({ html, title, height = 420 }: SandboxedFrameProps) => (
  <Box
    component="iframe"
    sandbox=""
    srcDoc={html}
    title={title}
    referrerPolicy="no-referrer"
    sx={{ width: '100%', height, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
  />
);
