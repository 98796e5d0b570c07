import { TrainingAdmin } from '../../../features/training-admin/components/training-admin-page';
import { PageError } from '../../../features/shell/components/page-error';

// /configure/trainings/ (assignments) with module (the catalogue), frequency (the training rules),
// request and schedule (later increments: the page says what will come).
export const Component = TrainingAdmin;

export const ErrorBoundary = PageError;
