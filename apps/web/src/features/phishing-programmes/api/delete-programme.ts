import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { programmesKey } from './query-keys';

/** @throws ApiError */
export const deleteProgramme = async (api: ApiClient, id: string) => {
  await api.request(apiPaths.phishingProgrammes.programme(id), { method: 'DELETE' });
};

export const useDeleteProgramme = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: string) => deleteProgramme(api, id), onSuccess: () => queryClient.invalidateQueries({ queryKey: programmesKey }) });
};
