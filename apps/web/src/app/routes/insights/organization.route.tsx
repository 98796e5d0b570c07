import type { ComponentType } from 'react';

import { AnomalousActivityPage } from '../../../features/organization-insights/components/anomalous-activity';
import { DeviceProtectionPage } from '../../../features/organization-insights/components/device-protection';
import { MfaProtectionPage } from '../../../features/organization-insights/components/mfa-protection';
import { SignInActivityPage } from '../../../features/organization-insights/components/sign-in-activity';
import { TrainingStatusPage } from '../../../features/organization-insights/components/training-status';
import { OrganizationRiskOverview } from '../../../features/risk/components/organization-risk-overview';
import { PageError } from '../../../features/shell/components/page-error';
import { useCurrentRoute } from '../../../features/shell/components/shell-page-context';

// /insights/organization/ (admins) and its five subpages share one lazy chunk: the shell shows each
// one's title and breadcrumbs, the page below them what its route id names.
const pages: Record<string, ComponentType> = {
  insightsOrganization: OrganizationRiskOverview,
  insightsMfaProtectionStatus: MfaProtectionPage,
  insightsDeviceProtectionStatus: DeviceProtectionPage,
  insightsTrainingStatus: TrainingStatusPage,
  insightsUserLoginActivity: SignInActivityPage,
  insightsAnomalousActivity: AnomalousActivityPage,
};

export const Component = () => {
  const match = useCurrentRoute();
  const Page = pages[match?.route.id ?? ''] ?? OrganizationRiskOverview;
  return <Page />;
};
export const ErrorBoundary = PageError;
