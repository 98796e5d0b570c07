import { CompliancePage } from '../../features/compliance/components/compliance-page';
import { PageError } from '../../features/shell/components/page-error';

// /compliance/ (frameworks, who is compliant, the evidence pack, settings) and
// /compliance-onboarding/ (the guided setup): one page component, which reads the path.
export const Component = () => <CompliancePage />;
export const ErrorBoundary = PageError;
