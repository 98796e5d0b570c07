import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import {
  type TemplateLanguage,
  attackVectorSchema,
  isAttachmentVector,
  isMailVector,
  phishCueCategorySchema,
  phishScaleSchema,
  requiredPlaceholderOf,
  templateCategorySchema,
  templateLanguageSchema,
  templateLanguages,
  templateVariables,
  templateVariablesIn,
} from '@vigil/contracts';
import { type NistDetectionDifficulty, nistDetectionDifficulty, templateDifficulty } from './phish-scale.ts';

/** Where the built-in content lives: versioned files in the repository, one folder per item. */
export const contentRoot = resolve(import.meta.dirname, '../../../../../../content');

export const slugSchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'must be lower-case words joined by hyphens' });

// The built-in files are held to a higher bar than what an admin may save (the contract's schemas):
// unknown keys are typos, and every lure has a real scenario, full bodies and at least two red flags.

/** `template.json`: what the lure is, in every language. */
export const templateMetadataSchema = z.strictObject({
  version: z.int().min(1),
  category: templateCategorySchema,
  vector: attackVectorSchema,
  /** The landing page a credential-harvest lure leads to (a folder of content/landing-pages). */
  landingPage: slugSchema.optional(),
  /** The sender's address; `{{sender_domain}}` is the lookalike domain of the sending profile. */
  fromAddress: z.string().regex(/^[a-z0-9._-]+@(\{\{sender_domain\}\}|[a-z0-9.-]+\.[a-z]{2,})$/).optional(),
  /** How many cues of each NIST category the lure shows (in English; translations keep them), and how well its premise fits. */
  phishScale: phishScaleSchema,
});

const redFlagSchema = z.strictObject({
  cue: phishCueCategorySchema,
  title: z.string().min(3).max(80),
  explanation: z.string().min(20).max(400),
});

/** `<language>.json`: the words of the lure in one language, and the red flags shown after a failure. */
export const templateTextSchema = z.strictObject({
  /** What admins see in the library. */
  name: z.string().min(3).max(80),
  scenario: z.string().min(20).max(400),
  fromName: z.string().min(2).max(80).optional(),
  subject: z.string().min(3).max(150).optional(),
  html: z.string().min(50).optional(),
  text: z.string().min(30).optional(),
  sms: z.string().min(20).max(320).optional(),
  attachment: z.strictObject({ fileName: z.string().regex(/^[^/\\]+\.(html|pdf)$/), html: z.string().min(50) }).optional(),
  redFlags: z.array(redFlagSchema).min(2).max(6),
});

export type TemplateMetadata = z.infer<typeof templateMetadataSchema>;
export type TemplateText = z.infer<typeof templateTextSchema>;

export type LibraryTemplate = Readonly<{
  id: string;
  metadata: TemplateMetadata;
  texts: Readonly<Partial<Record<TemplateLanguage, TemplateText>>>;
  difficulty: 1 | 2 | 3 | 4 | 5;
  nistDifficulty: NistDetectionDifficulty;
}>;

// Markup no lure needs and the sanitiser would strip anyway: caught here, at the source.
const forbiddenMarkup = /<\s*(script|iframe|object|embed|form|input|style|link|meta|base)\b|\son[a-z]+\s*=|javascript:/i;

/**
 * Every problem of one template's files, as sentences naming the file and the field. Empty when the
 * template is sound.
 */
