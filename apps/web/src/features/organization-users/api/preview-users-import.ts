import { useMutation } from '@tanstack/react-query';
import { usersImportPreviewSchema, type UsersImportPreview } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

/** What importing the file would do, row by row; the server writes nothing. @throws ApiError; ZodError */
export const previewUsersImport = async (api: ApiClient, csv: string): Promise<UsersImportPreview> =>
  usersImportPreviewSchema.parse(await api.request(apiPaths.organizationUsers.importPreview, { method: 'POST', body: { csv } }));

export const usePreviewUsersImport = () => {
  const api = useApiClient();
  return useMutation({ mutationFn: (csv: string) => previewUsersImport(api, csv) });
};
