import { i18n } from './i18n';
import { readLanguageCookie, writeLanguageCookie } from './language-cookie';
import {
  defaultLanguageCode,
  defaultLanguageCookieValue,
  languageFromCookieValue,
  languages,
  type GeneralLanguageCode,
  type Language,
} from './languages';

type CatalogueModule = { default: Record<string, unknown> };

// English is bundled (it is the fallback of every key); the other 13 load on demand, one small
// chunk each, so nobody downloads the catalogues of languages they do not read.
const catalogues: Readonly<Record<Exclude<GeneralLanguageCode, 'en'>, () => Promise<CatalogueModule>>> = {
  es: () => import('../locales/es/translation.json'),
  'pt-BR': () => import('../locales/pt-BR/translation.json'),
  'zh-CN': () => import('../locales/zh-CN/translation.json'),
  cs: () => import('../locales/cs/translation.json'),
  nl: () => import('../locales/nl/translation.json'),
  fr: () => import('../locales/fr/translation.json'),
  de: () => import('../locales/de/translation.json'),
  iw: () => import('../locales/iw/translation.json'),
  hu: () => import('../locales/hu/translation.json'),
  it: () => import('../locales/it/translation.json'),
  pl: () => import('../locales/pl/translation.json'),
  'pt-PT': () => import('../locales/pt-PT/translation.json'),
  hi: () => import('../locales/hi/translation.json'),
};

/**
 * Adds a language's catalogue to i18next. Features whose strings are not translated yet fall back
 * to English key by key (fallbackLng).
 * @returns false when its chunk could not be loaded (the page then stays in English)
 */
export const loadCatalogue = async (code: GeneralLanguageCode): Promise<boolean> => {
  if (code === defaultLanguageCode || i18n.hasResourceBundle(code, 'translation')) return true;
  try {
    const { default: catalogue } = await catalogues[code]();
    i18n.addResourceBundle(code, 'translation', catalogue, true, true);
    return true;
  } catch (error) {
    console.warn(`The ${code} catalogue could not be loaded; showing English`, error);
    return false;
  }
};

/** `<html lang>` and `dir` follow the language, so screen readers and the text direction agree. */
export const applyDocumentLanguage = (entry: Language) => {
  document.documentElement.lang = entry.htmlLang;
  document.documentElement.dir = i18n.dir(entry.code);
};

/**
 * Starts the page in the language of the `language` cookie (English when it is absent): renews the
 * cookie, loads the catalogue, switches i18next to the language and marks the document. Runs before the first render, so the
 * page never flashes English first; the picker reloads the page rather than switching live.
 */
export const startLanguage = async (cookies = document.cookie): Promise<Language> => {
  const stored = readLanguageCookie(cookies);
  const chosen = languageFromCookieValue(stored ?? defaultLanguageCookieValue);
  // Browsers keep a cookie at most 400 days (RFC 6265bis), less than the spec's 999: storing the
  // choice again on every visit keeps it for as long as the person keeps coming back.
  if (stored !== null) writeLanguageCookie(chosen.cookieValue);
  const shown = (await loadCatalogue(chosen.code)) ? chosen : languages[defaultLanguageCode];
  await i18n.changeLanguage(shown.code);
  applyDocumentLanguage(shown);
  return shown;
};
