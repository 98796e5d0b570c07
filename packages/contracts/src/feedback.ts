import { z } from 'zod';
import { isoDateTimeSchema } from './dates.ts';

export const feedbackMessageMaxLength = 5000;

/** POST /api/submit-feedback/ body: the message is required and trimmed (spec §5). */
export const submitFeedbackBodySchema = z
  .object({
    message: z
      .string({ error: 'message is required' })
      .trim()
      .min(1, { error: 'message must not be empty' })
      .max(feedbackMessageMaxLength, { error: `message must be at most ${feedbackMessageMaxLength} characters` })
      // Line breaks and tabs belong in a message; NUL, which PostgreSQL refuses, and other control codes do not.
      .refine((text) => !/[^\P{Cc}\t\n\r]/u.test(text), { error: 'message must not contain control characters' }),
  })
  .meta({ id: 'SubmitFeedbackBody' });
export type SubmitFeedbackBody = z.infer<typeof submitFeedbackBodySchema>;

export const submitFeedbackResultSchema = z
  .object({ id: z.uuid(), created_at: isoDateTimeSchema })
  .meta({ id: 'SubmitFeedbackResult' });
export type SubmitFeedbackResult = z.infer<typeof submitFeedbackResultSchema>;
