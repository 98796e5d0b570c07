import { z } from 'zod';
import { isoDateTimeSchema } from './dates.ts';
import { personEmailSchema } from './organization-users.ts';
import { withoutControlCharacters } from './text.ts';

// Configure → Testing → Sending profiles: where an organisation's simulated mail leaves from.

export const smtpSecurities = ['none', 'starttls', 'tls'] as const;
export type SmtpSecurity = (typeof smtpSecurities)[number];

export const sendingProfileLimits = {
  nameMaxLength: 100,
  hostMaxLength: 253,
  usernameMaxLength: 254,
  passwordMaxLength: 1000,
  fromNameMaxLength: 200,
  ratePerMinuteMax: 10_000,
} as const;

const oneLine = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine(...withoutControlCharacters);

/** A host name or IP address as typed; the server checks its syntax and the outbound guard. */
const hostSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(sendingProfileLimits.hostMaxLength, { error: `must be at most ${sendingProfileLimits.hostMaxLength} characters` })
  .refine(...withoutControlCharacters);

const profileFields = {
  name: oneLine(sendingProfileLimits.nameMaxLength).min(1, { error: 'is required' }),
  host: hostSchema,
  port: z.number({ error: 'must be a whole number from 1 to 65535' }).int({ error: 'must be a whole number from 1 to 65535' }).min(1, { error: 'must be a whole number from 1 to 65535' }).max(65535, { error: 'must be a whole number from 1 to 65535' }),
  security: z.enum(smtpSecurities, { error: `must be one of ${smtpSecurities.join(', ')}` }),
  /** Null: the server asks for no authentication. */
  username: oneLine(sendingProfileLimits.usernameMaxLength).min(1, { error: 'must not be empty; null for none' }).nullable(),
  /** Lookalike domains are the point of a simulation, so any valid address goes. */
  fromAddress: personEmailSchema,
  fromName: oneLine(sendingProfileLimits.fromNameMaxLength),
  replyTo: personEmailSchema.nullable(),
  ratePerMinute: z
    .number({ error: `must be a whole number from 1 to ${sendingProfileLimits.ratePerMinuteMax}` })
    .int({ error: `must be a whole number from 1 to ${sendingProfileLimits.ratePerMinuteMax}` })
    .min(1, { error: `must be a whole number from 1 to ${sendingProfileLimits.ratePerMinuteMax}` })
    .max(sendingProfileLimits.ratePerMinuteMax, { error: `must be a whole number from 1 to ${sendingProfileLimits.ratePerMinuteMax}` }),
};

/** Write-only: sent to set it, never answered. Kept as typed (spaces may be part of a password). */
const passwordSchema = z
  .string({ error: 'must be text, or null to clear it' })
  .min(1, { error: 'must not be empty; null clears it' })
  .max(sendingProfileLimits.passwordMaxLength, { error: `must be at most ${sendingProfileLimits.passwordMaxLength} characters` })
  .refine(...withoutControlCharacters);

/** POST /api/sending-profiles/ body. */
export const createSendingProfileBodySchema = z
  .object({
    ...profileFields,
    username: profileFields.username.default(null),
    password: passwordSchema.nullable().default(null),
    fromName: profileFields.fromName.default(''),
    replyTo: profileFields.replyTo.default(null),
    ratePerMinute: profileFields.ratePerMinute.default(60),
  })
  .strict();
export type CreateSendingProfileBody = z.infer<typeof createSendingProfileBodySchema>;
/** What a form holds before the schema fills the defaults. */
export type CreateSendingProfileInput = z.input<typeof createSendingProfileBodySchema>;

/** PATCH /api/sending-profiles/{id}/ body: what changes. No password keeps it; `password: null` clears it. */
export const updateSendingProfileBodySchema = z
  .object({ ...profileFields, password: passwordSchema.nullable() })
  .partial()
  .strict();
export type UpdateSendingProfileBody = z.infer<typeof updateSendingProfileBodySchema>;

export const sendingProfileIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a sending profile id' }) });

export const sendingProfileAbilitiesSchema = z.object({ edit: z.boolean(), archive: z.boolean(), test: z.boolean() });
export type SendingProfileAbilities = z.infer<typeof sendingProfileAbilitiesSchema>;

export const sendingProfileSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    host: z.string(),
    port: z.number().int(),
    security: z.enum(smtpSecurities),
    username: z.string().nullable(),
    /** Whether a password is set; the password itself is never answered. */
    hasPassword: z.boolean(),
    fromAddress: z.string(),
    fromName: z.string(),
    replyTo: z.string().nullable(),
    ratePerMinute: z.number().int(),
    /** Campaigns still sending through it (scheduled, sending or paused). */
    activeCampaigns: z.number().int(),
    createdAt: isoDateTimeSchema,
    updatedAt: isoDateTimeSchema,
    archivedAt: isoDateTimeSchema.nullable(),
    can: sendingProfileAbilitiesSchema,
  })
  .meta({ id: 'SendingProfile' });
export type SendingProfile = z.infer<typeof sendingProfileSchema>;

export const sendingProfilesSchema = z.object({ items: z.array(sendingProfileSchema) });
export type SendingProfiles = z.infer<typeof sendingProfilesSchema>;

/** POST /api/sending-profiles/{id}/test/ body: where the test email goes (default: the caller). */
export const sendTestEmailBodySchema = z.object({ to: personEmailSchema.optional() }).strict();
export type SendTestEmailBody = z.infer<typeof sendTestEmailBodySchema>;

/** Why a test email did not go: what the admin has to look at. */
export const testEmailProblems = ['refused-address', 'connection', 'timeout', 'tls', 'auth', 'rejected', 'other'] as const;
export type TestEmailProblem = (typeof testEmailProblems)[number];

export const testEmailResultSchema = z.discriminatedUnion('delivered', [
  z.object({
    delivered: z.literal(true),
    to: z.string(),
    messageId: z.string(),
    /** What the receiving server said when it took the message. */
    smtpResponse: z.string(),
  }),
  z.object({
    delivered: z.literal(false),
    to: z.string(),
    problem: z.enum(testEmailProblems),
    message: z.string(),
    /** What the server answered, when it answered (a 535 for a wrong password). */
    smtpResponse: z.string().nullable(),
  }),
]);
export type TestEmailResult = z.infer<typeof testEmailResultSchema>;

/** The header every simulated message carries, so mail filters can let simulations through. */
export const filterHeaderName = 'X-Vigil-Simulation';

/** GET /api/phishing-settings/. */
export const phishingSettingsSchema = z
  .object({
    filterHeaderName: z.literal(filterHeaderName),
    /** The organisation's secret value of the header (rotate it if it leaks). */
    filterHeaderValue: z.string(),
    filterSecretUpdatedAt: isoDateTimeSchema,
    /** How to let messages with the header through, per mail platform: short steps in English. */
    allowListInstructions: z.array(z.object({ platform: z.enum(['exchange-online', 'google-workspace']), steps: z.array(z.string()) })),
  })
  .meta({ id: 'PhishingSettings' });
export type PhishingSettings = z.infer<typeof phishingSettingsSchema>;
