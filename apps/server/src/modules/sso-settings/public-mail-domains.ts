/**
 * Mail services anyone can sign up to: no organisation owns their domains, so none may claim one
 * for single sign-on (it would send strangers to that organisation's identity provider).
 */
export const publicMailDomains = new Set([
  'gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'hotmail.co.uk', 'live.com', 'msn.com', 'yahoo.com', 'yahoo.co.uk', 'ymail.com',
  'icloud.com', 'me.com', 'mac.com', 'aol.com', 'proton.me', 'protonmail.com', 'pm.me', 'gmx.com', 'gmx.de', 'gmx.net', 'web.de', 't-online.de',
  'mail.com', 'zoho.com', 'yandex.com', 'yandex.ru', 'mail.ru', 'qq.com', '163.com', '126.com', 'fastmail.com', 'tutanota.com', 'hey.com',
  'orange.fr', 'free.fr', 'laposte.net', 'libero.it', 'seznam.cz', 'wp.pl', 'o2.pl', 'interia.pl', 'freemail.hu', 'uol.com.br', 'bol.com.br',
  'rediffmail.com', 'sapo.pt',
]);
