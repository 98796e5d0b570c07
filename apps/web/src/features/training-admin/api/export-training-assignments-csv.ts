import { useMutation } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { assignmentsSearch, type AssignmentFilters } from '../training-admin-format';

/** Every assignment matching the filters, streamed as CSV by the server, fetched with the session. @throws ApiError */
export const exportTrainingAssignmentsCsv = (api: ApiClient, filters: AssignmentFilters) =>
  api.download(`${apiPaths.trainingAssignments.list}?${assignmentsSearch(filters, { format: 'csv' })}`);

export const useExportTrainingAssignmentsCsv = () => {
  const api = useApiClient();
  return useMutation({
    mutationFn: async (filters: AssignmentFilters) => {
      const { file, fileName } = await exportTrainingAssignmentsCsv(api, filters);
      saveFile(file, fileName ?? 'training-assignments.csv');
    },
  });
};
