import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ComplianceFrameworkId } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { complianceKey } from './query-keys';

/** Stops following a framework; its records stay. @throws ApiError */
export const removeFramework = async (api: ApiClient, id: ComplianceFrameworkId) => {
  await api.request(apiPaths.compliance.framework(id), { method: 'DELETE' });
};

export const useRemoveFramework = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: ComplianceFrameworkId) => removeFramework(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complianceKey }),
  });
};
