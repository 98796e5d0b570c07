import type { TestRequest } from '@vigil/contracts';
import type { TestRequestWithDrafts } from './test-requests.repository.ts';

const nameOf = (texts: Record<string, unknown>) => {
  const words = (texts.en_us ?? Object.values(texts)[0]) as { name?: string } | undefined;
  return words?.name ?? '';
};

export const presentTestRequest = ({ request, campaign, template }: TestRequestWithDrafts): TestRequest => ({
  id: request.id,
  scenario: request.scenario,
  who: request.audienceNote,
  status: request.status,
  campaign: campaign ? { id: campaign.id, name: campaign.name, status: campaign.status } : null,
  template: template ? { id: template.id, name: nameOf(template.texts), status: template.status } : null,
  createdAt: request.createdAt.toISOString(),
});
