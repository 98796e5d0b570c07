import { z } from 'zod';
import { isoDateTimeSchema } from './dates.ts';
import { personNameSchema, withoutControlCharacters } from './text.ts';

/** GET /api/account/profile/ — the signed-in person's own names; the email is their login and fixed here. */
export const accountProfileSchema = z
  .object({ firstName: z.string(), lastName: z.string(), email: z.string() })
  .meta({ id: 'AccountProfile' });
export type AccountProfile = z.infer<typeof accountProfileSchema>;

/** PATCH /api/account/profile/ */
export const updateAccountProfileBodySchema = z
  .object({ firstName: personNameSchema, lastName: personNameSchema })
  .strict()
  .meta({ id: 'UpdateAccountProfileBody' });
export type UpdateAccountProfileBody = z.infer<typeof updateAccountProfileBodySchema>;

/** One signed-in browser or device: a refresh-token family of the authentication provider. */
export const accountSessionSchema = z.object({
  id: z.string(),
  current: z.boolean().describe('The session this request was made with'),
  ip: z.string(),
  userAgent: z.string(),
  signedInAt: isoDateTimeSchema,
  lastActiveAt: isoDateTimeSchema.describe('When the session last renewed its token'),
  expiresAt: isoDateTimeSchema.describe('When it ends at the latest, without renewal'),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** GET /api/account/sessions/ — newest activity first. */
export const accountSessionsSchema = z
  .object({
    sessions: z.array(accountSessionSchema),
    canTellCurrent: z.boolean().describe('False when the session token does not say which session it is; "sign out the others" is then unavailable'),
  })
  .meta({ id: 'AccountSessions' });
export type AccountSessions = z.infer<typeof accountSessionsSchema>;

/** GET /api/account/factors/ — the person's own second factors, without any secret. */
export const accountFactorsSchema = z
  .object({
    authenticatorApp: z.object({ confirmedAt: isoDateTimeSchema.nullable() }).nullable().describe('null when no authenticator app is set up'),
    passkeys: z.array(
      z.object({
        id: z.string().describe('The credential id (base64url)'),
        name: z.string().describe('What the person called it; empty until they name it'),
        createdAt: isoDateTimeSchema,
        lastUsedAt: isoDateTimeSchema.nullable(),
        synced: z.boolean().describe('Backed up by its platform (iCloud Keychain, Google Password Manager…), so it follows the person to their other devices'),
      }),
    ),
    recoveryCodesLeft: z.int().min(0),
  })
  .meta({ id: 'AccountFactors' });
export type AccountFactors = z.infer<typeof accountFactorsSchema>;

export const accountSessionParamsSchema = z.object({ sessionId: z.string().min(1).max(100).refine(...withoutControlCharacters) });

export const revokedSessionsSchema = z.object({ revokedSessions: z.int() }).meta({ id: 'RevokedSessions' });
export type RevokedSessions = z.infer<typeof revokedSessionsSchema>;

/** GET /api/account/login-history/ query. */
export const loginHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1, { error: 'must be 1 or more' }).default(1),
  page_size: z.coerce.number().int().min(1).max(100, { error: 'must be at most 100' }).default(20),
});
export type LoginHistoryQuery = z.infer<typeof loginHistoryQuerySchema>;

export const loginHistoryEntrySchema = z.object({
  id: z.string(),
  time: isoDateTimeSchema,
  method: z.string().describe('password, otp-email, magiclink, …'),
  success: z.boolean(),
  reason: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  newDevice: z.boolean().describe('The first successful sign-in from this device (its device id), as far as Vigil has seen'),
});
export type LoginHistoryEntry = z.infer<typeof loginHistoryEntrySchema>;

/** The signed-in person's own sign-in attempts, newest first. */
export const loginHistorySchema = z
  .object({ total: z.int(), page: z.int(), page_size: z.int(), entries: z.array(loginHistoryEntrySchema) })
  .meta({ id: 'LoginHistory' });
export type LoginHistory = z.infer<typeof loginHistorySchema>;
