import { z } from 'zod';

/** The eight families of lure the built-in library covers; an organisation's own templates use them too. */
export const templateCategories = [
  'it-password',
  'hr-payroll',
  'finance-invoices',
  'deliveries',
  'saas-notifications',
  'executive-bec',
  'file-sharing',
  'mfa-fatigue',
] as const;
export const templateCategorySchema = z.enum(templateCategories);
export type TemplateCategory = z.infer<typeof templateCategorySchema>;

/**
 * How a simulated attack reaches the person and what counts as falling for it.
 * - `email-link`: a link to click; `credential-harvest`: a link to a sign-in lookalike that asks for a password;
 * - `attachment-html`, `attachment-pdf`: an attached file that carries the tracked link;
 * - `qr-code`: an image the person scans with their phone; `reply`: a message that asks for an answer (BEC);
 * - `sms`: a text message with a link; `callback`: a message that asks the person to call a number.
 */
export const attackVectors = ['email-link', 'credential-harvest', 'attachment-html', 'attachment-pdf', 'qr-code', 'reply', 'sms', 'callback'] as const;
export const attackVectorSchema = z.enum(attackVectors);
export type AttackVector = z.infer<typeof attackVectorSchema>;

/**
 * The only personalisation a template may use: plain substitutions, no expressions. `{{link}}`,
 * `{{qr_code}}` and `{{callback_number}}` are filled by the engine with the person's tracked link,
 * its QR image and the callback number.
 */
export const personalisationVariables = ['first_name', 'last_name', 'company', 'department', 'manager', 'job_title', 'sender_domain', 'date'] as const;
export const engineVariables = ['link', 'qr_code', 'callback_number'] as const;
export const templateVariables = [...personalisationVariables, ...engineVariables] as const;
export type TemplateVariable = (typeof templateVariables)[number];

/** The five cue categories of the NIST Phish Scale (NIST TN 2276). */
export const phishCueCategories = ['errors', 'technical', 'visual', 'language', 'tactics'] as const;
export const phishCueCategorySchema = z.enum(phishCueCategories);
export type PhishCueCategory = z.infer<typeof phishCueCategorySchema>;

/** How well the lure's premise fits the work of a typical office employee. */
export const premiseAlignments = ['low', 'medium', 'high'] as const;
export const premiseAlignmentSchema = z.enum(premiseAlignments);
export type PremiseAlignment = z.infer<typeof premiseAlignmentSchema>;

/** Languages a template can be written in: the learning languages. */
export const templateLanguages = ['en_us', 'fr_fr', 'de_de', 'es_es', 'pt_br', 'hi_in', 'it_it'] as const;
export const templateLanguageSchema = z.enum(templateLanguages);
export type TemplateLanguage = z.infer<typeof templateLanguageSchema>;
