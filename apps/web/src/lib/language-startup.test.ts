import { afterEach, describe, expect, it } from 'vitest';

import { i18n } from './i18n';
import { readLanguageCookie } from './language-cookie';
import { startLanguage } from './language-startup';

describe('startLanguage', () => {
  afterEach(async () => {
    document.cookie = 'language=; Max-Age=0; Path=/';
    await i18n.changeLanguage('en');
    document.documentElement.lang = 'en';
    document.documentElement.dir = 'ltr';
  });

  it('starts in English, left to right, without a cookie', async () => {
    const shown = await startLanguage('');
    expect(shown.code).toBe('en');
    expect(i18n.t('notFound.title')).toBe('Page Not Found');
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    // No choice was made, so none is stored.
    expect(readLanguageCookie(document.cookie)).toBeNull();
  });

  it('stores the choice again, so browsers that cap cookies at 400 days keep it while the person comes back', async () => {
    await startLanguage('language=pt-BR');
    // Renewed, in the cookie's own form.
    expect(readLanguageCookie(document.cookie)).toBe('pt_br');
  });

  it('loads the cookie’s catalogue and marks the document with its language', async () => {
    await startLanguage('language=de_de');
    expect(i18n.language).toBe('de');
    expect(i18n.t('shell.userMenu.logout')).toBe('Abmelden');
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('loads the language’s feature catalogues with its shell catalogue', async () => {
    await startLanguage('language=de_de');
    // organization-users.json of de/, beside its translation.json, merged into one namespace.
    expect(i18n.t('organizationUsers.actions.add')).toBe('Benutzer hinzufügen');
    expect(i18n.t('shell.userMenu.logout')).toBe('Abmelden');
  });

  it('turns the document right to left for Hebrew', async () => {
    await startLanguage('language=he_il');
    expect(i18n.language).toBe('iw');
    expect(document.documentElement.lang).toBe('he');
    expect(document.documentElement.dir).toBe('rtl');
    expect(i18n.dir()).toBe('rtl');
  });

  it('falls back to English, key by key, for strings a catalogue does not have', async () => {
    await startLanguage('language=fr_fr');
    i18n.addResourceBundle('en', 'translation', { onlyInEnglish: 'Only in English' }, true, false);
    expect(i18n.t('onlyInEnglish' as 'notFound.title')).toBe('Only in English');
  });
});
