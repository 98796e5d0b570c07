import { Programmes } from '../../../features/phishing-programmes/components/programmes';
import { PageError } from '../../../features/shell/components/page-error';

// /configure/testing/schedule/: recurring programmes.
export const Component = Programmes;

export const ErrorBoundary = PageError;
