/** Every query of this feature starts with one of these keys: the catalogue, assignments, settings. */
export const trainingModulesKey = ['training-modules'] as const;
export const trainingAssignmentsKey = ['training-assignments'] as const;
export const trainingSettingsKey = ['training-settings'] as const;
