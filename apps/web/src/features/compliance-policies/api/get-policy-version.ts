import { queryOptions, useQuery } from '@tanstack/react-query';
import { policyDocumentSchema, type PolicyDocument } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { policiesKey } from './query-keys';

/** One version as readers see it, with its Markdown source. @throws ApiError; ZodError when the body breaks the contract */
export const getPolicyVersion = async (api: ApiClient, id: string, versionId: string, signal?: AbortSignal): Promise<PolicyDocument> =>
  policyDocumentSchema.parse(await api.get(apiPaths.policies.version(id, versionId), { signal }));

export const policyVersionQueryOptions = (api: ApiClient, id: string, versionId: string) =>
  queryOptions({ queryKey: [...policiesKey, 'version', id, versionId], queryFn: ({ signal }) => getPolicyVersion(api, id, versionId, signal) });

export const usePolicyVersion = (id: string, versionId: string | undefined) => useQuery({ ...policyVersionQueryOptions(useApiClient(), id, versionId ?? ''), enabled: Boolean(versionId) });
