import { OrganizationRiskOverview } from '../../../features/risk/components/organization-risk-overview';
import { PageError } from '../../../features/shell/components/page-error';
import { RoutePlaceholder } from '../../../features/shell/components/route-placeholder';
import { useCurrentRoute } from '../../../features/shell/components/shell-page-context';

// /insights/organization/ (admins): the organization's risk score, drivers and departments. Its five
// subpages (MFA, devices, training status, sign-ins, anomalies) come next: the shell shows their
// title and breadcrumbs, the page what will appear there.
export const Component = () => {
  const match = useCurrentRoute();
  return match?.route.id === 'insightsOrganization' ? <OrganizationRiskOverview /> : <RoutePlaceholder />;
};
export const ErrorBoundary = PageError;
