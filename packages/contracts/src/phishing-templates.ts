import { z } from 'zod';
import { isoDateTimeSchema } from './dates.ts';
import {
  type AttackVector,
  attackVectorSchema,
  phishCueCategorySchema,
  premiseAlignmentSchema,
  templateCategorySchema,
  templateLanguageSchema,
  templateVariables,
} from './phishing-content.ts';
import { searchTextSchema, withoutControlCharacters } from './text.ts';

export const templateSources = ['builtin', 'custom', 'imported', 'generated'] as const;
export const templateSourceSchema = z.enum(templateSources);
export type TemplateSource = z.infer<typeof templateSourceSchema>;

export const templateStatuses = ['active', 'draft'] as const;
export const templateStatusSchema = z.enum(templateStatuses);

const variablePattern = /\{\{\s*([^}]*?)\s*\}\}/g;
/** The {{variables}} a text uses. */
export const templateVariablesIn = (text: string) => [...text.matchAll(variablePattern)].map((match) => match[1]!);

/** What each vector needs its words to carry: where the engine puts the tracked link, QR code or number. */
export const requiredPlaceholderOf: Record<AttackVector, 'link' | 'qr_code' | 'callback_number' | undefined> = {
  'email-link': 'link',
  'credential-harvest': 'link',
  'attachment-html': 'link',
  'attachment-pdf': 'link',
  'qr-code': 'qr_code',
  reply: undefined,
  sms: 'link',
  callback: 'callback_number',
};

export const isMailVector = (vector: AttackVector) => vector !== 'sms';
export const isAttachmentVector = (vector: AttackVector) => vector === 'attachment-html' || vector === 'attachment-pdf';

// A subject or sender name with a line break would add mail headers: refused, naming the field.
const headerLine = (max: number) =>
  z.string().trim().min(1, { error: 'is required' }).max(max, { error: `must be at most ${max} characters` }).refine(...withoutControlCharacters);

const cueCount = z.int({ error: 'must be a whole number' }).min(0, { error: 'must be 0 or more' }).max(20, { error: 'must be at most 20' });

export const redFlagSchema = z.object({
  cue: phishCueCategorySchema,
  title: z.string().trim().min(3, { error: 'must be at least 3 characters' }).max(80, { error: 'must be at most 80 characters' }).refine(...withoutControlCharacters),
  explanation: z.string().trim().min(10, { error: 'must be at least 10 characters' }).max(400, { error: 'must be at most 400 characters' }),
});
export type RedFlag = z.infer<typeof redFlagSchema>;

/** A lure's words in one language, as in content/phishing-templates/<slug>/<language>.json. */
export const templateTextSchema = z.object({
  name: z.string().trim().min(3, { error: 'must be at least 3 characters' }).max(80, { error: 'must be at most 80 characters' }).refine(...withoutControlCharacters),
  scenario: z.string().trim().min(10, { error: 'must be at least 10 characters' }).max(400, { error: 'must be at most 400 characters' }),
  fromName: headerLine(80).optional(),
  subject: headerLine(150).optional(),
  html: z.string().max(200_000, { error: 'must be at most 200,000 characters' }).optional(),
  text: z.string().max(100_000, { error: 'must be at most 100,000 characters' }).optional(),
  sms: z.string().trim().max(320, { error: 'must be at most 320 characters' }).optional(),
  attachment: z
    .object({
      fileName: z.string().trim().regex(/^[^/\\\p{Cc}]+\.(html|pdf)$/u, { error: 'must be a file name ending in .html or .pdf' }),
      html: z.string().max(200_000, { error: 'must be at most 200,000 characters' }),
    })
    .optional(),
  redFlags: z.array(redFlagSchema).max(6, { error: 'must be at most 6' }).default([]),
});
export type TemplateText = z.infer<typeof templateTextSchema>;
export type TemplateTextInput = z.input<typeof templateTextSchema>;

export const phishScaleSchema = z.object({
  cues: z.object({ errors: cueCount, technical: cueCount, visual: cueCount, language: cueCount, tactics: cueCount }),
  premiseAlignment: premiseAlignmentSchema,
});
export type PhishScale = z.infer<typeof phishScaleSchema>;

const templateFields = {
  category: templateCategorySchema,
  vector: attackVectorSchema,
  /** A credential-harvest lure leads to this landing page (built-in or the organisation's own). */
  landingPageId: z.uuid({ error: 'must be a landing page' }).nullable().optional(),
  /** `{{sender_domain}}` stands for the sending profile's domain. */
  fromAddress: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._+-]+@(\{\{sender_domain\}\}|[A-Za-z0-9.-]+\.[A-Za-z]{2,})$/, { error: 'must be an address such as it-desk@{{sender_domain}}' })
    .nullable()
    .optional(),
  phishScale: phishScaleSchema,
  status: templateStatusSchema.default('active'),
  texts: z.partialRecord(templateLanguageSchema, templateTextSchema),
};

