import { useSearchParams } from 'react-router';

import { DepartmentRiskPage } from '../../../features/people-insights/components/department-risk-page';
import { DepartmentsRiskTable } from '../../../features/people-insights/components/departments-risk-table';
import { PageError } from '../../../features/shell/components/page-error';

// /insights/departments/search/: the departments the caller may compare; /insights/departments/?department=: one of them.
export const Component = () => {
  const [searchParams] = useSearchParams();
  const departmentId = searchParams.get('department');
  return departmentId ? <DepartmentRiskPage departmentId={departmentId} /> : <DepartmentsRiskTable />;
};
export const ErrorBoundary = PageError;
