import { z } from 'zod';
import { campaignStatusSchema } from './campaigns.ts';
import { isoDateTimeSchema } from './dates.ts';
import { templateStatusSchema } from './phishing-templates.ts';
import { withoutControlCharacters } from './text.ts';

/** POST /api/test-requests/ body: a tailored test in the admin's words. */
export const createTestRequestBodySchema = z
  .object({
    /** The pretext and what the lure should get people to do (click, reply, sign in, call). */
    scenario: z.string({ error: 'is required' }).trim().min(20, { error: 'must be at least 20 characters: say what the lure pretends and what it asks people to do' }).max(2_000, { error: 'must be at most 2,000 characters' }),
    /** Who it is for, in words (e.g. "accounts payable clerks"): guides the draft lure. */
    who: z.string().trim().max(300, { error: 'must be at most 300 characters' }).refine(...withoutControlCharacters).default(''),
    /** The draft campaign's audience: these departments, or the whole organisation when empty. */
    departmentIds: z.array(z.uuid({ error: 'must be departments of this organization' })).max(500, { error: 'must name at most 500 departments' }).default([]),
  })
  .meta({ id: 'CreateTestRequestBody' });
export type CreateTestRequestBody = z.infer<typeof createTestRequestBodySchema>;
export type CreateTestRequestInput = z.input<typeof createTestRequestBodySchema>;

export const testRequestIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a test request id' }) });

export const testRequestSchema = z
  .object({
    id: z.uuid(),
    scenario: z.string(),
    who: z.string(),
    /** submitted: stored, no draft lure yet; drafted: a draft lure waits for an admin's approval in the library. */
    status: z.enum(['submitted', 'drafted']),
    campaign: z.object({ id: z.uuid(), name: z.string(), status: campaignStatusSchema }).nullable(),
    template: z.object({ id: z.uuid(), name: z.string(), status: templateStatusSchema }).nullable(),
    createdAt: isoDateTimeSchema,
  })
  .meta({ id: 'TestRequest' });
export type TestRequest = z.infer<typeof testRequestSchema>;

export const testRequestsQuerySchema = z.object({
  cursor: z.string().max(512).optional(),
  limit: z.coerce.number({ error: 'must be 1 to 100' }).int({ error: 'must be 1 to 100' }).min(1, { error: 'must be 1 to 100' }).max(100, { error: 'must be 1 to 100' }).default(25),
});

export const testRequestListSchema = z
  .object({
    items: z.array(testRequestSchema),
    nextCursor: z.string().nullable(),
    /** Whether the server's operator configured a language model (LLM_BASE_URL) to draft lures. */
    llmConfigured: z.boolean(),
  })
  .meta({ id: 'TestRequestList' });
export type TestRequestList = z.infer<typeof testRequestListSchema>;

/**
 * What happened to the draft lure: drafted (a draft template waits for approval), failed (the
 * language model's answer or connection failed; `message` says why), not-configured (no LLM).
 */
export const templateDraftOutcomes = ['drafted', 'failed', 'not-configured'] as const;

export const testRequestAnswerSchema = z
  .object({
    request: testRequestSchema,
    draft: z.object({ outcome: z.enum(templateDraftOutcomes), message: z.string().nullable() }),
  })
  .meta({ id: 'TestRequestAnswer' });
export type TestRequestAnswer = z.infer<typeof testRequestAnswerSchema>;
