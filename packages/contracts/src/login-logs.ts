import { z } from 'zod';
import { isoDateTimeSchema } from './dates.ts';

/** GET /api/organization/login-logs/ query: newest first, filtered, paged; `format=csv` downloads them. */
export const loginLogsQuerySchema = z.object({
  from: isoDateTimeSchema.optional(),
  to: isoDateTimeSchema.optional(),
  outcome: z.enum(['success', 'failure']).optional(),
  q: z.string().trim().max(200, { error: 'must be at most 200 characters' }).optional().describe("Part of a person's name or email"),
  page: z.coerce.number().int().min(1, { error: 'must be 1 or more' }).default(1),
  page_size: z.coerce.number().int().min(1).max(200, { error: 'must be at most 200' }).default(50),
  format: z.enum(['json', 'csv']).default('json'),
});
export type LoginLogsQuery = z.infer<typeof loginLogsQuerySchema>;

export const loginLogEntrySchema = z.object({
  id: z.string(),
  time: isoDateTimeSchema,
  email: z.string(),
  name: z.string(),
  event: z.string().describe('signin, logout, tenant.select, update.email, …'),
  method: z.string().describe('password, otp-email, magiclink, …'),
  success: z.boolean(),
  reason: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  new_device: z.boolean().describe('From a device (its device id) none of the person’s earlier successful sign-ins came from'),
});
export type LoginLogEntry = z.infer<typeof loginLogEntrySchema>;

export const loginLogsSchema = z
  .object({ total: z.int(), page: z.int(), page_size: z.int(), entries: z.array(loginLogEntrySchema) })
  .meta({ id: 'LoginLogs' });
export type LoginLogs = z.infer<typeof loginLogsSchema>;
