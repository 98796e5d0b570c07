import { z } from 'zod';
import { isoDateTimeSchema } from './dates.ts';
import { withoutNul } from './text.ts';
import { trainingLanguages } from './training-content.ts';
import { trainingModuleKindSchema } from './training-uploads.ts';

// An organisation's own module's words (issue 10, own content): per learning language a title, a
// summary and a quiz, written by an admin or machine-translated from another language (then marked
// so until an admin has reviewed it). Built-in lessons are written in the repository and read-only.

const languageSchema = z.enum(trainingLanguages, { error: `must be one of ${trainingLanguages.join(', ')}` });

/** The machine-translation services the server can speak. */
export const translationProviders = ['libretranslate', 'deepl'] as const;
export const translationProviderSchema = z.enum(translationProviders);
export type TranslationProvider = z.infer<typeof translationProviderSchema>;

const text = (field: string, min: number, max: number) =>
  z
    .string({ error: `must be the ${field}` })
    .trim()
    .min(min, { error: min === 1 ? `must not be empty` : `must be at least ${min} characters` })
    .max(max, { error: `must be at most ${max} characters` })
    .refine(...withoutNul);

/** One quiz question with its choices, the right one (by index) and why it is right. */
export const ownQuizQuestionSchema = z
  .object({
    question: text('question', 1, 300),
    choices: z.array(text('choice', 1, 200), { error: 'must be a list of choices' }).min(2, { error: 'must have at least 2 choices' }).max(6, { error: 'must have at most 6 choices' }),
    answer: z.int({ error: 'must be the number of the right choice' }).min(0, { error: 'must be the number of the right choice' }),
    explanation: text('explanation', 0, 600).default(''),
  })
  .refine((question) => question.answer < question.choices.length, { error: 'must be one of the choices', path: ['answer'] })
  .meta({ id: 'OwnQuizQuestion' });
export type OwnQuizQuestion = z.infer<typeof ownQuizQuestionSchema>;

/** Where a language's words came from: machine-translated ones stay marked until an admin reviews them. */
export const textTranslationStateSchema = z
  .object({
    machineTranslated: z.boolean(),
    /** The language and service it was translated from and with, and when; null when written by a person. */
    sourceLanguage: languageSchema.nullable(),
    provider: translationProviderSchema.nullable(),
    translatedAt: isoDateTimeSchema.nullable(),
    /** When and by whom a machine translation was reviewed; null until then. */
    reviewedAt: isoDateTimeSchema.nullable(),
    reviewedBy: z.string().nullable(),
  })
  .meta({ id: 'TextTranslationState' });
export type TextTranslationState = z.infer<typeof textTranslationStateSchema>;

/** PUT /api/training-modules/{id}/texts/{language}/ body: one language's words (a SCORM module has no quiz: it scores itself). */
export const ownModuleTextBodySchema = z
  .object({
    title: text('title', 3, 120),
    summary: text('summary', 0, 400).default(''),
    quiz: z.array(ownQuizQuestionSchema, { error: 'must be a list of questions' }).max(20, { error: 'must have at most 20 questions' }).default([]),
  })
  .meta({ id: 'OwnModuleTextBody' });
export type OwnModuleTextBody = z.input<typeof ownModuleTextBodySchema>;

/** One language's words as saved, with where they came from. */
export const ownModuleTextSchema = z
  .object({
    language: languageSchema,
    title: z.string(),
    summary: z.string(),
    quiz: z.array(z.object({ question: z.string(), choices: z.array(z.string()), answer: z.int(), explanation: z.string() })),
    translation: textTranslationStateSchema,
    /** Machine-translated and not reviewed yet: what the admin's banner and the learner's note say. */
    needsReview: z.boolean(),
  })
  .meta({ id: 'OwnModuleText' });
export type OwnModuleText = z.infer<typeof ownModuleTextSchema>;

/** Whether machine translation is set up, with which service, and into which learning languages it can go. */
export const machineTranslationStatusSchema = z
  .object({
    configured: z.boolean(),
    provider: translationProviderSchema.nullable(),
    /** The learning languages the service translates from and into (all seven for both services today). */
    languages: z.array(languageSchema),
  })
  .meta({ id: 'MachineTranslationStatus' });
export type MachineTranslationStatus = z.infer<typeof machineTranslationStatusSchema>;

/** GET /api/training-modules/{id}/texts/: every language's words of an own module. */
export const ownModuleTextsSchema = z
  .object({
    moduleId: z.uuid(),
    kind: trainingModuleKindSchema,
    version: z.int(),
    /** The languages the module is offered in, each with its words in `texts`. */
    languages: z.array(languageSchema),
    texts: z.array(ownModuleTextSchema),
    machineTranslation: machineTranslationStatusSchema,
  })
  .meta({ id: 'OwnModuleTexts' });
export type OwnModuleTexts = z.infer<typeof ownModuleTextsSchema>;

export const ownModuleTextParamsSchema = z.object({ id: z.uuid({ error: 'must be a training module' }), language: languageSchema });

/**
 * POST /api/training-modules/{id}/translate/ body: machine-translate the words of `from` into each of
 * `to` (one request to the service per language). A language whose words a person wrote or reviewed
 * is replaced only with `overwrite: true`.
 */
export const translateModuleBodySchema = z
  .object({
    from: languageSchema,
    to: z.array(languageSchema, { error: 'must be a list of languages' }).min(1, { error: 'must name at least one language' }).max(trainingLanguages.length),
    overwrite: z.boolean().default(false),
  })
  .refine((body) => !body.to.includes(body.from), { error: 'must not include the language translated from', path: ['to'] })
  .meta({ id: 'TranslateModuleBody' });
export type TranslateModuleBody = z.input<typeof translateModuleBodySchema>;

/** What a translation did: the module's words afterwards, and the languages it translated. */
export const translateModuleResultSchema = z
  .object({ translated: z.array(languageSchema), texts: ownModuleTextsSchema })
  .meta({ id: 'TranslateModuleResult' });
export type TranslateModuleResult = z.infer<typeof translateModuleResultSchema>;