type TemplateDraft = { vector: AttackVector; status?: 'active' | 'draft'; landingPageId?: string | null; fromAddress?: string | null; texts: Partial<Record<string, TemplateText>> };

/**
 * The rules a lure's parts follow together, the same as the built-in library's: only the template
 * variables, what its vector needs (a sender and a subject for mail, a link where the person clicks),
 * and, once active, red flags to show after a failure. Shared by the server and the web form.
 */
const checkTemplate = (draft: TemplateDraft, context: z.RefinementCtx) => {
  const issue = (path: (string | number)[], message: string) => context.addIssue({ code: 'custom', path, message });
  const texts = Object.entries(draft.texts ?? {}) as [string, TemplateText][];
  if (texts.length === 0) issue(['texts'], 'must have the words in at least one language');
  for (const [language, text] of texts) {
    const parts = { fromName: text.fromName, subject: text.subject, html: text.html, text: text.text, sms: text.sms, 'attachment.html': text.attachment?.html };
    for (const [field, value] of Object.entries(parts)) {
      const unknown = templateVariablesIn(value ?? '').filter((name) => !(templateVariables as readonly string[]).includes(name));
      if (unknown.length > 0) issue(['texts', language, ...field.split('.')], `uses {{${unknown[0]}}}; the variables are ${templateVariables.map((name) => `{{${name}}}`).join(', ')}`);
    }
    if (isMailVector(draft.vector)) {
      for (const field of ['fromName', 'subject', 'html', 'text'] as const) if (!text[field]?.trim()) issue(['texts', language, field], 'is required for mail');
    } else if (!text.sms?.trim()) issue(['texts', language, 'sms'], 'is required for a text message');
    if (isAttachmentVector(draft.vector) && !text.attachment) issue(['texts', language, 'attachment'], 'is required for an attachment lure');
    const needed = requiredPlaceholderOf[draft.vector];
    const carrierField = isAttachmentVector(draft.vector) ? 'attachment.html' : isMailVector(draft.vector) ? 'html' : 'sms';
    const carrier = carrierField === 'attachment.html' ? text.attachment?.html : carrierField === 'html' ? text.html : text.sms;
    if (needed && carrier && !templateVariablesIn(carrier).includes(needed)) issue(['texts', language, ...carrierField.split('.')], `must contain {{${needed}}}`);
    if (draft.status === 'active' && text.redFlags.length === 0) issue(['texts', language, 'redFlags'], 'must have at least one red flag before the lure is active');
  }
  if (isMailVector(draft.vector) && !draft.fromAddress) issue(['fromAddress'], 'is required for mail');
  if (draft.vector === 'credential-harvest' && !draft.landingPageId) issue(['landingPageId'], 'is required for a credential-harvest lure');
};

/** POST /api/phishing-templates/ body: an organisation's own lure, in the shape of the built-in content. */
export const createPhishingTemplateBodySchema = z
  .object(templateFields)
  .superRefine(checkTemplate)
  .meta({ id: 'CreatePhishingTemplateBody' });
export type CreatePhishingTemplateBody = z.infer<typeof createPhishingTemplateBodySchema>;
export type CreatePhishingTemplateInput = z.input<typeof createPhishingTemplateBodySchema>;

/**
 * PATCH /api/phishing-templates/{id}/ body: any of the fields; `texts` replaces every language at once.
 * The template it makes is checked by the rules of a new one.
 */
export const updatePhishingTemplateBodySchema = z
  .object({
    category: templateFields.category.optional(),
    vector: templateFields.vector.optional(),
    landingPageId: templateFields.landingPageId,
    fromAddress: templateFields.fromAddress,
    phishScale: templateFields.phishScale.optional(),
    status: templateStatusSchema.optional(),
    texts: templateFields.texts.optional(),
  })
  .meta({ id: 'UpdatePhishingTemplateBody' });
export type UpdatePhishingTemplateBody = z.infer<typeof updatePhishingTemplateBodySchema>;

export const phishingTemplateIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a template id' }) });

export const phishingTemplateAbilitiesSchema = z.object({ edit: z.boolean(), copy: z.boolean(), archive: z.boolean() });
export type PhishingTemplateAbilities = z.infer<typeof phishingTemplateAbilitiesSchema>;

export const difficultySchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);

/** A library card: what admins choose by, in the language asked for (or English, or the template's first). */
export const phishingTemplateSummarySchema = z
  .object({
    id: z.uuid(),
    source: templateSourceSchema,
    status: templateStatusSchema,
    category: templateCategorySchema,
    vector: attackVectorSchema,
    difficulty: difficultySchema,
    languages: z.array(templateLanguageSchema),
    language: templateLanguageSchema.describe('The language of name and scenario'),
    name: z.string(),
    scenario: z.string(),
    updatedAt: isoDateTimeSchema,
    can: phishingTemplateAbilitiesSchema,
  })
  .meta({ id: 'PhishingTemplateSummary' });
