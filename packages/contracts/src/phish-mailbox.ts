import { z } from 'zod';
import { isoDateTimeSchema } from './dates.ts';
import { withoutControlCharacters } from './text.ts';

// Configure → Integrations → Reported-phish mailbox: the IMAP mailbox people forward suspicious
// mail to, and the mail found in it (forwarded simulations count as reports; the rest waits for triage).

export const imapTlsModes = ['tls', 'starttls', 'none'] as const;
export type ImapTlsMode = (typeof imapTlsModes)[number];

export const phishMailboxAuthMethods = ['password', 'microsoft', 'google'] as const;
export type PhishMailboxAuthMethod = (typeof phishMailboxAuthMethods)[number];

export const processedActions = ['move', 'flag'] as const;
export type ProcessedAction = (typeof processedActions)[number];

export const reportedMessageKinds = ['simulation', 'suspicious'] as const;
export type ReportedMessageKind = (typeof reportedMessageKinds)[number];

export const reportedMessageVerdicts = ['pending', 'safe', 'spam', 'phishing'] as const;
export type ReportedMessageVerdict = (typeof reportedMessageVerdicts)[number];

export const phishMailboxLimits = {
  hostMaxLength: 253,
  usernameMaxLength: 254,
  folderMaxLength: 200,
  secretMaxLength: 1000,
  serviceAccountKeyMaxLength: 20_000,
  idMaxLength: 100,
} as const;

