import { type PhishScale, type PhishingTemplate as PhishingTemplateAnswer, type PhishingTemplateSummary, type TemplateLanguage, type TemplateText, templateLanguages } from '@vigil/contracts';
import type { PhishingTemplate } from '@vigil/db';
import { nistDetectionDifficulty } from './phish-scale.ts';
import { type TemplateActor, templateAbilities } from './phishing-templates.policy.ts';

type Texts = Partial<Record<TemplateLanguage, TemplateText>>;

export const textsOf = (row: PhishingTemplate) => row.texts as Texts;

/** The languages a row is written in, in the product's order (the database keeps JSON keys in its own). */
export const languagesOf = (texts: object) => templateLanguages.filter((language) => language in texts);

/** The language to show: the one asked for when the template has it, else English, else its first. */
export const languageOf = (row: PhishingTemplate, wanted?: string): TemplateLanguage => {
  const texts = textsOf(row);
  if (wanted && wanted in texts) return wanted as TemplateLanguage;
  if (texts.en_us) return 'en_us';
  return Object.keys(texts)[0] as TemplateLanguage;
};

export const presentTemplateSummary = (row: PhishingTemplate, actor: TemplateActor, wanted?: string): PhishingTemplateSummary => {
  const language = languageOf(row, wanted);
  const words = textsOf(row)[language];
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    category: row.category as PhishingTemplateSummary['category'],
    vector: row.vector as PhishingTemplateSummary['vector'],
    difficulty: row.difficulty as PhishingTemplateSummary['difficulty'],
    languages: languagesOf(textsOf(row)),
    language,
    name: words?.name ?? '',
    scenario: words?.scenario ?? '',
    updatedAt: row.updatedAt.toISOString(),
    can: templateAbilities(actor, row),
  };
};

export const presentTemplate = (row: PhishingTemplate, actor: TemplateActor, wanted?: string): PhishingTemplateAnswer => {
  const phishScale = row.phishScale as PhishScale;
  return {
    ...presentTemplateSummary(row, actor, wanted),
    version: row.version,
    nistDifficulty: nistDetectionDifficulty(phishScale.cues, phishScale.premiseAlignment),
    phishScale,
    landingPageId: row.landingPageId,
    fromAddress: row.fromAddress,
    texts: textsOf(row),
    createdAt: row.createdAt.toISOString(),
  };
};
