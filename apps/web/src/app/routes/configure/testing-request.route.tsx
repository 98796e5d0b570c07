import { TestRequests } from '../../../features/test-requests/components/test-requests';
import { PageError } from '../../../features/shell/components/page-error';

// /configure/testing/request/: custom test requests.
export const Component = TestRequests;

export const ErrorBoundary = PageError;
