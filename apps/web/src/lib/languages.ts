/**
 * The languages of the two pickers (spec §3 "Language option") and how their codes map onto each
 * other, onto the `language` cookie and onto i18next.
 *
 * - The general picker (top bar) offers 14 languages, coded as the spec lists them: es, pt-BR,
 *   zh-CN, cs, nl, en, fr, de, iw, hu, it, pl, pt-PT, hi. These codes are also the i18next language
 *   names and the folder names under src/locales/.
 * - The learning-page picker offers the 7 training languages, coded fr_fr, en_us, de_de, es_es,
 *   pt_br, hi_in, it_it.
 * - Both write one cookie, `language`, whose default the spec gives as `en_us`. So the cookie always
 *   holds a code of that `language_region` form: the learning codes as they are, and for the other
 *   general languages the same form (zh_cn, cs_cz, nl_nl, he_il, hu_hu, pl_pl, pt_pt). Hebrew is
 *   `he_il` in the cookie and `he` in `<html lang>` (ISO 639-1 today); `iw` (its withdrawn code) is
 *   kept only where the spec names it, the general picker's value and the i18next language.
 * - The learning picker shows the cookie's language when it is one of its seven, and English (the
 *   language trainings fall back to) otherwise.
 */

export const generalLanguageCodes = ['es', 'pt-BR', 'zh-CN', 'cs', 'nl', 'en', 'fr', 'de', 'iw', 'hu', 'it', 'pl', 'pt-PT', 'hi'] as const;
export type GeneralLanguageCode = (typeof generalLanguageCodes)[number];

export const learningLanguageCodes = ['fr_fr', 'en_us', 'de_de', 'es_es', 'pt_br', 'hi_in', 'it_it'] as const;
export type LearningLanguageCode = (typeof learningLanguageCodes)[number];

/** The flags we draw: ISO 3166-1 codes that country-flag-icons has. */
export type FlagCode = 'BR' | 'CN' | 'CZ' | 'DE' | 'ES' | 'FR' | 'HU' | 'IL' | 'IN' | 'IT' | 'NL' | 'PL' | 'PT' | 'US';

/**
 * One option of a picker (§3): what it stores, what it says, which flag it shows; plus the BCP 47
 * tag of its label, so screen readers pronounce each name in its own language.
 */
export type LanguageOption<Value extends string = string> = { value: Value; label: string; flag: FlagCode; lang: string };

export type Language = {
  /** The general picker's code, which is also the i18next language. */
  code: GeneralLanguageCode;
  /** What the `language` cookie holds for it. */
  cookieValue: string;
  /** BCP 47, for `<html lang>`. */
  htmlLang: string;
  /**
   * Its name in itself, as language pickers conventionally show it, so people find their own
   * language whatever the page is in; the same in every catalogue, so it lives here.
   */
  label: string;
  flag: FlagCode;
};

const language = (code: GeneralLanguageCode, cookieValue: string, htmlLang: string, label: string, flag: FlagCode): Language => ({
  code,
  cookieValue,
  htmlLang,
  label,
  flag,
});

// English is flagged with the US flag because its cookie code (and the spec's default) is en_us.
export const languages: Readonly<Record<GeneralLanguageCode, Language>> = {
  es: language('es', 'es_es', 'es', 'Español', 'ES'),
  'pt-BR': language('pt-BR', 'pt_br', 'pt-BR', 'Português (Brasil)', 'BR'),
  'zh-CN': language('zh-CN', 'zh_cn', 'zh-CN', '中文（简体）', 'CN'),
  cs: language('cs', 'cs_cz', 'cs', 'Čeština', 'CZ'),
  nl: language('nl', 'nl_nl', 'nl', 'Nederlands', 'NL'),
  en: language('en', 'en_us', 'en', 'English', 'US'),
  fr: language('fr', 'fr_fr', 'fr', 'Français', 'FR'),
  de: language('de', 'de_de', 'de', 'Deutsch', 'DE'),
  iw: language('iw', 'he_il', 'he', 'עברית', 'IL'),
  hu: language('hu', 'hu_hu', 'hu', 'Magyar', 'HU'),
  it: language('it', 'it_it', 'it', 'Italiano', 'IT'),
  pl: language('pl', 'pl_pl', 'pl', 'Polski', 'PL'),
  'pt-PT': language('pt-PT', 'pt_pt', 'pt-PT', 'Português (Portugal)', 'PT'),
  hi: language('hi', 'hi_in', 'hi', 'हिन्दी', 'IN'),
};

export const defaultLanguageCode = 'en' satisfies GeneralLanguageCode;
/** §9: the cookie's value when it is absent. */
export const defaultLanguageCookieValue = 'en_us';

const learningToGeneral: Readonly<Record<LearningLanguageCode, GeneralLanguageCode>> = {
  fr_fr: 'fr',
  en_us: 'en',
  de_de: 'de',
  es_es: 'es',
  pt_br: 'pt-BR',
  hi_in: 'hi',
  it_it: 'it',
};

/** The general picker's options, in the spec's order. */
export const generalLanguageOptions: readonly LanguageOption<GeneralLanguageCode>[] = generalLanguageCodes.map((code) => ({
  value: code,
  label: languages[code].label,
  flag: languages[code].flag,
  lang: languages[code].htmlLang,
}));

/** The learning page's options, in the spec's order. */
export const learningLanguageOptions: readonly LanguageOption<LearningLanguageCode>[] = learningLanguageCodes.map((code) => {
  const { label, flag, htmlLang } = languages[learningToGeneral[code]];
  return { value: code, label, flag, lang: htmlLang };
});

const normalise = (value: string) => value.trim().toLowerCase().replaceAll('-', '_');

// Every spelling we accept for a language, normalised: its cookie value, its general code and its
// BCP 47 tag (so `de`, `de-DE`, `pt-BR`, `pt_br`, `iw` and `he` are all understood).
const bySpelling = new Map<string, Language>(
  Object.values(languages).flatMap((entry) =>
    [entry.cookieValue, entry.code, entry.htmlLang].map((spelling) => [normalise(spelling), entry] as const),
  ),
);

/** The language a cookie value names; English for an absent or unknown value (§9: default en_us). */
export const languageFromCookieValue = (value: string | null | undefined): Language =>
  (value ? bySpelling.get(normalise(value)) : undefined) ?? languages[defaultLanguageCode];

/** The learning picker's value for a language: itself when it is a training language, else English. */
export const learningCodeOf = (entry: Language): LearningLanguageCode =>
  learningLanguageCodes.find((code) => code === entry.cookieValue) ?? 'en_us';

/** The cookie value a learning option stands for (they are the same code). */
export const cookieValueOfLearningCode = (code: LearningLanguageCode) => languages[learningToGeneral[code]].cookieValue;

/** The cookie value a general option stands for. */
export const cookieValueOfGeneralCode = (code: GeneralLanguageCode) => languages[code].cookieValue;

// Case and accents do not matter when looking for a name: "cest" finds Čeština, "espanol" Español.
const fold = (text: string) => text.normalize('NFD').replace(/\p{Mn}/gu, '').toLocaleLowerCase();

/** §5: the options whose label contains the query, ignoring case (and accents); all for an empty query. */
export const filterLanguageOptions = <Option extends LanguageOption>(options: readonly Option[], query: string): Option[] => {
  const wanted = fold(query.trim());
  return wanted ? options.filter((option) => fold(option.label).includes(wanted)) : [...options];
};

/** Whether the label starts with what was typed (type-ahead), ignoring case and accents. */
export const labelStartsWith = (label: string, typed: string) => fold(label).startsWith(fold(typed));
