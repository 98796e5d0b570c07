/** Every query of the learner's pages starts with this key, so one invalidation refreshes lists and lessons. */
export const myTrainingsKey = ['my-trainings'] as const;