export const templateProblems = (id: string, metadata: TemplateMetadata, texts: Partial<Record<TemplateLanguage, TemplateText>>, landingPages: ReadonlySet<string>): string[] => {
  const problems: string[] = [];
  const english = texts.en_us;
  if (!english) problems.push(`${id}: en_us.json is missing (every template has English)`);
  if ((metadata.vector === 'credential-harvest') !== (metadata.landingPage !== undefined)) {
    problems.push(`${id}: template.json landingPage is required for credential-harvest and only for it`);
  }
  if (metadata.landingPage && !landingPages.has(metadata.landingPage)) problems.push(`${id}: landing page ${metadata.landingPage} does not exist`);
  const isEmail = isMailVector(metadata.vector);
  if (isEmail && !metadata.fromAddress) problems.push(`${id}: template.json fromAddress is required for mail`);
  for (const [language, text] of Object.entries(texts) as [TemplateLanguage, TemplateText][]) {
    const file = `${id}/${language}.json`;
    const parts = { subject: text.subject, html: text.html, text: text.text, sms: text.sms, attachment: text.attachment?.html, fileName: text.attachment?.fileName, fromName: text.fromName };
    for (const [field, value] of Object.entries(parts)) {
      if (value === undefined) continue;
      for (const variable of templateVariablesIn(value)) {
        if (!(templateVariables as readonly string[]).includes(variable)) problems.push(`${file}: ${field} uses {{${variable}}}, which is not a template variable`);
      }
      if (forbiddenMarkup.test(value)) problems.push(`${file}: ${field} has markup a lure must not carry (scripts, frames, forms, styles or event handlers)`);
    }
    if (isEmail) {
      for (const field of ['fromName', 'subject', 'html', 'text'] as const) if (!text[field]) problems.push(`${file}: ${field} is required for mail`);
      if (text.sms) problems.push(`${file}: sms is only for the sms vector`);
    } else if (!text.sms) problems.push(`${file}: sms is required for the sms vector`);
    const attached = isAttachmentVector(metadata.vector);
    if (attached !== (text.attachment !== undefined)) problems.push(`${file}: attachment is required for attachment vectors and only for them`);
    if (attached && text.attachment && !text.attachment.fileName.endsWith(metadata.vector === 'attachment-pdf' ? '.pdf' : '.html')) {
      problems.push(`${file}: attachment.fileName must end in .${metadata.vector === 'attachment-pdf' ? 'pdf' : 'html'}`);
    }
    const needed = requiredPlaceholderOf[metadata.vector];
    const carrier = attached ? text.attachment?.html : isEmail ? text.html : text.sms;
    if (needed && carrier !== undefined && !templateVariablesIn(carrier).includes(needed)) {
      problems.push(`${file}: ${attached ? 'attachment.html' : isEmail ? 'html' : 'sms'} must contain {{${needed}}}`);
    }
    if (english && text.redFlags.length !== english.redFlags.length) problems.push(`${file}: has ${text.redFlags.length} red flags, English has ${english.redFlags.length}`);
  }
  return problems;
};

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

/** The folder names of content/landing-pages. */
export const landingPageIds = (root = contentRoot): Set<string> =>
  new Set(existsSync(join(root, 'landing-pages')) ? readdirSync(join(root, 'landing-pages'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name) : []);

/**
 * Reads every built-in template from content/phishing-templates and checks it.
 * @throws Error listing every problem found, by file and field, when any template is unsound.
 */
export const loadTemplateLibrary = (root = contentRoot): LibraryTemplate[] => {
  const folder = join(root, 'phishing-templates');
  const pages = landingPageIds(root);
  const problems: string[] = [];
  const templates: LibraryTemplate[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true }).filter((item) => item.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const id = entry.name;
    if (!slugSchema.safeParse(id).success) problems.push(`${id}: the folder name must be lower-case words joined by hyphens`);
    const metadata = templateMetadataSchema.safeParse(readJson(join(folder, id, 'template.json')));
    if (!metadata.success) {
      problems.push(...metadata.error.issues.map((issue) => `${id}/template.json: ${issue.path.join('.')}: ${issue.message}`));
      continue;
    }
    const texts: Partial<Record<TemplateLanguage, TemplateText>> = {};
    for (const file of readdirSync(join(folder, id)).filter((name) => name !== 'template.json')) {
      const language = templateLanguageSchema.safeParse(file.replace(/\.json$/, ''));
      if (!language.success || !file.endsWith('.json')) {
        problems.push(`${id}/${file}: not a file a template has (template.json, or <language>.json with one of ${templateLanguages.join(', ')})`);
        continue;
      }
      const text = templateTextSchema.safeParse(readJson(join(folder, id, file)));
      if (text.success) texts[language.data] = text.data;
      else problems.push(...text.error.issues.map((issue) => `${id}/${file}: ${issue.path.join('.')}: ${issue.message}`));
    }
    problems.push(...templateProblems(id, metadata.data, texts, pages));
    const { cues, premiseAlignment } = metadata.data.phishScale;
    templates.push({ id, metadata: metadata.data, texts, difficulty: templateDifficulty(cues, premiseAlignment), nistDifficulty: nistDetectionDifficulty(cues, premiseAlignment) });
  }
  if (problems.length > 0) throw new Error(`The built-in template library has problems:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  return templates;
};
