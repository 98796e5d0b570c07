import { useTranslation } from 'react-i18next';

import { CompliancePage } from '../../features/compliance/components/compliance-page';
import { PoliciesPanel } from '../../features/compliance-policies';
import { PageError } from '../../features/shell/components/page-error';

// /compliance/ (frameworks, who is compliant, the evidence pack, settings, and the policies people
// acknowledge) and /compliance-onboarding/ (the guided setup): one page component, which reads the
// path. The route is where the two features meet: the policies panel is mounted as a tab here.
const Compliance = () => {
  const { t } = useTranslation();
  return <CompliancePage extraTabs={[{ id: 'policies', label: t('compliance.nav.policies'), content: <PoliciesPanel /> }]} />;
};

export const Component = Compliance;
export const ErrorBoundary = PageError;
