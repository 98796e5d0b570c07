import { type MachineTranslationStatus, type OwnModuleTextBody, type OwnModuleTexts, type TrainingLanguage, type TranslateModuleBody, type TranslateModuleResult, ownModuleTextBodySchema, trainingLanguages } from '@vigil/contracts';
import type { Db, TrainingModuleRow } from '@vigil/db';
import { AppError, fieldError, notFound } from '../../../lib/app-error.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { recordAudit } from '../../audit-log/audit-log.service.ts';
import { requireTrainingAdmin } from '../modules/training-modules.service.ts';
import { type StoredOwnText, moduleLanguages, presentOwnModuleTexts, translationOf } from './module-texts.presenter.ts';
import { moduleTextsRepository } from './module-texts.repository.ts';
import { type TranslationClient, TranslationError } from './translation-client.ts';

export type ModuleTextsServices = Readonly<{ db: Db; translator?: TranslationClient }>;

/** How to turn machine translation on, for the admin who asks without it. */
export const notConfiguredMessage = 'Machine translation is not configured on this server: set TRANSLATE_URL (a LibreTranslate server or https://api.deepl.com) and TRANSLATE_API_KEY, then restart';

const statusOf = (translator: TranslationClient | undefined): MachineTranslationStatus =>
  translator ? { configured: true, provider: translator.provider, languages: translator.languages } : { configured: false, provider: null, languages: [] };

/**
 * The organisation's own module. A built-in lesson is refused by name: its words live in the
 * repository (content/training-modules) and are the same for every organisation.
 * @throws AppError NOT_FOUND for another organisation's module or none; CONFLICT for a built-in lesson.
 */
const ownModule = async (db: Db, tenant: Tenant, id: string): Promise<TrainingModuleRow> => {
  const module = await moduleTextsRepository(db, tenant).find(id);
  if (!module) throw notFound('The training module');
  if (module.source !== 'own' || module.organizationId !== tenant.organizationId) {
    throw new AppError('CONFLICT', 'Built-in lessons cannot be edited: their texts and quizzes are part of the product, written and reviewed in every learning language. Upload your own module to write your own.');
  }
  return module;
};

/** A quiz as what it asks and accepts (jsonb does not keep the order of an object's keys). */
const quizKey = (text: StoredOwnText | undefined) => JSON.stringify((text?.quiz ?? []).map((question) => [question.question, question.choices, question.answer, question.explanation ?? '']));
const quizChanged = (before: StoredOwnText | undefined, after: StoredOwnText) => quizKey(before) !== quizKey(after);

/**
 * Writes one language's words back under the row lock (another save or translation may have come in
 * since they were read), adding the language to the module's languages, and a version when a quiz
 * changed (assignments and evidence name the version people were tested on).
 */
const writeTexts = async (db: Db, tenant: Tenant, id: string, changes: Partial<Record<TrainingLanguage, (current: StoredOwnText | undefined) => StoredOwnText>>) =>
  db.transaction(async (tx) => {
    const repository = moduleTextsRepository(tx, tenant);
    const module = await repository.lockOwn(id);
    if (!module) throw notFound('The training module');
    const texts = { ...(module.texts as Record<string, StoredOwnText>) };
    let versionUp = false;
    for (const [language, change] of Object.entries(changes) as [TrainingLanguage, (current: StoredOwnText | undefined) => StoredOwnText][]) {
      const next = change(texts[language]);
      versionUp ||= quizChanged(texts[language], next);
      texts[language] = next;
    }
    const languages = trainingLanguages.filter((language) => module.languages.includes(language) || language in changes);
    return repository.update(id, { texts, languages, version: module.version + (versionUp ? 1 : 0) });
  });

/** Every language's words of an own module, and whether machine translation can add more. @throws AppError FORBIDDEN, NOT_FOUND, CONFLICT (built-in). */
export const getOwnModuleTexts = async ({ db, translator }: ModuleTextsServices, tenant: Tenant, id: string): Promise<OwnModuleTexts> => {
  requireTrainingAdmin(tenant);
  return presentOwnModuleTexts(await ownModule(db, tenant, id), statusOf(translator));
};

/**
 * Saves one language's title, summary and quiz (a new language is added to the module). Words that
 * were machine-translated stay marked so after an edit: only "mark as reviewed" clears the mark.
 * @throws AppError FORBIDDEN, NOT_FOUND, CONFLICT (built-in); VALIDATION_FAILED for a quiz on a SCORM module (it scores itself).
 */
export const saveOwnModuleText = async ({ db, translator }: ModuleTextsServices, tenant: Tenant, id: string, language: TrainingLanguage, body: OwnModuleTextBody, ip?: string | null): Promise<OwnModuleTexts> => {
  requireTrainingAdmin(tenant);
  const module = await ownModule(db, tenant, id);
  const words = ownModuleTextBodySchema.parse(body);
  if (module.kind === 'scorm' && words.quiz.length > 0) throw fieldError('VALIDATION_FAILED', 'body.quiz', 'must be empty for a SCORM module (the package scores itself)');
  const saved = await writeTexts(db, tenant, id, {
    [language]: (current: StoredOwnText | undefined) => ({ ...current, slides: current?.slides ?? [], title: words.title, summary: words.summary, quiz: words.quiz, ...(current?.translation ? { translation: current.translation } : {}) }),
  });
  await recordAudit(db, tenant, { action: 'training-module.texts.save', targetType: 'training-module', targetId: id, details: { language, questions: words.quiz.length }, ip: ip ?? null });
  return presentOwnModuleTexts(saved, statusOf(translator));
};

/**
 * Marks a language's machine translation as reviewed by the signed-in admin: the learner's
 * "machine-translated" note goes away.
 * @throws AppError NOT_FOUND when the module lacks the language; CONFLICT when a person wrote it (nothing to review).
 */
