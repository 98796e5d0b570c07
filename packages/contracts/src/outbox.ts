import { z } from 'zod';
import { isoDateTimeSchema } from './dates.ts';
import { withoutControlCharacters } from './text.ts';

/** A message the deployment could not send anywhere (no SMTP or SMS service configured). */
export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.string(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: isoDateTimeSchema,
});

export const outboxListSchema = z
  .object({ messages: z.array(outboxMessageSchema).describe('Newest first, at most 100') })
  .meta({ id: 'OutboxList' });
export type OutboxList = z.infer<typeof outboxListSchema>;

/** An outbox message named in a path: the provider's ids (M…, notp:V…) and lure ids (lure-sms:…). */
export const outboxMessageParamsSchema = z.object({
  messageId: z.string().min(1).max(200).refine(...withoutControlCharacters),
});

/** A WhatsApp login confirmed from the outbox: the waiting page signs its person in. */
export const outboxConfirmationSchema = z
  .object({ id: z.string(), confirmed_at: isoDateTimeSchema })
  .meta({ id: 'OutboxConfirmation' });
export type OutboxConfirmation = z.infer<typeof outboxConfirmationSchema>;
