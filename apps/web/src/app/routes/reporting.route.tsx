import Stack from '@mui/material/Stack';

import { ClientsSummary } from '../../features/reporting/components/clients-summary';
import { ExecutiveReport } from '../../features/reporting/components/executive-report';
import { ReportSchedules } from '../../features/reporting/components/report-schedules';
import { PageError } from '../../features/shell/components/page-error';

// /reporting/: the executive report (on screen and as a PDF), its email schedules and, for a
// managed-service provider, the client companies side by side.
export const Component = () => (
  <Stack spacing={3}>
    <ClientsSummary />
    <ExecutiveReport />
    <ReportSchedules />
  </Stack>
);
export const ErrorBoundary = PageError;
