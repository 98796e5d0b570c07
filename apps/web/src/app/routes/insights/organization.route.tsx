import { PageError } from '../../../features/shell/components/page-error';
import { RoutePlaceholder } from '../../../features/shell/components/route-placeholder';

// /insights/organization/ and its five subpages (admins).
// Their content comes later: the shell shows title and breadcrumbs, the page what will appear here.
export const Component = RoutePlaceholder;
export const ErrorBoundary = PageError;
