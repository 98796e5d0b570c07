import { z } from 'zod';
import { isoDateTimeSchema } from './dates.ts';

// Text a mail client hands over (a subject, a Message-ID): no control characters, which PostgreSQL partly refuses.
const mailText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: `${field} must not be empty` })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .refine((text) => !/\p{Cc}/u.test(text), { error: `${field} must not contain control characters` });

/**
 * POST /api/report-phish/ body: what the report button knows of the message. A simulated lure is
 * recognised by its recipient id (the button reads it from the lure's header) or its Message-ID;
 * anything else is a real report for the security team, which the subject helps them find.
 */
export const reportPhishBodySchema = z
  .strictObject({
    recipientId: z.uuid({ error: 'recipientId must be a UUID' }).optional(),
    messageId: mailText('messageId', 998).optional(),
    subject: mailText('subject', 998).optional(),
  })
  .refine((body) => body.recipientId !== undefined || body.messageId !== undefined || body.subject !== undefined, {
    error: 'name the message: recipientId, messageId or subject',
  })
  .meta({ id: 'ReportPhishBody' });
export type ReportPhishBody = z.infer<typeof reportPhishBodySchema>;

/** `simulation`: whether the reported message was one of the organisation's simulated lures (a success). */
export const reportPhishResultSchema = z.object({ simulation: z.boolean(), reportedAt: isoDateTimeSchema }).meta({ id: 'ReportPhishResult' });
export type ReportPhishResult = z.infer<typeof reportPhishResultSchema>;
