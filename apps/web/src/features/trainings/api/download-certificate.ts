import { useMutation } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** The certificate PDF of a completed assignment, fetched with the session. @throws ApiError (409 before completion) */
export const downloadCertificate = (api: ApiClient, id: string) => api.download(apiPaths.myTrainings.certificate(id));

export const useDownloadCertificate = (id: string) => {
  const api = useApiClient();
  return useMutation({
    mutationFn: async () => {
      const { file, fileName } = await downloadCertificate(api, id);
      saveFile(file, fileName ?? 'certificate.pdf');
    },
  });
};
