import { z } from 'zod';
import { onboardingStatusSchema } from './personal-user-data.ts';

/** One client company of a managed-service provider, as the spec's list call gives it (§3). */
export const msspCompanySchema = z
  .object({
    company_id: z.uuid(),
    company_name: z.string(),
    subordinate_email: z.string().describe("The client company's primary admin; empty when it has none"),
  })
  .meta({ id: 'MsspCompany' });
export type MsspCompany = z.infer<typeof msspCompanySchema>;

export const msspCompanyListSchema = z
  .object({ mssp_company_names: z.array(msspCompanySchema).describe('Sorted by company name') })
  .meta({ id: 'MsspCompanyList' });
export type MsspCompanyList = z.infer<typeof msspCompanyListSchema>;

export const msspCompanyIdParamsSchema = z.object({ id: z.uuid() });

/** GET /api/mssp_company_list/{id}/ — one client company in full. */
export const msspCompanyDetailSchema = msspCompanySchema
  .extend({
    domain: z.string(),
    picture_file_name: z.string(),
    has_paid_access: z.boolean(),
    onboarding_status: onboardingStatusSchema,
    is_bra_completed: z.boolean(),
    people_count: z.int().nonnegative().describe('Active people'),
    department_count: z.int().nonnegative(),
  })
  .meta({ id: 'MsspCompanyDetail' });
export type MsspCompanyDetail = z.infer<typeof msspCompanyDetailSchema>;
