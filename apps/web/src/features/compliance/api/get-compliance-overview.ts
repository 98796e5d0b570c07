import { queryOptions, useQuery } from '@tanstack/react-query';
import { complianceOverviewSchema, type ComplianceOverview } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { complianceOverviewKey } from './query-keys';

/** Every framework of the catalogue as the organisation sees it, with statuses. @throws ApiError; ZodError when the body breaks the contract */
export const getComplianceOverview = async (api: ApiClient, signal?: AbortSignal): Promise<ComplianceOverview> =>
  complianceOverviewSchema.parse(await api.get(apiPaths.compliance.frameworks, { signal }));

export const complianceOverviewQueryOptions = (api: ApiClient) => queryOptions({ queryKey: complianceOverviewKey, queryFn: ({ signal }) => getComplianceOverview(api, signal) });

export const useComplianceOverview = () => useQuery(complianceOverviewQueryOptions(useApiClient()));
