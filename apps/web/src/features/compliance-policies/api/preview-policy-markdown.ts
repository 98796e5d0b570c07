import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { policyHtmlSchema } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { policiesKey } from './query-keys';

/** Markdown rendered and sanitised by the server, as readers will see it. @throws ApiError */
export const previewPolicyMarkdown = async (api: ApiClient, markdown: string, signal?: AbortSignal): Promise<string> =>
  policyHtmlSchema.parse(await api.request(apiPaths.policies.preview, { method: 'POST', body: { markdown }, signal })).html;

export const policyPreviewQueryOptions = (api: ApiClient, markdown: string) =>
  queryOptions({ queryKey: [...policiesKey, 'preview', markdown], queryFn: ({ signal }) => previewPolicyMarkdown(api, markdown, signal), placeholderData: keepPreviousData, staleTime: Infinity });

/** The preview of the editor's text; asked only while the preview is shown and there is text. */
export const usePolicyPreview = (markdown: string, enabled: boolean) => useQuery({ ...policyPreviewQueryOptions(useApiClient(), markdown), enabled: enabled && markdown.trim().length > 0 });
