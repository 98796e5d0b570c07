import { z } from 'zod';
import { audienceSchema } from './campaigns.ts';
import { isoDateTimeSchema } from './dates.ts';
import { withoutControlCharacters, withoutNul } from './text.ts';

// Policy documents (issue 10, compliance): an admin writes a policy in Markdown or uploads it as a
// PDF; the people it is for read it and acknowledge it. A policy has numbered versions that never
// change once published; publishing a new one asks everyone again.

export const policyFormats = ['markdown', 'pdf'] as const;
export const policyFormatSchema = z.enum(policyFormats);
export type PolicyFormat = z.infer<typeof policyFormatSchema>;

/** The largest PDF a policy version may be (it is kept in the database). */
export const maxPolicyPdfBytes = 10 * 1024 * 1024;
/** The longest Markdown text a policy version may be, in characters. */
export const maxPolicyMarkdownLength = 200_000;

// NUL is the one character PostgreSQL refuses in text; every other (tabs, line breaks) belongs in Markdown.

export const policyTitleSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(160, { error: 'must be at most 160 characters' })
  .refine(...withoutControlCharacters);

const descriptionSchema = z.string({ error: 'must be text' }).trim().max(1_000, { error: 'must be at most 1,000 characters' }).refine(...withoutNul);

export const policyMarkdownSchema = z
  .string({ error: 'is required' })
  .refine((text) => text.trim().length > 0, { error: 'is required: write the policy text' })
  .refine((text) => text.length <= maxPolicyMarkdownLength, { error: `must be at most ${maxPolicyMarkdownLength.toLocaleString('en')} characters` })
  .refine(...withoutNul);

/** What changed since the previous version: required from version 2 on (the service says so). */
export const policyChangeNoteSchema = z.string({ error: 'must be text' }).trim().max(500, { error: 'must be at most 500 characters' }).refine(...withoutNul);

/** One published version, without its document. */
export const policyVersionSchema = z
  .object({
    id: z.uuid(),
    version: z.int(),
    format: policyFormatSchema,
    /** The document's size in bytes (the Markdown as UTF-8, or the PDF). */
    byteSize: z.int(),
    /** SHA-256 of those bytes, in hex: an auditor can match a copy to what people acknowledged. */
    sha256: z.string(),
    changeNote: z.string(),
    publishedAt: isoDateTimeSchema,
    /** The admin who published it, by name (null once they are gone). */
    publishedBy: z.string().nullable(),
  })
  .meta({ id: 'PolicyVersion' });
export type PolicyVersion = z.infer<typeof policyVersionSchema>;

/** A policy as the admin list shows it: its current version and how many have acknowledged that version. */
export const policySummarySchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string(),
    /** Who must acknowledge it: `organization` is everyone. */
    audience: audienceSchema,
    archived: z.boolean(),
    createdAt: isoDateTimeSchema,
    /** Null until a first version is published (a policy created for a PDF still to upload). */
    currentVersion: policyVersionSchema.nullable(),
    /** Active people in the audience who have acknowledged the current version. */
    acknowledged: z.int(),
    /** Active people in the audience (0 for an archived policy: no one is asked any more). */
    required: z.int(),
  })
  .meta({ id: 'PolicySummary' });
export type PolicySummary = z.infer<typeof policySummarySchema>;

export const policyListSchema = z.object({ items: z.array(policySummarySchema) }).meta({ id: 'PolicyList' });
export type PolicyList = z.infer<typeof policyListSchema>;

/** GET /api/policies/ query. */
export const policiesQuerySchema = z.object({
  status: z.enum(['active', 'archived'], { error: 'must be active or archived' }).default('active'),
});

/** One policy with every version, newest first (GET /api/policies/{id}/). */
export const policyDetailSchema = policySummarySchema.extend({ versions: z.array(policyVersionSchema) }).meta({ id: 'PolicyDetail' });
export type PolicyDetail = z.infer<typeof policyDetailSchema>;

/**
 * POST /api/policies/ body. With `markdown`, version 1 is published at once; without it the policy
 * waits for its first version (a PDF uploaded to /api/policies/{id}/versions/pdf/).
 */
export const createPolicyBodySchema = z
  .object({
    title: policyTitleSchema,
    description: descriptionSchema.default(''),
    audience: audienceSchema.default({ kind: 'organization' }),
    markdown: policyMarkdownSchema.optional(),
  })
  .meta({ id: 'CreatePolicyBody' });
export type CreatePolicyBody = z.infer<typeof createPolicyBodySchema>;
export type CreatePolicyInput = z.input<typeof createPolicyBodySchema>;

