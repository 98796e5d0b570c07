import { useMutation, useQueryClient } from '@tanstack/react-query';
import { complianceFrameworkSchema, type ChooseComplianceFrameworkInput, type ComplianceFramework, type ComplianceFrameworkId } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { complianceKey } from './query-keys';

export type ChooseFrameworkInput = { id: ComplianceFrameworkId; body: ChooseComplianceFrameworkInput };

/** Chooses a framework or changes its modules (its cadence rules follow). @throws ApiError (400 naming body.moduleIds) */
export const chooseFramework = async (api: ApiClient, { id, body }: ChooseFrameworkInput): Promise<ComplianceFramework> =>
  complianceFrameworkSchema.parse(await api.request(apiPaths.compliance.framework(id), { method: 'PUT', body }));

export const useChooseFramework = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChooseFrameworkInput) => chooseFramework(api, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complianceKey }),
  });
};
