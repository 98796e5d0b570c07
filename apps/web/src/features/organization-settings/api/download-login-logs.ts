import { useMutation } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { loginLogsSearch, type LoginLogFilters } from './get-login-logs';

/** The filtered log as CSV (up to 10,000 entries), and the file name the server suggests. @throws ApiError */
export const downloadLoginLogs = (api: ApiClient, filters: LoginLogFilters) =>
  api.download(`${apiPaths.organizationLoginLogs}?${loginLogsSearch(filters, { format: 'csv' })}`);

export const useDownloadLoginLogs = () => {
  const api = useApiClient();
  return useMutation({
    mutationFn: async (filters: LoginLogFilters) => {
      const { file, fileName } = await downloadLoginLogs(api, filters);
      saveFile(file, fileName ?? 'login-log.csv');
    },
  });
};
