import { queryOptions, useQuery } from '@tanstack/react-query';
import { cadenceRuleListSchema, type CadenceRule } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { cadenceRulesKey } from './cadence-query-keys';

/** The organisation's cadence rules, oldest first. @throws ApiError; ZodError when the body breaks the contract */
export const getCadenceRules = async (api: ApiClient, signal?: AbortSignal): Promise<CadenceRule[]> =>
  cadenceRuleListSchema.parse(await api.get(apiPaths.trainingCadenceRules.list, { signal })).items;

export const cadenceRulesQueryOptions = (api: ApiClient) => queryOptions({ queryKey: cadenceRulesKey, queryFn: ({ signal }) => getCadenceRules(api, signal) });

export const useCadenceRules = () => useQuery(cadenceRulesQueryOptions(useApiClient()));
