import { afterEach, describe, expect, it } from 'vitest';

import { readChosenLanguage, readLanguageCookie, serializeLanguageCookie, writeLanguageCookie } from './language-cookie';

const clearCookie = () => {
  document.cookie = 'language=; Max-Age=0; Path=/';
};

describe('the language cookie (§9)', () => {
  afterEach(clearCookie);

  it('is kept 999 days on the whole site, Lax, and Secure on https', () => {
    expect(serializeLanguageCookie('de_de', { secure: false })).toBe('language=de_de; Max-Age=86313600; Path=/; SameSite=Lax');
    expect(serializeLanguageCookie('pt_br', { secure: true })).toBe('language=pt_br; Max-Age=86313600; Path=/; SameSite=Lax; Secure');
  });

  it('is read by name among other cookies, decoded', () => {
    expect(readLanguageCookie('theme=dark; language=fr_fr; languages=x')).toBe('fr_fr');
    expect(readLanguageCookie('language=pt%2DBR')).toBe('pt-BR');
    expect(readLanguageCookie('languages=de_de; other=1')).toBeNull();
    expect(readLanguageCookie('')).toBeNull();
  });

  it('defaults to en_us (English) when absent', () => {
    expect(readChosenLanguage('')).toMatchObject({ code: 'en', cookieValue: 'en_us' });
  });

  it('is written to the document and read back', () => {
    writeLanguageCookie('hu_hu');
    expect(readLanguageCookie(document.cookie)).toBe('hu_hu');
    expect(readChosenLanguage()).toMatchObject({ code: 'hu', label: 'Magyar' });
  });
});
