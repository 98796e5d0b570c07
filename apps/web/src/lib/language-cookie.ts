import {
  defaultLanguageCookieValue,
  languageFromCookieValue,
  type Language,
} from './languages';

/** §9: the cookie's name and lifetime. */
export const languageCookieName = 'language';
export const languageCookieMaxAgeDays = 999;
const secondsPerDay = 24 * 60 * 60;

/** The `language` cookie's value in a `document.cookie` string, or null when it is absent. */
export const readLanguageCookie = (cookies: string): string | null => {
  for (const pair of cookies.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== languageCookieName) continue;
    const raw = pair.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
};

/**
 * The Set-Cookie style string that stores a choice for 999 days on the whole site. Lax, because a
 * language is no secret and links from emails should open in it; Secure whenever the site is https.
 */
export const serializeLanguageCookie = (value: string, { secure }: { secure: boolean }) =>
  [
    `${languageCookieName}=${encodeURIComponent(value)}`,
    `Max-Age=${languageCookieMaxAgeDays * secondsPerDay}`,
    'Path=/',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');

/** The language this browser has chosen; English (en_us) when it has chosen none (§9). */
export const readChosenLanguage = (cookies = document.cookie): Language =>
  languageFromCookieValue(readLanguageCookie(cookies) ?? defaultLanguageCookieValue);

/** Stores the choice in the `language` cookie. */
export const writeLanguageCookie = (value: string) => {
  document.cookie = serializeLanguageCookie(value, { secure: window.location.protocol === 'https:' });
};

/**
 * §4: stores the choice and reloads the page, which then starts in that language (and direction)
 * from the first paint, with the theme, the document and every cached string in agreement.
 */
export const chooseLanguage = (cookieValue: string) => {
  writeLanguageCookie(cookieValue);
  window.location.reload();
};
