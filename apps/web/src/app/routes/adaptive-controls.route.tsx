import Stack from '@mui/material/Stack';

import { AdaptiveFirings } from '../../features/adaptive-controls/components/adaptive-firings';
import { AdaptiveRules } from '../../features/adaptive-controls/components/adaptive-rules';
import { PageError } from '../../features/shell/components/page-error';

// /adaptive-controls/: rules that act when a person's risk crosses a line, and who they hold now.
export const Component = () => (
  <Stack spacing={3}>
    <AdaptiveRules />
    <AdaptiveFirings />
  </Stack>
);
export const ErrorBoundary = PageError;
