/** Every query of the learner's pages starts with this key, so one invalidation refreshes lists and lessons. */
export const myTrainingsKey = ['my-trainings'] as const;

/** Every query of the learner's policies starts with this key. */
export const myPoliciesKey = ['my-policies'] as const;
