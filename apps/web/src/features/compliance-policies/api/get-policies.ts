import { queryOptions, useQuery } from '@tanstack/react-query';
import { policyListSchema, type PolicySummary } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { policiesKey } from './query-keys';

export type PolicyStatus = 'active' | 'archived';

/** @throws ApiError; ZodError when the body breaks the contract */
export const getPolicies = async (api: ApiClient, status: PolicyStatus, signal?: AbortSignal): Promise<PolicySummary[]> =>
  policyListSchema.parse(await api.get(`${apiPaths.policies.list}?${new URLSearchParams({ status })}`, { signal })).items;

export const policiesQueryOptions = (api: ApiClient, status: PolicyStatus) =>
  queryOptions({ queryKey: [...policiesKey, 'list', status], queryFn: ({ signal }) => getPolicies(api, status, signal) });

/** The organisation's active or archived policies, each with its current version and acknowledgement counts. */
export const usePolicies = (status: PolicyStatus) => useQuery(policiesQueryOptions(useApiClient(), status));
