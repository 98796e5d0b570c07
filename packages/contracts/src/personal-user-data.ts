import { z } from 'zod';
import { isoDateTimeSchema } from './dates.ts';
import { roleSchema } from './roles.ts';

/** The five onboarding steps; onboarding is complete only when all are true (spec §4). */
export const onboardingStatusSchema = z.object({
  is_dmi_completed: z.boolean(),
  is_initial_testing_completed: z.boolean(),
  is_scim_completed: z.boolean(),
  is_sso_completed: z.boolean(),
  is_watchtower_completed: z.boolean(),
});
export type OnboardingStatus = z.infer<typeof onboardingStatusSchema>;

export const departmentViewSchema = z.object({ id: z.uuid(), name: z.string() });

/** GET /api/personal_user_data/ — the spec's personal user record (§3), field names as the spec gives them. */
export const personalUserDataSchema = z
  .object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.email(),
    role: roleSchema,
    company: z.string().describe('Name of the organisation the session is currently in'),
    has_paid_access: z.boolean(),
    onboarding_status: onboardingStatusSchema,
    is_bra_completed: z.boolean(),
    start_timestamp: isoDateTimeSchema.nullable().describe("The person's start date, ISO 8601"),
    picture_file_name: z
      .string()
      .describe('Logo of the current organisation, served at /cdn/company-logos/{picture_file_name}'),
    department_views: z
      .array(departmentViewSchema)
      .describe('Departments this person may view as a department admin; empty when not one'),
    is_direct_manager: z.boolean().describe('True when active people report to this person'),
  })
  .meta({ id: 'PersonalUserData' });
export type PersonalUserData = z.infer<typeof personalUserDataSchema>;
