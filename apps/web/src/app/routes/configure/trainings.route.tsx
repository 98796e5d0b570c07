import { TrainingAdmin } from '../../../features/training-admin/components/training-admin-page';
import { PageError } from '../../../features/shell/components/page-error';

// /configure/trainings/ (assignments) with module (the catalogue), frequency (the training and
// cadence rules), request (custom module requests) and schedule (the calendar).
export const Component = TrainingAdmin;

export const ErrorBoundary = PageError;
