import { queryOptions, useQuery } from '@tanstack/react-query';
import { myRiskSchema, organizationRiskSchema, type MyRisk, type OrganizationRisk } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

/** @throws ApiError; ZodError when the body breaks the contract */
export const getMyRisk = async (api: ApiClient, signal?: AbortSignal): Promise<MyRisk> => myRiskSchema.parse(await api.get(apiPaths.myRisk, { signal }));

/** @throws ApiError; ZodError when the body breaks the contract */
export const getOrganizationRisk = async (api: ApiClient, signal?: AbortSignal): Promise<OrganizationRisk> =>
  organizationRiskSchema.parse(await api.get(apiPaths.organizationRisk, { signal }));

export const myRiskQueryOptions = (api: ApiClient) => queryOptions({ queryKey: ['risk', 'mine'], queryFn: ({ signal }) => getMyRisk(api, signal) });
export const organizationRiskQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: ['risk', 'organization'], queryFn: ({ signal }) => getOrganizationRisk(api, signal) });

export const useMyRisk = () => useQuery(myRiskQueryOptions(useApiClient()));
export const useOrganizationRisk = () => useQuery(organizationRiskQueryOptions(useApiClient()));
