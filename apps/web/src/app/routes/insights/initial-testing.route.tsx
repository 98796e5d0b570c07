import { InitialTestingInsights } from '../../../features/initial-testing/components/initial-testing-insights';
import { PageError } from '../../../features/shell/components/page-error';

// /insights/initial-testing/: the baseline risk assessment (admins; the shell's title and breadcrumbs).
export const Component = InitialTestingInsights;
export const ErrorBoundary = PageError;
