import { PageError } from '../../../features/shell/components/page-error';
import { RoutePlaceholder } from '../../../features/shell/components/route-placeholder';

// /settings/{product}-nudge/ and /settings/{product}-nudge/{status}/ (guardian).
// Their content comes later: the shell shows title and breadcrumbs, the page what will appear here.
export const Component = RoutePlaceholder;
export const ErrorBoundary = PageError;
