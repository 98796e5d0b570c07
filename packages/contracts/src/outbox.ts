import { z } from 'zod';
import { isoDateTimeSchema } from './dates.ts';

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
