import { type MachineTranslationStatus, type OwnModuleText, type OwnModuleTexts, type TextTranslationState, type TrainingLanguage, type TrainingModuleKind, trainingLanguages } from '@vigil/contracts';
import type { TrainingModuleRow } from '@vigil/db';

/** Where a language's words came from, as stored with them in `texts[language].translation`. */
export type StoredTranslation = TextTranslationState & { reviewedByPersonId?: string | null };

/** One language's words of an own module as stored (C4's upload writes title, summary, empty slides and quiz; captions add `hasCaptions`). */
export type StoredOwnText = {
  title: string;
  summary: string;
  slides: unknown[];
  quiz: { question: string; choices: string[]; answer: number; explanation: string }[];
  hasCaptions?: boolean;
  translation?: StoredTranslation;
};

const writtenByAPerson: TextTranslationState = { machineTranslated: false, sourceLanguage: null, provider: null, translatedAt: null, reviewedAt: null, reviewedBy: null };

/** The translation state of stored words (none stored: a person wrote them). */
export const translationOf = (text: { translation?: StoredTranslation } | undefined): TextTranslationState => {
  const stored = text?.translation;
  if (!stored) return writtenByAPerson;
  return {
    machineTranslated: stored.machineTranslated === true,
    sourceLanguage: stored.sourceLanguage ?? null,
    provider: stored.provider ?? null,
    translatedAt: stored.translatedAt ?? null,
    reviewedAt: stored.reviewedAt ?? null,
    reviewedBy: stored.reviewedBy ?? null,
  };
};

/** Machine-translated and not reviewed yet: the admin's banner and the learner's note. */
export const needsReview = (text: unknown) => {
  const state = translationOf(text as { translation?: StoredTranslation } | undefined);
  return state.machineTranslated && state.reviewedAt === null;
};

/** The module's languages in the product's order, each that has words. */
export const moduleLanguages = (module: TrainingModuleRow): TrainingLanguage[] => {
  const texts = module.texts as Record<string, unknown>;
  return trainingLanguages.filter((language) => module.languages.includes(language) && texts[language]);
};

export const presentOwnText = (language: TrainingLanguage, text: StoredOwnText): OwnModuleText => ({
  language,
  title: text.title,
  summary: text.summary ?? '',
  quiz: (text.quiz ?? []).map((question) => ({ question: question.question, choices: question.choices, answer: question.answer, explanation: question.explanation ?? '' })),
  translation: translationOf(text),
  needsReview: needsReview(text),
});

export const presentOwnModuleTexts = (module: TrainingModuleRow, machineTranslation: MachineTranslationStatus): OwnModuleTexts => {
  const texts = module.texts as Record<string, StoredOwnText>;
  const languages = moduleLanguages(module);
  return {
    moduleId: module.id,
    kind: module.kind as TrainingModuleKind,
    version: module.version,
    languages,
    texts: languages.map((language) => presentOwnText(language, texts[language]!)),
    machineTranslation,
  };
};
