import { useMutation } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { recipientsSearch, type RecipientFilters } from './get-campaign-recipients';

/** Every recipient matching the filters, streamed as CSV, fetched with the session. @throws ApiError */
export const exportCampaignRecipientsCsv = (api: ApiClient, id: string, filters: RecipientFilters) =>
  api.download(`${apiPaths.campaigns.recipients(id)}?${recipientsSearch(filters, { format: 'csv' })}`);

export const useExportCampaignRecipientsCsv = (id: string) => {
  const api = useApiClient();
  return useMutation({
    mutationFn: async (filters: RecipientFilters) => {
      const { file, fileName } = await exportCampaignRecipientsCsv(api, id, filters);
      saveFile(file, fileName ?? 'campaign-recipients.csv');
    },
  });
};
