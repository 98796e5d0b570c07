/** The query keys of cadence rules, the schedule and module requests (kept apart from the catalogue's). */
export const cadenceRulesKey = ['training-cadence-rules'] as const;
export const trainingScheduleKey = ['training-schedule'] as const;
export const moduleRequestsKey = ['training-module-requests'] as const;
