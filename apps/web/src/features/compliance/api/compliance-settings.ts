import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { complianceSettingsSchema, type ComplianceSettings } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { complianceKey, complianceSettingsKey } from './query-keys';

/** Retention and the new-hire window (the defaults until saved). @throws ApiError; ZodError when the body breaks the contract */
export const getComplianceSettings = async (api: ApiClient, signal?: AbortSignal): Promise<ComplianceSettings> =>
  complianceSettingsSchema.parse(await api.get(apiPaths.compliance.settings, { signal }));

export const complianceSettingsQueryOptions = (api: ApiClient) => queryOptions({ queryKey: complianceSettingsKey, queryFn: ({ signal }) => getComplianceSettings(api, signal) });

export const useComplianceSettings = () => useQuery(complianceSettingsQueryOptions(useApiClient()));

/** Saves retention and the new-hire window. @throws ApiError (400 naming body.retentionYears / body.newHireWindowDays) */
export const saveComplianceSettings = async (api: ApiClient, body: ComplianceSettings): Promise<ComplianceSettings> =>
  complianceSettingsSchema.parse(await api.request(apiPaths.compliance.settings, { method: 'PUT', body }));

export const useSaveComplianceSettings = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ComplianceSettings) => saveComplianceSettings(api, body),
    // The new-hire window changes statuses too.
    onSuccess: (saved) => {
      queryClient.setQueryData(complianceSettingsKey, saved);
      void queryClient.invalidateQueries({ queryKey: complianceKey });
    },
  });
};
