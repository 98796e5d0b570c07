import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trainingModuleSummarySchema, type TrainingLanguage, type TrainingModuleSummary, type TrainingTopic } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { ApiError, messageOf, useApiClient, type ApiClient } from '../../../lib/api-client';
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
  /** A video's WebVTT captions, by language (optional). */
  captions?: Partial<Record<TrainingLanguage, File>>;
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
  const added = trainingModuleSummarySchema.parse(await api.upload(`${apiPaths.trainingModules.upload}?${query}`, upload.file, { contentType: upload.contentType, onProgress, signal }));
  if (upload.contentType !== 'video/mp4') return added;
  let latest = added;
  for (const language of upload.languages) {
    const captions = upload.captions?.[language];
    if (!captions) continue;
    // The captions' type as the server reads them, whatever the browser guessed for a .vtt file.
    const body = new Blob([captions], { type: 'text/vtt' });
    try {
      latest = trainingModuleSummarySchema.parse(await api.request(apiPaths.trainingModules.captions(added.id, language), { method: 'PUT', body, signal }));
    } catch (error) {
      // The module is added; only these captions were refused: said on the captions, not on the video.
      const problem = `${captions.name}: ${messageOf(error).replace(/^body: /, '')}`;
      throw new ApiError({ status: error instanceof ApiError ? error.status : 0, code: error instanceof ApiError ? error.code : 'NETWORK_ERROR', message: problem, details: [{ field: 'captions', problem }] });
    }
  }
  return latest;
};

/** The upload as a mutation; the catalogue is read again once the module is added (even when its captions were then refused). */
export const useUploadOwnModule = (onProgress: (fraction: number) => void) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: OwnModuleUpload) => uploadOwnModule(api, upload, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trainingModulesKey }),
  });
};
