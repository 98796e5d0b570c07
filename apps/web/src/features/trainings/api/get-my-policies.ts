import { queryOptions, useQuery } from '@tanstack/react-query';
import { myPolicyListSchema, myPolicyReadingSchema, type MyPolicy, type MyPolicyReading } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { myPoliciesKey } from './query-keys';

/** @throws ApiError; ZodError when the body breaks the contract */
export const getMyPolicies = async (api: ApiClient, signal?: AbortSignal): Promise<MyPolicy[]> => myPolicyListSchema.parse(await api.get(apiPaths.myPolicies.list, { signal })).items;

export const myPoliciesQueryOptions = (api: ApiClient) => queryOptions({ queryKey: [...myPoliciesKey, 'list'], queryFn: ({ signal }) => getMyPolicies(api, signal) });

/** The policies the signed-in person is asked to acknowledge: to acknowledge first, then acknowledged. */
export const useMyPolicies = () => useQuery(myPoliciesQueryOptions(useApiClient()));

/** @throws ApiError; ZodError when the body breaks the contract */
export const getMyPolicy = async (api: ApiClient, id: string, signal?: AbortSignal): Promise<MyPolicyReading> => myPolicyReadingSchema.parse(await api.get(apiPaths.myPolicies.policy(id), { signal }));

export const myPolicyQueryOptions = (api: ApiClient, id: string) => queryOptions({ queryKey: [...myPoliciesKey, 'policy', id], queryFn: ({ signal }) => getMyPolicy(api, id, signal) });

/** One policy with its current version's document (sanitised HTML, or a signed PDF address). */
export const useMyPolicy = (id: string) => useQuery(myPolicyQueryOptions(useApiClient(), id));
