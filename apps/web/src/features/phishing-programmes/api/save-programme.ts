import { useMutation, useQueryClient } from '@tanstack/react-query';
import { phishingProgrammeSchema, type CreatePhishingProgrammeBody, type PhishingProgramme, type UpdatePhishingProgrammeBody } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { programmesKey } from './query-keys';

export type SaveProgramme = { id?: undefined; body: CreatePhishingProgrammeBody } | { id: string; body: UpdatePhishingProgrammeBody };

/** Adds a programme, or changes one (pausing is a change of `active`). @throws ApiError; ZodError when the answer breaks the contract */
export const saveProgramme = async (api: ApiClient, { id, body }: SaveProgramme): Promise<PhishingProgramme> =>
  phishingProgrammeSchema.parse(
    id === undefined ? await api.request(apiPaths.phishingProgrammes.list, { method: 'POST', body }) : await api.request(apiPaths.phishingProgrammes.programme(id), { method: 'PATCH', body }),
  );

export const useSaveProgramme = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (save: SaveProgramme) => saveProgramme(api, save), onSuccess: () => queryClient.invalidateQueries({ queryKey: programmesKey }) });
};
