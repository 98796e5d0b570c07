import { describe, expect, it } from 'vitest';

import {
  cookieValueOfGeneralCode,
  cookieValueOfLearningCode,
  filterLanguageOptions,
  generalLanguageOptions,
  labelStartsWith,
  languageFromCookieValue,
  learningCodeOf,
  learningLanguageOptions,
} from './languages';

describe('the pickers’ options (§3)', () => {
  it('offers the 14 general codes in the spec’s order, each with a label and a flag', () => {
    expect(generalLanguageOptions.map(({ value, label, flag }) => `${value} ${flag} ${label}`)).toEqual([
      'es ES Español',
      'pt-BR BR Português (Brasil)',
      'zh-CN CN 中文（简体）',
      'cs CZ Čeština',
      'nl NL Nederlands',
      'en US English',
      'fr FR Français',
      'de DE Deutsch',
      'iw IL עברית',
      'hu HU Magyar',
      'it IT Italiano',
      'pl PL Polski',
      'pt-PT PT Português (Portugal)',
      'hi IN हिन्दी',
    ]);
  });

  it('offers the 7 learning codes in the spec’s order', () => {
    expect(learningLanguageOptions.map(({ value, flag, label }) => `${value} ${flag} ${label}`)).toEqual([
      'fr_fr FR Français',
      'en_us US English',
      'de_de DE Deutsch',
      'es_es ES Español',
      'pt_br BR Português (Brasil)',
      'hi_in IN हिन्दी',
      'it_it IT Italiano',
    ]);
  });

  it('tags every label with its language, and Hebrew with today’s code', () => {
    expect(generalLanguageOptions.find((option) => option.value === 'iw')?.lang).toBe('he');
    expect(learningLanguageOptions.find((option) => option.value === 'pt_br')?.lang).toBe('pt-BR');
  });
});

describe('the language cookie’s codes', () => {
  it.each([
    ['en_us', 'en'],
    ['de_de', 'de'],
    ['pt_br', 'pt-BR'],
    ['pt_pt', 'pt-PT'],
    ['zh_cn', 'zh-CN'],
    ['he_il', 'iw'],
    ['hi_in', 'hi'],
  ])('%s is the i18next language %s', (cookie, code) => {
    expect(languageFromCookieValue(cookie).code).toBe(code);
  });

  it.each([
    ['a general code', 'pt-BR', 'pt-BR'],
    ['a bare language', 'de', 'de'],
    ['a BCP 47 tag', 'de-DE', 'de'],
    ['another case', 'PT_BR', 'pt-BR'],
    ['the withdrawn Hebrew code', 'iw', 'iw'],
    ['the current Hebrew code', 'he', 'iw'],
  ])('understands %s (%s)', (_, cookie, code) => {
    expect(languageFromCookieValue(cookie).code).toBe(code);
  });

  it.each([[null], [undefined], [''], ['klingon'], ['en_gb_x']])('falls back to English for %s', (cookie) => {
    expect(languageFromCookieValue(cookie)).toMatchObject({ code: 'en', cookieValue: 'en_us', htmlLang: 'en' });
  });

  it('stores every general and learning choice in one form, which reads back as the same language', () => {
    for (const { value } of generalLanguageOptions) {
      const stored = cookieValueOfGeneralCode(value);
      expect(stored).toMatch(/^[a-z]{2}_[a-z]{2}$/);
      expect(languageFromCookieValue(stored).code).toBe(value);
    }
    for (const { value } of learningLanguageOptions) {
      expect(cookieValueOfLearningCode(value)).toBe(value);
    }
  });

  it('shows a training language as itself on the learning page, and any other as English', () => {
    expect(learningCodeOf(languageFromCookieValue('de_de'))).toBe('de_de');
    expect(learningCodeOf(languageFromCookieValue('pt_br'))).toBe('pt_br');
    expect(learningCodeOf(languageFromCookieValue('nl_nl'))).toBe('en_us');
    expect(learningCodeOf(languageFromCookieValue('pt_pt'))).toBe('en_us');
  });
});

describe('filterLanguageOptions (§5)', () => {
  const labels = (query: string) => filterLanguageOptions(generalLanguageOptions, query).map((option) => option.label);

  it('keeps the labels containing the query, ignoring case', () => {
    expect(labels('PORTU')).toEqual(['Português (Brasil)', 'Português (Portugal)']);
    expect(labels('deutsch')).toEqual(['Deutsch']);
    expect(labels('an')).toEqual(['Español', 'Nederlands', 'Français', 'Italiano']);
  });

  it('ignores accents and the spaces around the query', () => {
    expect(labels(' cestina ')).toEqual(['Čeština']);
    expect(labels('espanol')).toEqual(['Español']);
  });

  it('finds labels in other scripts', () => {
    expect(labels('עבר')).toEqual(['עברית']);
    expect(labels('中文')).toEqual(['中文（简体）']);
  });

  it('keeps everything for an empty query and nothing for a query no label contains', () => {
    expect(labels('')).toHaveLength(14);
    expect(labels('german')).toEqual([]);
  });
});

describe('labelStartsWith', () => {
  it('compares the start of a label, ignoring case and accents', () => {
    expect(labelStartsWith('Čeština', 'ce')).toBe(true);
    expect(labelStartsWith('Deutsch', 'DE')).toBe(true);
    expect(labelStartsWith('Deutsch', 'eu')).toBe(false);
  });
});
