import { useParams } from 'react-router';

import { CampaignDetail } from '../../../features/campaigns/components/campaign-detail';
import { PageError } from '../../../features/shell/components/page-error';

// /configure/testing/campaigns/{id}/: one campaign's status, live progress and results.
export const Component = () => {
  const { campaignId = '' } = useParams();
  return <CampaignDetail key={campaignId} campaignId={campaignId} />;
};

export const ErrorBoundary = PageError;
