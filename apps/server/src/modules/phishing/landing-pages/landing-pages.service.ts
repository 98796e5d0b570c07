import type { LandingPageList, LandingPagePreview, LandingPageSummary, TemplateLanguage } from '@vigil/contracts';
import type { Db, LandingPage } from '@vigil/db';
import { notFound } from '../../../lib/app-error.ts';
import { scopeOf } from '../../../lib/scope.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { findCurrentOrganization } from '../../organizations/organizations.service.ts';
import { findCallerPerson } from '../../people/people.service.ts';
import type { LandingPageText } from '../builtin-content.ts';
import { personaliseLandingPage } from '../tracking/listener-pages.ts';
import { requireTemplateReader } from '../templates/phishing-templates.access.ts';
import { languagesOf } from '../templates/phishing-templates.presenter.ts';
import { landingPagesRepository } from './landing-pages.repository.ts';

const textsOf = (row: LandingPage) => row.texts as Partial<Record<TemplateLanguage, LandingPageText>>;

/** A landing page's words in a language: the one asked for when it has it, else English, else its first. */
export const landingPageText = (row: LandingPage, wanted?: string): { language: TemplateLanguage; text: LandingPageText } => {
  const texts = textsOf(row);
  const language = (wanted && wanted in texts ? wanted : texts.en_us ? 'en_us' : Object.keys(texts)[0]) as TemplateLanguage;
  return { language, text: texts[language]! };
};

const presentLandingPage = (row: LandingPage): LandingPageSummary => {
  const { text } = landingPageText(row);
  return {
    id: row.id,
    source: row.source,
    name: text.name,
    description: text.description,
    languages: languagesOf(textsOf(row)),
    fields: text.fields as LandingPageSummary['fields'],
  };
};

/** Whether the organisation can use this landing page (a built-in or its own). */
export const isUsableLandingPage = async (db: Db, tenant: Tenant, id: string) => (await landingPagesRepository(db, scopeOf(tenant)).findVisible(id)) !== undefined;

/**
 * The landing pages the organisation can lead a lure to.
 * @throws AppError FORBIDDEN for anyone but an admin.
 */
export const listLandingPages = async (db: Db, tenant: Tenant): Promise<LandingPageList> => {
  requireTemplateReader(tenant);
  return { items: (await landingPagesRepository(db, scopeOf(tenant)).list()).map(presentLandingPage) };
};

/**
 * A page as the signed-in admin would see it, for a sandboxed frame: personalised with their first
 * name and organisation; its form goes nowhere.
 * @throws AppError NOT_FOUND for a page the organisation cannot use; FORBIDDEN for anyone but an admin.
 */
export const previewLandingPage = async (db: Db, tenant: Tenant, id: string, wanted?: string): Promise<LandingPagePreview> => {
  requireTemplateReader(tenant);
  const row = await landingPagesRepository(db, scopeOf(tenant)).findVisible(id);
  if (!row) throw notFound('Landing page');
  const [person, organization] = await Promise.all([findCallerPerson(db, tenant), findCurrentOrganization(db, tenant)]);
  const { language, text } = landingPageText(row, wanted);
  const html = personaliseLandingPage({ html: text.html, style: text.style, company: organization?.name ?? '', firstName: person?.firstName ?? '' });
  return { language, title: text.title, html };
};
