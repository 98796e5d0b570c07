import { sql } from 'drizzle-orm';
import { v5 as uuidv5 } from 'uuid';
import { type Db, landingPages, phishingTemplates } from '@vigil/db';
import { type LibraryLandingPage, loadLandingPageLibrary } from './landing-pages/landing-page-library.ts';
import { type LibraryTemplate, loadTemplateLibrary } from './templates/template-library.ts';

// Fixed namespaces: every server derives the same id from a slug, so they agree without talking.
const templateNamespace = '0b9f3c52-6a0e-4f4e-9d4b-2f7b8f1f6a01';
const landingPageNamespace = '5d2f7e1a-3c4b-4e8d-a6f1-9b0c2d3e4f52';

export const builtinTemplateId = (slug: string) => uuidv5(slug, templateNamespace);
export const builtinLandingPageId = (slug: string) => uuidv5(slug, landingPageNamespace);

/** The page's title, as a browser tab shows it. */
const titleOf = (html: string) => /<title>([^<]*)<\/title>/i.exec(html)?.[1]?.trim() ?? '';

/**
 * How a built-in landing page is stored: per language the page, its title, its stylesheet (the same in
 * every language; absent from rows stored before pages shared one, whose HTML carries its own) and
 * what admins see of it (name, description, the form's fields), so a reader needs only the language it serves.
 */
export type LandingPageText = { name: string; description: string; title: string; html: string; style?: string; fields: { name: string; kind: string }[] };

const landingPageRow = (page: LibraryLandingPage) => ({
  id: builtinLandingPageId(page.id),
  organizationId: null,
  builtinSlug: page.id,
  version: page.metadata.version,
  kind: 'credential-harvest',
  texts: Object.fromEntries(
    Object.entries(page.pages).map(([language, html]) => [
      language,
      { name: page.metadata.name, description: page.metadata.description, title: titleOf(html), html, style: page.style, fields: page.metadata.fields } satisfies LandingPageText,
    ]),
  ),
  source: 'builtin' as const,
});

const templateRow = (template: LibraryTemplate) => ({
  id: builtinTemplateId(template.id),
  organizationId: null,
  builtinSlug: template.id,
  version: template.metadata.version,
  category: template.metadata.category,
  vector: template.metadata.vector,
  landingPageId: template.metadata.landingPage ? builtinLandingPageId(template.metadata.landingPage) : null,
  fromAddress: template.metadata.fromAddress ?? null,
  phishScale: template.metadata.phishScale,
  difficulty: template.difficulty,
  texts: template.texts,
  status: 'active' as const,
  source: 'builtin' as const,
});

// The files do not change while a process runs: read and check them once.
let library: { templates: LibraryTemplate[]; pages: LibraryLandingPage[] } | undefined;
const builtinLibrary = () => (library ??= { pages: loadLandingPageLibrary(), templates: loadTemplateLibrary() });

// A row moves only to a newer version, so servers of different releases starting together never
// flip a row back and forth, and a restart writes nothing.
const newer = (table: typeof phishingTemplates | typeof landingPages) => sql`${table.version} < excluded.version`;

/**
 * Loads the built-in templates and landing pages (content/) into the database as read-only rows
 * shared by every organisation: inserted when new, updated when their version went up. Idempotent
 * and safe when several servers start at once (one upsert per table).
 * @throws Error naming every problem of the content files, when any is unsound.
 */
export const syncBuiltinContent = async (db: Db) => {
  const { templates, pages } = builtinLibrary();
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  if (pages.length > 0) {
    await db
      .insert(landingPages)
      .values(pages.map(landingPageRow))
      .onConflictDoUpdate({
        target: landingPages.id,
        set: { version: excluded('version'), kind: excluded('kind'), texts: excluded('texts'), archivedAt: null, updatedAt: sql`now()` },
        setWhere: newer(landingPages),
      });
  }
  if (templates.length > 0) {
    await db
      .insert(phishingTemplates)
      .values(templates.map(templateRow))
      .onConflictDoUpdate({
        target: phishingTemplates.id,
        set: {
          version: excluded('version'),
          category: excluded('category'),
          vector: excluded('vector'),
          landingPageId: excluded('landing_page_id'),
          fromAddress: excluded('from_address'),
          phishScale: excluded('phish_scale'),
          difficulty: excluded('difficulty'),
          texts: excluded('texts'),
          archivedAt: null,
          updatedAt: sql`now()`,
        },
        setWhere: newer(phishingTemplates),
      });
  }
  return { templates: templates.length, landingPages: pages.length };
};