const oneLine = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` })
    .refine(...withoutControlCharacters);

/** Write-only secrets: sent to set them, never answered; absent keeps the one saved. */
const secretSchema = z
  .string({ error: 'must be text' })
  .min(1, { error: 'must not be empty; leave it out to keep the saved one' })
  .max(phishMailboxLimits.secretMaxLength, { error: `must be at most ${phishMailboxLimits.secretMaxLength} characters` })
  .refine(...withoutControlCharacters);

/** Entra's tenant: its id (a GUID) or a verified domain such as contoso.onmicrosoft.com. */
const entraTenantSchema = oneLine(phishMailboxLimits.idMaxLength).regex(/^[A-Za-z0-9.-]+$/, { error: 'must be the tenant id (a GUID) or a domain such as contoso.onmicrosoft.com' });

export const phishMailboxAuthInputSchema = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('password'), password: secretSchema.optional() }).strict(),
    z
      .object({
        method: z.literal('microsoft'),
        tenantId: entraTenantSchema,
        clientId: oneLine(phishMailboxLimits.idMaxLength),
        clientSecret: secretSchema.optional(),
      })
      .strict(),
    z
      .object({
        method: z.literal('google'),
        /** The service account's JSON key file as downloaded from Google Cloud. */
        serviceAccountKey: z
          .string({ error: 'must be the JSON key file as text' })
          .min(1, { error: 'must not be empty; leave it out to keep the saved one' })
          .max(phishMailboxLimits.serviceAccountKeyMaxLength, { error: `must be at most ${phishMailboxLimits.serviceAccountKeyMaxLength} characters` })
          .optional(),
      })
      .strict(),
  ],
  { error: `must name a method: one of ${phishMailboxAuthMethods.join(', ')}` },
);
export type PhishMailboxAuthInput = z.infer<typeof phishMailboxAuthInputSchema>;

const portSchema = z
  .number({ error: 'must be a whole number from 1 to 65535' })
  .int({ error: 'must be a whole number from 1 to 65535' })
  .min(1, { error: 'must be a whole number from 1 to 65535' })
  .max(65535, { error: 'must be a whole number from 1 to 65535' });

/** PUT /api/integrations/phish-mailbox/ body: the whole settings; secrets left out keep the saved ones. */
export const savePhishMailboxBodySchema = z
  .object({
    host: oneLine(phishMailboxLimits.hostMaxLength),
    port: portSchema,
    tlsMode: z.enum(imapTlsModes, { error: `must be one of ${imapTlsModes.join(', ')}` }),
    /** The mailbox's address or login; for Google, the address the service account acts as. */
    username: oneLine(phishMailboxLimits.usernameMaxLength),
    folder: oneLine(phishMailboxLimits.folderMaxLength).default('INBOX'),
    auth: phishMailboxAuthInputSchema,
    processedAction: z.enum(processedActions, { error: `must be one of ${processedActions.join(', ')}` }).default('move'),
    processedFolder: oneLine(phishMailboxLimits.folderMaxLength).default('Vigil processed'),
    thankReporters: z.boolean({ error: 'must be true or false' }).default(true),
    enabled: z.boolean({ error: 'must be true or false' }).default(true),
  })
  .strict();
export type SavePhishMailboxBody = z.infer<typeof savePhishMailboxBodySchema>;
export type SavePhishMailboxInput = z.input<typeof savePhishMailboxBodySchema>;

export const phishMailboxAuthSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('password'), hasPassword: z.boolean() }),
  z.object({ method: z.literal('microsoft'), tenantId: z.string(), clientId: z.string(), hasClientSecret: z.boolean() }),
  z.object({ method: z.literal('google'), clientEmail: z.string().nullable(), hasServiceAccountKey: z.boolean() }),
]);
export type PhishMailboxAuth = z.infer<typeof phishMailboxAuthSchema>;

export const phishMailboxSettingsSchema = z
  .object({
    host: z.string(),
    port: z.number().int(),
    tlsMode: z.enum(imapTlsModes),
    username: z.string(),
    folder: z.string(),
    auth: phishMailboxAuthSchema,
    processedAction: z.enum(processedActions),
    processedFolder: z.string(),
    thankReporters: z.boolean(),
    enabled: z.boolean(),
    lastPolledAt: isoDateTimeSchema.nullable(),
    lastSuccessAt: isoDateTimeSchema.nullable(),
    /** What went wrong on the last poll (the server's words, never a secret); null when it went well. */
    lastError: z.string().nullable(),
    updatedAt: isoDateTimeSchema,
  })
  .meta({ id: 'PhishMailboxSettings' });
export type PhishMailboxSettings = z.infer<typeof phishMailboxSettingsSchema>;

export const phishMailboxAbilitiesSchema = z.object({ edit: z.boolean(), test: z.boolean(), delete: z.boolean() });

/** GET /api/integrations/phish-mailbox/: the settings (null before any are saved) and how much waits for triage. */
export const phishMailboxStateSchema = z
  .object({
    settings: phishMailboxSettingsSchema.nullable(),
    /** Suspicious mail no admin has given a verdict yet. */
    pendingCount: z.number().int(),
    can: phishMailboxAbilitiesSchema,
  })
  .meta({ id: 'PhishMailboxState' });
export type PhishMailboxState = z.infer<typeof phishMailboxStateSchema>;

/** Which step of a connection failed: the token endpoint, reaching the server, signing in, or the folder. */
export const mailboxTestStages = ['token', 'connect', 'login', 'folder'] as const;

/** POST /api/integrations/phish-mailbox/test/: what happened when Vigil tried the saved settings. */
export const phishMailboxTestResultSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    /** The server's greeting or ID, as it gave it. */
    server: z.string().nullable(),
    folder: z.string(),
    messages: z.number().int(),
  }),
  z.object({
    ok: z.literal(false),
    stage: z.enum(mailboxTestStages),
    message: z.string(),
    /** What the server (or token endpoint) answered, when it answered. */
    serverResponse: z.string().nullable(),
  }),
]);
export type PhishMailboxTestResult = z.infer<typeof phishMailboxTestResultSchema>;

export const reportedMessageLinkSchema = z.object({ url: z.string(), host: z.string() });
export const reportedMessageAttachmentSchema = z.object({ name: z.string(), contentType: z.string(), size: z.number().int(), sha256: z.string() });

export const reportedMessageSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(reportedMessageKinds),
    /**
     * Who forwarded it. `verified`: the receiving mail server vouched for the address (DMARC or aligned
     * DKIM pass, or Exchange's own signed-in user); an unverified reporter names no person, is not
     * counted and gets no thank-you.
     */
    reporter: z.object({ email: z.string(), verified: z.boolean(), personId: z.uuid().nullable(), name: z.string().nullable() }),
    sender: z.object({ address: z.string().nullable(), name: z.string().nullable() }),
    subject: z.string(),
    receivedAt: isoDateTimeSchema,
    reportedAt: isoDateTimeSchema,
    links: z.array(reportedMessageLinkSchema),
    attachments: z.array(reportedMessageAttachmentSchema),
    /** A short plain-text excerpt of the reported message's body (scripts, markup and images dropped). */
    excerpt: z.string(),
    /** For a simulation: whether this message counted as the recipient's report. */
    countedAsReport: z.boolean(),
    verdict: z.enum(reportedMessageVerdicts).nullable(),
    verdictBy: z.object({ personId: z.uuid(), name: z.string() }).nullable(),
    verdictAt: isoDateTimeSchema.nullable(),
    can: z.object({ setVerdict: z.boolean() }),
  })
  .meta({ id: 'ReportedMessage' });
export type ReportedMessage = z.infer<typeof reportedMessageSchema>;

/** GET /api/integrations/phish-mailbox/messages/ query (keyset paged, newest first). */
export const reportedMessagesQuerySchema = z.object({
  kind: z.enum(reportedMessageKinds, { error: `must be one of ${reportedMessageKinds.join(', ')}` }).optional(),
  verdict: z.enum(reportedMessageVerdicts, { error: `must be one of ${reportedMessageVerdicts.join(', ')}` }).optional(),
  cursor: z.string().max(512, { error: 'is not a cursor this list gave out' }).regex(/^[A-Za-z0-9_-]+$/, { error: 'is not a cursor this list gave out' }).optional(),
  limit: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }).max(100, { error: 'must be at most 100' }).default(25),
});
export type ReportedMessagesQuery = z.infer<typeof reportedMessagesQuerySchema>;

export const reportedMessagesSchema = z.object({ items: z.array(reportedMessageSchema), nextCursor: z.string().nullable() }).meta({ id: 'ReportedMessages' });
export type ReportedMessages = z.infer<typeof reportedMessagesSchema>;

export const reportedMessageIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a reported message id' }) });

/** PATCH /api/integrations/phish-mailbox/messages/{id}/ body. */
export const setReportedMessageVerdictBodySchema = z
  .object({ verdict: z.enum(reportedMessageVerdicts, { error: `must be one of ${reportedMessageVerdicts.join(', ')}` }) })
  .strict();
export type SetReportedMessageVerdictBody = z.infer<typeof setReportedMessageVerdictBodySchema>;
