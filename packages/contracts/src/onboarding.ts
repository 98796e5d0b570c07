import { z } from 'zod';
import { onboardingStatusSchema } from './personal-user-data.ts';

/** PATCH /api/organization/onboarding/ — record onboarding steps (and the baseline risk assessment) done or not. */
export const updateOnboardingBodySchema = onboardingStatusSchema
  .extend({ is_bra_completed: z.boolean() })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'name at least one step to change' })
  .meta({ id: 'UpdateOnboardingBody' });
export type UpdateOnboardingBody = z.infer<typeof updateOnboardingBodySchema>;

export const onboardingStateSchema = z
  .object({
    onboarding_status: onboardingStatusSchema,
    is_bra_completed: z.boolean(),
    is_onboarded: z.boolean().describe('All five onboarding steps are done'),
  })
  .meta({ id: 'OnboardingState' });
export type OnboardingState = z.infer<typeof onboardingStateSchema>;