export const reviewOwnModuleText = async ({ db, translator }: ModuleTextsServices, tenant: Tenant, id: string, language: TrainingLanguage, ip?: string | null): Promise<OwnModuleTexts> => {
  requireTrainingAdmin(tenant);
  const module = await ownModule(db, tenant, id);
  const current = (module.texts as Record<string, StoredOwnText>)[language];
  if (!current || !moduleLanguages(module).includes(language)) throw notFound(`The module's ${language} text`);
  if (!translationOf(current).machineTranslated) throw fieldError('CONFLICT', 'params.language', `was written by a person, not machine-translated: there is nothing to review`);
  const reviewedBy = await moduleTextsRepository(db, tenant).myName();
  const reviewedAt = new Date().toISOString();
  const saved = await writeTexts(db, tenant, id, {
    [language]: (latest: StoredOwnText | undefined) => ({ ...latest!, translation: { ...translationOf(latest), reviewedAt, reviewedBy, reviewedByPersonId: tenant.personId } }),
  });
  await recordAudit(db, tenant, { action: 'training-module.texts.review', targetType: 'training-module', targetId: id, details: { language }, ip: ip ?? null });
  return presentOwnModuleTexts(saved, statusOf(translator));
};

const limits = { title: 120, summary: 400, question: 300, choice: 200, explanation: 600 };
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Every string of one language's words, in a fixed order, and the way back from their translations. */
const flatten = (text: StoredOwnText) => {
  const strings = [text.title, text.summary ?? '', ...text.quiz.flatMap((question) => [question.question, ...question.choices, question.explanation ?? ''])];
  const rebuild = (translated: string[]): Pick<StoredOwnText, 'title' | 'summary' | 'quiz'> => {
    let at = 2;
    const next = () => translated[at++] ?? '';
    return {
      title: clip(translated[0] || text.title, limits.title),
      summary: clip(translated[1] ?? '', limits.summary),
      quiz: text.quiz.map((question) => ({
        question: clip(next(), limits.question),
        choices: question.choices.map(() => clip(next(), limits.choice)),
        answer: question.answer,
        explanation: clip(next(), limits.explanation),
      })),
    };
  };
  return { strings, rebuild };
};

/**
 * Machine-translates an own module's title, summary and quiz from one language into others, one
 * request to the service per language (a module's words are a few dozen strings: each language
 * takes a second or two, so the admin's dialog asks one language at a time and shows how far it
 * got). Each language is saved as soon as it is translated, marked machine-translated and not
 * reviewed. A language a person wrote or reviewed is replaced only with `overwrite`.
 * @throws AppError SERVICE_UNAVAILABLE when no service is configured; VALIDATION_FAILED naming body.from / body.to;
 * CONFLICT (body.to) for a person's words without overwrite; BAD_GATEWAY with the service's answer when it fails.
 */
export const translateOwnModule = async ({ db, translator }: ModuleTextsServices, tenant: Tenant, id: string, body: TranslateModuleBody & { overwrite: boolean }, ip?: string | null): Promise<TranslateModuleResult> => {
  requireTrainingAdmin(tenant);
  const module = await ownModule(db, tenant, id);
  if (!translator) throw new AppError('SERVICE_UNAVAILABLE', notConfiguredMessage);
  const texts = module.texts as Record<string, StoredOwnText>;
  const source = texts[body.from];
  if (!source || !moduleLanguages(module).includes(body.from)) throw fieldError('VALIDATION_FAILED', 'body.from', `must be one of the module's languages (${moduleLanguages(module).join(', ')})`);
  const unsupported = [body.from, ...body.to].filter((language) => !translator.languages.includes(language));
  if (unsupported.length) throw fieldError('VALIDATION_FAILED', unsupported.includes(body.from) ? 'body.from' : 'body.to', `${translator.provider === 'deepl' ? 'DeepL' : 'LibreTranslate'} does not translate ${unsupported.join(', ')}`);
  if (!body.overwrite) {
    const kept = body.to.filter((language) => texts[language] && moduleLanguages(module).includes(language) && !(translationOf(texts[language]).machineTranslated && translationOf(texts[language]).reviewedAt === null));
    if (kept.length) throw fieldError('CONFLICT', 'body.to', `${kept.join(', ')} already ${kept.length === 1 ? 'has' : 'have'} words a person wrote or reviewed; send overwrite: true to replace them`);
  }
  const { strings, rebuild } = flatten(source);
  const translated: TrainingLanguage[] = [];
  let saved = module;
  for (const target of body.to) {
    let out: string[];
    try {
      out = await translator.translate(strings, body.from, target);
    } catch (error) {
      if (!(error instanceof TranslationError)) throw error;
      // Every failure of the service, a language it lacks included, is the service's answer: a 502 with its words.
      throw new AppError('BAD_GATEWAY', translated.length ? `${error.message} (translated so far: ${translated.join(', ')})` : error.message);
    }
    const words = rebuild(out);
    const translation = { machineTranslated: true, sourceLanguage: body.from, provider: translator.provider, translatedAt: new Date().toISOString(), reviewedAt: null, reviewedBy: null };
    saved = await writeTexts(db, tenant, id, {
      [target]: (current: StoredOwnText | undefined) => ({ ...current, slides: current?.slides ?? [], ...words, translation }),
    });
    translated.push(target);
  }
  await recordAudit(db, tenant, { action: 'training-module.texts.translate', targetType: 'training-module', targetId: id, details: { from: body.from, to: translated, provider: translator.provider }, ip: ip ?? null });
  return { translated, texts: presentOwnModuleTexts(saved, statusOf(translator)) };
};
