import { z } from 'zod';
import { isoDateTimeSchema } from './dates.ts';
import { attackVectorSchema, templateLanguageSchema } from './phishing-content.ts';
import { redFlagSchema } from './phishing-templates.ts';

/** GET /api/heads-up/ query: one of the caller's own simulated messages; absent, their most recent. */
export const headsUpQuerySchema = z.object({
  recipient: z.uuid({ error: 'recipient must be the id of a simulated message sent to you' }).optional(),
});
export type HeadsUpQuery = z.infer<typeof headsUpQuerySchema>;

/**
 * What the person did with the message, the strongest first: `submitted` (entered details on the
 * page it led to), `clicked` (followed a link, opened its attachment, scanned its QR code, replied or
 * called), `reported`, `opened`, or `none` (nothing recorded).
 */
export const headsUpOutcomes = ['submitted', 'clicked', 'reported', 'opened', 'none'] as const;
export const headsUpOutcomeSchema = z.enum(headsUpOutcomes);
export type HeadsUpOutcome = z.infer<typeof headsUpOutcomeSchema>;

/** The message as the person received it, its links inert ('#'). */
export const headsUpMailSchema = z
  .object({
    language: templateLanguageSchema,
    fromName: z.string(),
    fromAddress: z.string(),
    subject: z.string(),
    /** Sanitised lure HTML, for a sandboxed frame; empty for a text message. */
    html: z.string(),
    text: z.string(),
    sms: z.string().nullable(),
    attachmentFileName: z.string().nullable(),
  })
  .meta({ id: 'HeadsUpMail' });

export const headsUpSimulationSchema = z
  .object({
    recipientId: z.uuid(),
    vector: attackVectorSchema,
    sentAt: isoDateTimeSchema,
    outcome: headsUpOutcomeSchema,
    /** When the outcome happened (the send time for `none`). */
    outcomeAt: isoDateTimeSchema,
    openedAt: isoDateTimeSchema.nullable(),
    clickedAt: isoDateTimeSchema.nullable(),
    attachmentOpenedAt: isoDateTimeSchema.nullable(),
    qrScannedAt: isoDateTimeSchema.nullable(),
    repliedAt: isoDateTimeSchema.nullable(),
    calledAt: isoDateTimeSchema.nullable(),
    submittedAt: isoDateTimeSchema.nullable(),
    reportedAt: isoDateTimeSchema.nullable(),
    /** Null when the lure can no longer be rendered as it was sent. */
    mail: headsUpMailSchema.nullable(),
    redFlags: z.array(redFlagSchema),
    /** The language of the red flags: the recipient's, or English when the lure has none in theirs. */
    redFlagsLanguage: templateLanguageSchema,
    /** The lesson the training assigns next; null until training is connected. */
    nextLesson: z.object({ title: z.string(), href: z.string() }).nullable(),
  })
  .meta({ id: 'HeadsUpSimulation' });
export type HeadsUpSimulation = z.infer<typeof headsUpSimulationSchema>;

/** GET /api/heads-up/: the simulation asked for, or the caller's most recent (null: none sent yet). */
export const headsUpSchema = z.object({ simulation: headsUpSimulationSchema.nullable() }).meta({ id: 'HeadsUp' });
export type HeadsUp = z.infer<typeof headsUpSchema>;