export type PhishingTemplateSummary = z.infer<typeof phishingTemplateSummarySchema>;

export const phishingTemplateSchema = phishingTemplateSummarySchema
  .extend({
    version: z.int(),
    nistDifficulty: z.enum(['very difficult', 'moderately difficult', 'least difficult']),
    phishScale: phishScaleSchema,
    landingPageId: z.uuid().nullable(),
    fromAddress: z.string().nullable(),
    texts: z.partialRecord(templateLanguageSchema, templateTextSchema),
    createdAt: isoDateTimeSchema,
  })
  .meta({ id: 'PhishingTemplate' });
export type PhishingTemplate = z.infer<typeof phishingTemplateSchema>;

/** What the server changed in what it was given, field by field (markup removed, links replaced). */
export const templateChangeSchema = z.object({ field: z.string(), change: z.string() });
export type TemplateChange = z.infer<typeof templateChangeSchema>;

export const savedPhishingTemplateSchema = z.object({ template: phishingTemplateSchema, changes: z.array(templateChangeSchema) }).meta({ id: 'SavedPhishingTemplate' });
export type SavedPhishingTemplate = z.infer<typeof savedPhishingTemplateSchema>;

const difficultyQuery = z.coerce.number({ error: 'must be 1 to 5' }).int({ error: 'must be 1 to 5' }).min(1, { error: 'must be 1 to 5' }).max(5, { error: 'must be 1 to 5' });

export const phishingTemplatesQuerySchema = z.object({
  category: templateCategorySchema.optional(),
  vector: attackVectorSchema.optional(),
  difficulty: difficultyQuery.optional(),
  language: templateLanguageSchema.optional().describe('Only templates written in this language; names and scenarios in it'),
  search: searchTextSchema(200).optional().describe('Part of a name or scenario, in any language'),
  source: z.enum(['builtin', 'own'], { error: 'must be builtin or own' }).optional(),
  cursor: z.string().max(512, { error: 'is not a cursor this list gave out' }).regex(/^[A-Za-z0-9_-]*$/, { error: 'is not a cursor this list gave out' }).optional(),
  limit: z.coerce.number({ error: 'must be 1 to 100' }).int({ error: 'must be 1 to 100' }).min(1, { error: 'must be 1 to 100' }).max(100, { error: 'must be 1 to 100' }).default(48),
});
export type PhishingTemplatesQuery = z.infer<typeof phishingTemplatesQuerySchema>;

export const phishingTemplateListSchema = z
  .object({ items: z.array(phishingTemplateSummarySchema), nextCursor: z.string().nullable(), canCreate: z.boolean() })
  .meta({ id: 'PhishingTemplateList' });
export type PhishingTemplateList = z.infer<typeof phishingTemplateListSchema>;

export const templatePreviewQuerySchema = z.object({ language: templateLanguageSchema.optional() });

/** A lure as the signed-in admin would receive it, with links that lead nowhere. */
export const phishingTemplatePreviewSchema = z
  .object({
    language: templateLanguageSchema,
    fromName: z.string(),
    fromAddress: z.string(),
    subject: z.string(),
    html: z.string(),
    text: z.string(),
    sms: z.string().nullable(),
    attachment: z.object({ fileName: z.string(), html: z.string() }).nullable(),
    redFlags: z.array(redFlagSchema),
  })
  .meta({ id: 'PhishingTemplatePreview' });
export type PhishingTemplatePreview = z.infer<typeof phishingTemplatePreviewSchema>;

/** An .eml file up to 2 MB. */
export const emlImportMaxBytes = 2 * 1024 * 1024;

export const landingPageFieldSchema = z.object({ name: z.string(), kind: z.enum(['identifier', 'password', 'one-time-code', 'payment-card', 'personal']) });

export const landingPageSummarySchema = z
  .object({
    id: z.uuid(),
    source: templateSourceSchema,
    name: z.string(),
    description: z.string(),
    languages: z.array(templateLanguageSchema),
    fields: z.array(landingPageFieldSchema),
  })
  .meta({ id: 'LandingPageSummary' });
export type LandingPageSummary = z.infer<typeof landingPageSummarySchema>;

export const landingPageListSchema = z.object({ items: z.array(landingPageSummarySchema) }).meta({ id: 'LandingPageList' });
export type LandingPageList = z.infer<typeof landingPageListSchema>;

export const landingPageIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a landing page id' }) });

/** A whole page (a document for a sandboxed frame), personalised with the signed-in admin's details. */
export const landingPagePreviewSchema = z.object({ language: templateLanguageSchema, title: z.string(), html: z.string() }).meta({ id: 'LandingPagePreview' });
export type LandingPagePreview = z.infer<typeof landingPagePreviewSchema>;
