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

// English is bundled (it is the fallback of every key). The other 13 languages load on demand: each
// has the shell's translation.json and one file per feature beside it, one small chunk per file, so
// nobody downloads the catalogues of languages they do not read. A file added to a language folder
// is picked up here without editing this list.
const catalogueFiles = import.meta.glob<CatalogueModule>(['../locales/*/*.json', '!../locales/en/*.json']);

const filesOf = (code: GeneralLanguageCode) =>
  Object.entries(catalogueFiles)
    .filter(([path]) => path.startsWith(`../locales/${code}/`))
    .map(([, load]) => load);

/**
 * Adds a language's catalogue to i18next: its files, loaded in parallel and merged into the
 * 'translation' namespace as lib/i18n.ts assembles the English one (each feature file has its own
 * top-level key). Features whose strings are not translated yet fall back to English key by key
 * (fallbackLng).
 * @returns false when a file could not be loaded (the page then stays in English rather than mixing)
 */
export const loadCatalogue = async (code: GeneralLanguageCode): Promise<boolean> => {
  if (code === defaultLanguageCode || i18n.hasResourceBundle(code, 'translation')) return true;
  try {
    const files = await Promise.all(filesOf(code).map((load) => load()));
    if (files.length === 0) throw new Error(`No catalogue files for ${code}`);
    const catalogue = Object.assign({}, ...files.map((file) => file.default)) as Record<string, unknown>;
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
