import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trainingModuleSummarySchema, type TrainingLanguage, type TrainingModuleSummary, type TrainingTopic } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { trainingModulesKey } from './query-keys';

export type OwnModuleUpload = {
  file: File;
  /** video/mp4 or application/zip, from the file's name (browsers disagree on a zip's type). */
  contentType: 'video/mp4' | 'application/zip';
  title: string;
  summary: string;
  topic: TrainingTopic;
  minutes: number;
  languages: TrainingLanguage[];
};

/** The type to send a chosen file as, from its name; undefined for anything but an .mp4 or a .zip. */
export const uploadTypeOf = (file: File): OwnModuleUpload['contentType'] | undefined => {
  const name = file.name.toLowerCase();
  if (name.endsWith('.mp4') || name.endsWith('.m4v')) return 'video/mp4';
  if (name.endsWith('.zip')) return 'application/zip';
  return undefined;
};

/**
 * Uploads an MP4 or a SCORM zip as a new own module; the words travel in the query string, the file
 * as the raw body (XMLHttpRequest, for its upload progress).
 * @throws ApiError (400 naming the field or the zip entry, 413 past the size limit); ZodError when the body breaks the contract
 */
export const uploadOwnModule = async (api: ApiClient, upload: OwnModuleUpload, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<TrainingModuleSummary> => {
  const query = new URLSearchParams({ title: upload.title, summary: upload.summary, topic: upload.topic, minutes: String(upload.minutes), languages: upload.languages.join(',') });
  return trainingModuleSummarySchema.parse(await api.upload(`${apiPaths.trainingModules.upload}?${query}`, upload.file, { contentType: upload.contentType, onProgress, signal }));
};

/** The upload as a mutation; the catalogue is read again once the module is added. */
export const useUploadOwnModule = (onProgress: (fraction: number) => void) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: OwnModuleUpload) => uploadOwnModule(api, upload, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainingModulesKey }),
  });
};