/** POST /api/policies/{id}/versions/ body: a new Markdown version. */
export const publishPolicyVersionBodySchema = z
  .object({ markdown: policyMarkdownSchema, changeNote: policyChangeNoteSchema.default('') })
  .meta({ id: 'PublishPolicyVersionBody' });
export type PublishPolicyVersionBody = z.infer<typeof publishPolicyVersionBodySchema>;

/** POST /api/policies/{id}/versions/pdf/ query (the body is the PDF itself). */
export const publishPolicyPdfQuerySchema = z.object({ changeNote: policyChangeNoteSchema.default('') });

/** POST /api/policies/preview/ body and answer: Markdown rendered as the reader will see it. */
export const policyPreviewBodySchema = z.object({ markdown: policyMarkdownSchema }).meta({ id: 'PolicyPreviewBody' });
export const policyHtmlSchema = z.object({ html: z.string() }).meta({ id: 'PolicyHtml' });

/**
 * A version's document as a reader gets it: Markdown rendered to sanitised HTML on the server, or a
 * signed, expiring address of the PDF (an <iframe> cannot send the session's token).
 */
export const policyDocumentSchema = z
  .object({
    version: policyVersionSchema,
    html: z.string().nullable(),
    pdfUrl: z.string().nullable(),
    /** The Markdown source, for admins only (to start the next version from); null for learners and PDFs. */
    markdown: z.string().nullable(),
  })
  .meta({ id: 'PolicyDocument' });
export type PolicyDocument = z.infer<typeof policyDocumentSchema>;

export const policyAcknowledgementStates = ['pending', 'acknowledged'] as const;

/** GET /api/policies/{id}/acknowledgements/ query: who has and has not acknowledged the current version. */
export const policyAcknowledgementsQuerySchema = z.object({
  status: z.enum(['pending', 'acknowledged', 'all'], { error: 'must be pending, acknowledged or all' }).default('pending'),
  cursor: z.string().max(512, { error: 'is not a cursor this list gave out' }).optional(),
  limit: z.coerce.number().int({ error: 'must be a whole number' }).min(1, { error: 'must be 1 or more' }).max(200, { error: 'must be at most 200' }).default(50),
  format: z.enum(['json', 'csv'], { error: 'must be json or csv' }).default('json'),
});
export type PolicyAcknowledgementsQuery = z.infer<typeof policyAcknowledgementsQuerySchema>;

export const policyAcknowledgementRowSchema = z
  .object({
    personId: z.uuid(),
    name: z.string(),
    email: z.string(),
    department: z.string().nullable(),
    status: z.enum(policyAcknowledgementStates),
    /** When they acknowledged the current version. */
    acknowledgedAt: isoDateTimeSchema.nullable(),
    /** The latest earlier version they acknowledged, when they have not acknowledged the current one. */
    previousVersion: z.int().nullable(),
  })
  .meta({ id: 'PolicyAcknowledgementRow' });
export type PolicyAcknowledgementRow = z.infer<typeof policyAcknowledgementRowSchema>;

export const policyAcknowledgementListSchema = z
  .object({ version: z.int().nullable(), items: z.array(policyAcknowledgementRowSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'PolicyAcknowledgementList' });
export type PolicyAcknowledgementList = z.infer<typeof policyAcknowledgementListSchema>;

/** One policy the signed-in person is asked to acknowledge (GET /api/my-policies/). */
export const myPolicySchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string(),
    version: policyVersionSchema,
    status: z.enum(['to_acknowledge', 'acknowledged']),
    /** When they acknowledged the current version. */
    acknowledgedAt: isoDateTimeSchema.nullable(),
    /** An earlier version they acknowledged, when a newer one asks them again. */
    previousVersion: z.int().nullable(),
  })
  .meta({ id: 'MyPolicy' });
export type MyPolicy = z.infer<typeof myPolicySchema>;

export const myPolicyListSchema = z.object({ items: z.array(myPolicySchema) }).meta({ id: 'MyPolicyList' });

/** GET /api/my-policies/{id}/: the policy and its current version's document. */
export const myPolicyReadingSchema = z.object({ policy: myPolicySchema, document: policyDocumentSchema }).meta({ id: 'MyPolicyReading' });
export type MyPolicyReading = z.infer<typeof myPolicyReadingSchema>;

/** POST /api/my-policies/{id}/acknowledge/ body: the version read (409 when it is no longer the current one). */
export const acknowledgePolicyBodySchema = z.object({ versionId: z.uuid({ error: 'must be a policy version id' }) }).meta({ id: 'AcknowledgePolicyBody' });

/** The event types policies write to the shared events table. */
export const policyEventTypes = ['policy_published', 'policy_acknowledged'] as const;
export type PolicyEventType = (typeof policyEventTypes)[number];
