import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { trainingScheduleSchema, type TrainingSchedule } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { trainingScheduleKey } from './cadence-query-keys';

export type ScheduleRange = { from: string; to: string };

export const scheduleSearch = (range: ScheduleRange, extra: Record<string, string> = {}) => new URLSearchParams({ from: range.from, to: range.to, ...extra }).toString();

/** What falls due and what is planned between two days (both included). @throws ApiError; ZodError when the body breaks the contract */
export const getTrainingSchedule = async (api: ApiClient, range: ScheduleRange, signal?: AbortSignal): Promise<TrainingSchedule> =>
  trainingScheduleSchema.parse(await api.get(`${apiPaths.trainingSchedule}?${scheduleSearch(range)}`, { signal }));

export const trainingScheduleQueryOptions = (api: ApiClient, range: ScheduleRange) =>
  queryOptions({ queryKey: [...trainingScheduleKey, range], queryFn: ({ signal }) => getTrainingSchedule(api, range, signal), placeholderData: keepPreviousData });

export const useTrainingSchedule = (range: ScheduleRange) => useQuery(trainingScheduleQueryOptions(useApiClient(), range));
