import { z } from 'zod';
import { withoutControlCharacters } from './text.ts';
import { timeZoneSchema } from './time-zones.ts';

/** Logo images the server accepts; it checks the bytes, not the name or the declared type. */
export const logoContentTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;
export type LogoContentType = (typeof logoContentTypes)[number];

/** The largest logo the server stores: the top bar shows it at 32 px, so 1 MB is generous. */
export const maxLogoBytes = 1024 * 1024;

export const organizationNameMaxLength = 100;

export const organizationNameSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(organizationNameMaxLength, { error: `must be at most ${organizationNameMaxLength} characters` })
  .refine(...withoutControlCharacters);

/** GET /api/organization/ — the current organisation's general settings (admins). */
export const organizationSettingsSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    domain: z.string().describe('The email domain of its people; changed through support, not here'),
    pictureFileName: z.string().describe('The logo under /cdn/company-logos/, or empty when there is none'),
    timeZone: z.string().describe('An IANA time zone: its people follow it unless they have their own'),
  })
  .meta({ id: 'OrganizationSettings' });
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;

/** PATCH /api/organization/: the settings to change, at least one. */
export const updateOrganizationBodySchema = z
  .object({ name: organizationNameSchema.optional(), timeZone: timeZoneSchema.optional() })
  .strict()
  .refine((body) => body.name !== undefined || body.timeZone !== undefined, { error: 'must name a setting to change: name or timeZone' })
  .meta({ id: 'UpdateOrganizationBody' });
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBodySchema>;
