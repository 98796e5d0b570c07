import { useMutation } from '@tanstack/react-query';
import type { ComplianceFrameworkId } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { peopleSearch, type PeopleFilters } from './get-compliance-people';

export type EvidenceRequest = { id: ComplianceFrameworkId; from: string; to: string; format: 'pdf' | 'csv' };

/** The evidence pack's PDF summary or completions CSV, fetched with the session. @throws ApiError (400 naming query.from / query.to) */
export const downloadEvidence = (api: ApiClient, { id, from, to, format }: EvidenceRequest) =>
  api.download(`${apiPaths.compliance.evidence(id)}?${new URLSearchParams({ from, to, format }).toString()}`);

export const useDownloadEvidence = () => {
  const api = useApiClient();
  return useMutation({
    mutationFn: async (request: EvidenceRequest) => {
      const { file, fileName } = await downloadEvidence(api, request);
      saveFile(file, fileName ?? `evidence-${request.id}.${request.format}`);
    },
  });
};

/** The people list with these filters as a CSV, streamed by the server. @throws ApiError */
export const exportCompliancePeopleCsv = (api: ApiClient, id: ComplianceFrameworkId, filters: PeopleFilters) => api.download(`${apiPaths.compliance.people(id)}?${peopleSearch(filters, { format: 'csv' })}`);

export const useExportCompliancePeopleCsv = () => {
  const api = useApiClient();
  return useMutation({
    mutationFn: async ({ id, filters }: { id: ComplianceFrameworkId; filters: PeopleFilters }) => {
      const { file, fileName } = await exportCompliancePeopleCsv(api, id, filters);
      saveFile(file, fileName ?? `compliance-${id}-people.csv`);
    },
  });
};
