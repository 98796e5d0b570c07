import { trainingLanguages, type TrainingLanguage } from '@vigil/contracts';

import { readLanguageCookie } from '../../../lib/language-cookie';

/**
 * The language to ask lessons in: the one this browser chose (the `language` cookie, which the
 * learning page's picker also writes) when it is a training language; otherwise none, so the server
 * uses the person's preferred language, and English when it has no lesson in that one.
 */
export const learningLanguageFromCookies = (cookies: string): TrainingLanguage | undefined => {
  const chosen = readLanguageCookie(cookies)?.trim().toLowerCase().replaceAll('-', '_');
  return trainingLanguages.find((language) => language === chosen);
};

export const readLearningLanguage = () => (typeof document === 'undefined' ? undefined : learningLanguageFromCookies(document.cookie));
