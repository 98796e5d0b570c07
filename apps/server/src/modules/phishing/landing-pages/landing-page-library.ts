import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { z } from 'zod';
import { type TemplateLanguage, templateLanguageSchema, templateLanguages, templateVariablesIn } from '@vigil/contracts';
import { contentRoot, slugSchema } from '../templates/template-library.ts';

/**
 * What a field asks for. The engine records only which fields were filled, never their values; the
 * kind tells the report what the person gave away (a password is not a card number).
 */
export const landingPageFieldKinds = ['identifier', 'password', 'one-time-code', 'payment-card', 'personal'] as const;

const hexColour = z.string().regex(/^#[0-9a-f]{6}$/, { error: 'must be a colour as #rrggbb in lower case' });

/** `page.json`: what the page is, and the named fields of its form, the same in every language. */
export const landingPageMetadataSchema = z.strictObject({
  version: z.int().min(1),
  /** What admins see when they choose a page. */
  name: z.string().min(3).max(80),
  description: z.string().min(20).max(400),
  /** The invented service's colours: the shared stylesheet's `--accent` (buttons, links) and `--accent-tint` (soft backgrounds). */
  accent: z.strictObject({ color: hexColour, tint: hexColour }),
  fields: z
    .array(z.strictObject({ name: z.string().regex(/^[a-z][a-z0-9_]*$/, { error: 'must be lower-case letters, digits and underscores' }), kind: z.enum(landingPageFieldKinds) }))
    .min(1)
    .max(12)
    .refine((fields) => new Set(fields.map((field) => field.name)).size === fields.length, { error: 'field names must be unique' }),
});
export type LandingPageMetadata = z.infer<typeof landingPageMetadataSchema>;

export type LibraryLandingPage = Readonly<{
  id: string;
  metadata: LandingPageMetadata;
  /** `<language>.html`: the page's document in each language, without its look. */
  pages: Readonly<Partial<Record<TemplateLanguage, string>>>;
  /** The page's stylesheet, the same in every language: `style.css` after the page's accent colours. */
  style: string;
}>;

/** A page is personalised with these only: the person's first name and their organisation. */
export const landingPageVariables = ['first_name', 'company'] as const;

// Everything that could run, load from elsewhere, redirect or frame: a page is one self-contained document.
const forbiddenElements = 'script, noscript, iframe, frame, frameset, object, embed, applet, link, base, img, picture, source, video, audio, svg, math, template, meta[http-equiv]';
const forbiddenAttribute = /^(on|src|srcset|action|formaction|target|ping|background|poster)/i;
const cssLoads = /url\s*\(|@import|expression\s*\(|\\/i;
/** The stylesheet every page shares, in content/landing-pages; the engine puts it in the page's head. */
const sharedStylesheet = 'style.css';
const controls = 'input, select, textarea';
const refusedInputTypes = new Set(['hidden', 'file', 'submit', 'image', 'reset', 'button']);

/**
 * Every problem of one page's HTML in one language, as sentences naming the file. The checks read the
 * page as a browser would (jsdom), so markup hidden by odd spacing or case is still seen.
 */
const pageProblems = (file: string, language: TemplateLanguage, html: string, metadata: LandingPageMetadata): string[] => {
  const problems: string[] = [];
  if (!/^<!doctype html>/i.test(html.trimStart())) problems.push(`${file}: must start with <!doctype html>`);
  if (!/<\/head>/i.test(html)) problems.push(`${file}: needs a </head>, where the engine puts the page's style`);
  for (const variable of templateVariablesIn(html)) {
    if (!(landingPageVariables as readonly string[]).includes(variable)) problems.push(`${file}: uses {{${variable}}}; a page may use only {{${landingPageVariables.join('}} and {{')}}}`);
  }
  const { document } = new JSDOM(html).window;
  const lang = document.documentElement.getAttribute('lang') ?? '';
  if (lang.toLowerCase().split('-')[0] !== language.split('_')[0]) problems.push(`${file}: <html lang> must be the page's language (${language.split('_')[0]}), not "${lang}"`);
  if (document.querySelector('meta[charset]')?.getAttribute('charset')?.toLowerCase() !== 'utf-8') problems.push(`${file}: needs <meta charset="utf-8">`);
  if (!document.querySelector('meta[name="viewport"]')) problems.push(`${file}: needs a viewport <meta> (the page is opened on phones too)`);
  if (!document.title.trim()) problems.push(`${file}: needs a <title>`);

  const forbidden = [...document.querySelectorAll(forbiddenElements)].map((element) => `<${element.localName}>`);
  if (forbidden.length > 0) problems.push(`${file}: has ${[...new Set(forbidden)].join(', ')}; a page runs nothing and loads nothing`);
  for (const element of document.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      if (forbiddenAttribute.test(attribute.name)) problems.push(`${file}: <${element.localName}> has the attribute ${attribute.name}; the engine sets where the form goes, and nothing loads or runs`);
      else if (attribute.name === 'href' && attribute.value !== '#') problems.push(`${file}: <${element.localName}> links to "${attribute.value}"; links on a page lead nowhere (href="#")`);
      else if (attribute.name === 'style' && cssLoads.test(attribute.value)) problems.push(`${file}: <${element.localName}> has a style that could load something (url(), @import, escapes)`);
    }
  }
  if (document.querySelector('style')) problems.push(`${file}: has a <style>; a page is styled by content/landing-pages/${sharedStylesheet} in its page.json accent`);

  const forms = document.querySelectorAll('form');
  if (forms.length !== 1) problems.push(`${file}: must have exactly one <form>, has ${forms.length}`);
  const form = forms[0];
  if (form && !form.querySelector('button:not([type]), button[type="submit"]')) problems.push(`${file}: the form needs a submit <button>`);
  // Values are never stored, but a browser that fills in a real saved password or card should not be invited to.
  if (form && form.getAttribute('autocomplete') !== 'off') problems.push(`${file}: the form needs autocomplete="off"`);
  const names: string[] = [];
  for (const control of document.querySelectorAll(controls)) {
    const name = control.getAttribute('name');
    const type = control.getAttribute('type')?.toLowerCase() ?? '';
    if (!form?.contains(control)) problems.push(`${file}: <${control.localName} name="${name ?? ''}"> is outside the form`);
    if (control.localName === 'input' && refusedInputTypes.has(type)) problems.push(`${file}: <input type="${type}"> is not allowed (submit with a <button>; the engine adds its own hidden fields)`);
    if (!name) problems.push(`${file}: a <${control.localName}> has no name`);
    else names.push(name);
    const field = metadata.fields.find((candidate) => candidate.name === name);
    if (field && (field.kind === 'password') !== (type === 'password')) problems.push(`${file}: field ${name} is of kind ${field.kind}, so its input ${field.kind === 'password' ? 'must' : 'must not'} be type="password"`);
  }
  const declared = metadata.fields.map((field) => field.name);
  const missing = declared.filter((name) => !names.includes(name));
  const undeclared = [...new Set(names.filter((name) => !declared.includes(name)))];
  const repeated = [...new Set(names.filter((name, index) => names.indexOf(name) !== index))];
  if (missing.length > 0) problems.push(`${file}: page.json declares ${missing.join(', ')}, which the form does not have`);
  if (undeclared.length > 0) problems.push(`${file}: the form has ${undeclared.join(', ')}, which page.json does not declare`);
  if (repeated.length > 0) problems.push(`${file}: more than one control is named ${repeated.join(', ')}`);
  return problems;
};

/**
 * Every problem of one landing page's files, as sentences naming the file. Empty when the page is sound.
 */
export const landingPageProblems = (id: string, metadata: LandingPageMetadata, pages: Partial<Record<TemplateLanguage, string>>): string[] => {
  const problems: string[] = [];
  if (!pages.en_us) problems.push(`${id}: en_us.html is missing (every page has English)`);
  for (const [language, html] of Object.entries(pages) as [TemplateLanguage, string][]) problems.push(...pageProblems(`${id}/${language}.html`, language, html, metadata));
  return problems;
};

/** Every problem of the shared stylesheet: it is put inside a <style>, and must load nothing from anywhere. */
const stylesheetProblems = (css: string): string[] => [
  ...(cssLoads.test(css) ? [`${sharedStylesheet}: could load something (url(), @import, escapes)`] : []),
  ...(css.includes('<') ? [`${sharedStylesheet}: has a "<", which could end the <style> it is put in`] : []),
];

/** A page's stylesheet: its accent colours as the custom properties the shared one uses. */
const pageStylesheet = (css: string, accent: LandingPageMetadata['accent']) => `:root{--accent:${accent.color};--accent-tint:${accent.tint}}\n${css}`;

/**
 * Reads every built-in landing page from content/landing-pages and checks it.
 * @throws Error listing every problem found, by file, when any page is unsound.
 */
export const loadLandingPageLibrary = (root = contentRoot): LibraryLandingPage[] => {
  const folder = join(root, 'landing-pages');
  if (!existsSync(folder)) return [];
  const problems: string[] = [];
  const library: LibraryLandingPage[] = [];
  const stylesheetPath = join(folder, sharedStylesheet);
  const css = existsSync(stylesheetPath) ? readFileSync(stylesheetPath, 'utf8') : '';
  if (!existsSync(stylesheetPath)) problems.push(`${sharedStylesheet} is missing (the stylesheet every page shares)`);
  problems.push(...stylesheetProblems(css));
  for (const entry of readdirSync(folder, { withFileTypes: true }).filter((item) => item.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const id = entry.name;
    if (!slugSchema.safeParse(id).success) problems.push(`${id}: the folder name must be lower-case words joined by hyphens`);
    const metadataPath = join(folder, id, 'page.json');
    if (!existsSync(metadataPath)) {
      problems.push(`${id}: page.json is missing`);
      continue;
    }
    const metadata = landingPageMetadataSchema.safeParse(JSON.parse(readFileSync(metadataPath, 'utf8')));
    if (!metadata.success) {
      problems.push(...metadata.error.issues.map((issue) => `${id}/page.json: ${issue.path.join('.')}: ${issue.message}`));
      continue;
    }
    const pages: Partial<Record<TemplateLanguage, string>> = {};
    for (const file of readdirSync(join(folder, id)).filter((name) => name !== 'page.json')) {
      const language = templateLanguageSchema.safeParse(file.replace(/\.html$/, ''));
      if (language.success && file.endsWith('.html')) pages[language.data] = readFileSync(join(folder, id, file), 'utf8');
      else problems.push(`${id}/${file}: not a file a landing page has (page.json, or <language>.html with one of ${templateLanguages.join(', ')})`);
    }
    problems.push(...landingPageProblems(id, metadata.data, pages));
    library.push({ id, metadata: metadata.data, pages, style: pageStylesheet(css, metadata.data.accent) });
  }
  if (problems.length > 0) throw new Error(`The built-in landing pages have problems:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  return library;
};
