import { PageError } from '../../../features/shell/components/page-error';
import { RoutePlaceholder } from '../../../features/shell/components/route-placeholder';

// /insights/departments/search/ and the department it opens, /insights/departments/.
// Their content comes later: the shell shows title and breadcrumbs, the page what will appear here.
export const Component = RoutePlaceholder;
export const ErrorBoundary = PageError;
