import { useMutation } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { scheduleSearch, type ScheduleRange } from './get-training-schedule';

/** The schedule of a range as the server's CSV, fetched with the session. @throws ApiError */
export const exportTrainingScheduleCsv = (api: ApiClient, range: ScheduleRange) => api.download(`${apiPaths.trainingSchedule}?${scheduleSearch(range, { format: 'csv' })}`);

export const useExportTrainingScheduleCsv = () => {
  const api = useApiClient();
  return useMutation({
    mutationFn: async (range: ScheduleRange) => {
      const { file, fileName } = await exportTrainingScheduleCsv(api, range);
      saveFile(file, fileName ?? 'training-schedule.csv');
    },
  });
};
