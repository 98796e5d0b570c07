import { useMutation } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { usersSearch, type UsersListParams } from './get-organization-users';

/** Every person matching the filters, as CSV in the import's format. @throws ApiError */
export const exportUsersCsv = (api: ApiClient, params: Partial<UsersListParams>) => {
  const { page: _page, pageSize: _pageSize, ...filters } = params;
  return api.download(`${apiPaths.organizationUsers.list}?${usersSearch(filters, { format: 'csv' })}`);
};

export const useExportUsersCsv = () => {
  const api = useApiClient();
  return useMutation({
    mutationFn: async (params: Partial<UsersListParams>) => {
      const { file, fileName } = await exportUsersCsv(api, params);
      saveFile(file, fileName ?? 'users.csv');
    },
  });
};
