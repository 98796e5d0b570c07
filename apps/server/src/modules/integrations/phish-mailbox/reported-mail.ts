import { createHash } from 'node:crypto';
import { type AddressObject, type Attachment, type ParsedMail, simpleParser } from 'mailparser';
import { filterHeaderName } from '@vigil/contracts';
import { cutAtCodePoint, storableText } from '../../../lib/ill-formed-text.ts';

/**
 * What a message in the reported-phish mailbox says: who reported it, the message they reported,
 * and what could tie it to one of our simulations. A report arrives in two shapes:
 *
 * - forwarded as an attachment (Outlook's "Forward as attachment", most Report buttons): the
 *   original is a message/rfc822 part with all its headers, so its Message-ID and our filter
 *   header are there;
 * - forwarded inline: the headers are gone, and only the body's links (a lure's tracking links
 *   carry the recipient's token) can tie it to a simulation.
 *
 * Only what triage needs is taken: addresses, subject, dates, the links with their hosts, each
 * attachment's name, type, size and SHA-256 (the content is hashed and dropped), and a short
 * plain-text excerpt. Nothing here touches the database.
 *
 * Anyone can mail the mailbox, so every input is hostile: each pattern here runs in time linear in
 * its input, the text they see is capped, and everything returned is text PostgreSQL keeps (no NUL,
 * no half of a surrogate pair) and cut at a code point.
 */

export const excerptMaxLength = 1_000;
const maxLinks = 100;
const maxUrlLength = 2_048;
/** The start of a body that the excerpt and the inline forward's header block are read from. */
const maxScannedChars = 64 * 1024;
/** Links are looked for further: a lure's tracking link can follow a long style block. */
const maxLinkScanChars = 1024 * 1024;
/** A line longer than this is not a quoted header line ("From: …"): only its start is read. */
const maxLineChars = 1024;
const maxNameLength = 255;
const maxHeaderTextLength = 1_000;

export type MailAddress = { address: string | null; name: string | null };
export type FoundLink = { url: string; host: string };
export type FoundAttachment = { name: string; contentType: string; size: number; sha256: string };

export type ReportedOriginal = {
  /** The original came as a message/rfc822 attachment, with its own headers. */
  attached: boolean;
  messageId: string | null;
  /** The value of our filter header (`X-Vigil-Simulation`), when the original kept it. */
  filterHeader: string | null;
  sender: MailAddress;
  subject: string;
  sentAt: Date | null;
  links: FoundLink[];
  attachments: FoundAttachment[];
  excerpt: string;
};

export type ReportedMailAnalysis = {
  /** The report's own Message-ID: with its arrival time, it tells a message read again (a rebuilt folder) from a new one. */
  messageId: string | null;
  reporter: MailAddress;
  /** The receiving mail server vouches for the reporter's address (see `reporterAuthenticated`). */
  reporterVerified: boolean;
  /** An automatic message (an out-of-office, a bounce): it gets no thank-you, so two robots never answer each other. */
  automatic: boolean;
  forwardedAt: Date | null;
  original: ReportedOriginal;
  /** Tracking tokens found in any link of the report (the forward and the original). */
  trackingTokens: string[];
};

/** Text from the message as it is stored: well formed, one line, at most `max` code points, null when empty. */
const storable = (text: string | null | undefined, max = maxHeaderTextLength) => {
  const clean = cutAtCodePoint(storableText(text ?? '').replace(/[\r\n]+/g, ' ').trim(), max);
  return clean || null;
};

const storableAddress = (address: MailAddress): MailAddress => ({ address: storable(address.address)?.toLowerCase() ?? null, name: storable(address.name) });

const firstAddress = (field: AddressObject | AddressObject[] | undefined): MailAddress => {
  const value = (Array.isArray(field) ? field[0] : field)?.value[0];
  return storableAddress({ address: value?.address ?? null, name: value?.name ?? null });
};

/** A date PostgreSQL can keep, or null (an unreadable Date header gives an invalid one). */
export const plausibleDate = (date: Date | string | null | undefined) => {
  if (date === null || date === undefined) return null;
  const parsed = date instanceof Date ? date : new Date(date);
  const year = parsed.getUTCFullYear();
  return Number.isNaN(parsed.getTime()) || year < 1 || year > 9999 ? null : parsed;
};

// Words between separators, then one address check anchored at each word's start: neither can
// backtrack across the line, so a line of "a@a@a@…" takes time linear in its length.
const addressWords = /[^\s<>[\]:"'()]+/g;
const addressAtStart = /^[^@]+@[^@]+\.[A-Za-z]{2,}/;

/** "Name <a@b.example>", "a@b.example" or "Name [mailto:a@b.example]", as an inline forward writes the original's sender. */
export const addressFromLine = (line: string): MailAddress => {
  for (const word of line.matchAll(addressWords)) {
    const address = addressAtStart.exec(word[0])?.[0];
    if (!address) continue;
    const name = line.slice(0, word.index).replace(/[<[("]|mailto:/gi, '').trim();
    return storableAddress({ address, name });
  }
  return { address: null, name: storable(line) };
};

const forwardPrefix = /^\s*((fwd?|fw|tr|wg|rv|i|vs|doorst|enc)\s*:\s*)+/i;

const decodeEntities = (text: string) =>
  text.replace(/&amp;/gi, '&').replace(/&quot;/gi, '"').replace(/&#39;|&apos;/gi, "'").replace(/&lt;/gi, '<').replace(/&gt;/gi, '>');

/**
 * Safe Links (Microsoft), Google's redirector and similar wrap every link: the address the message
 * really pointed at is their `url` (or `q`) parameter.
 */
const unwrapRewrittenLink = (url: URL): URL => {
  const wrapped =
    url.hostname.endsWith('safelinks.protection.outlook.com') ? url.searchParams.get('url')
    : (url.hostname === 'www.google.com' || url.hostname === 'google.com') && url.pathname === '/url' ? url.searchParams.get('q') ?? url.searchParams.get('url')
    : null;
  if (!wrapped) return url;
  try {
    return new URL(wrapped);
  } catch {
    return url;
  }
};

/** A bare URL as a sentence ends it ("see https://x.example/a."), without the sentence's punctuation. */
const withoutTrailingPunctuation = (url: string) => {
  // A loop, not /[.,;:!?]+$/: that pattern retries from every dot of "http://a....x".
  if (url.length > maxUrlLength) return url;
  let end = url.length;
  while (end > 0 && '.,;:!?'.includes(url[end - 1]!)) end--;
  return url.slice(0, end);
};

/** Every http(s) link in the HTML (href) and the text (bare URLs), unwrapped, once each, in order. */
export const findLinks = (html: string, text: string): FoundLink[] => {
  const candidates = [
    ...[...html.matchAll(/href\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map((match) => decodeEntities(match[1] ?? match[2] ?? '')),
    ...[...text.matchAll(/https?:\/\/[^\s<>"'()[\]{}]+/gi)].map((match) => withoutTrailingPunctuation(match[0])),
  ];
  const seen = new Set<string>();
  const links: FoundLink[] = [];
  for (const candidate of candidates) {
    if (links.length >= maxLinks) break;
    const trimmed = candidate.trim();
    if (!/^https?:\/\//i.test(trimmed) || trimmed.length > maxUrlLength) continue;
    let url: URL;
    try {
      url = unwrapRewrittenLink(new URL(trimmed));
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    const href = url.href;
    if (seen.has(href)) continue;
    seen.add(href);
    links.push({ url: href, host: url.hostname });
  }
  return links;
};

/** A lure's tracking links end in the recipient's token: /c/, /o/…gif, /q/, /a/, /l/ or /t/ and 22 base64url characters. */
const trackingPath = /^\/[coqalt]\/([A-Za-z0-9_-]{22})(?:\.gif)?$/;

export const trackingTokensIn = (links: readonly FoundLink[]) => [
  ...new Set(links.flatMap((link) => trackingPath.exec(new URL(link.url).pathname)?.[1] ?? [])),
];

/** Plain text, whitespace folded, cut at a word near `excerptMaxLength` code points. */
export const excerptOf = (text: string) => {
  const folded = storableText(text.slice(0, maxScannedChars)).replace(/\s+/g, ' ').trim();
  const cut = cutAtCodePoint(folded, excerptMaxLength);
  if (cut.length === folded.length) return folded;
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > cut.length - 40 ? cut.slice(0, lastSpace) : cut}…`;
};

const describeAttachment = (attachment: Attachment): FoundAttachment => ({
  name: storable(attachment.filename, maxNameLength) ?? '(no name)',
  contentType: storable(attachment.contentType, maxNameLength) ?? 'application/octet-stream',
  size: attachment.size,
  sha256: createHash('sha256').update(attachment.content).digest('hex'),
});

/** Attachments a person would see: not the pictures a message's HTML shows inline. */
const visibleAttachments = (mail: ParsedMail) => mail.attachments.filter((attachment) => !attachment.related);

const parse = (raw: Buffer) =>
  // Embedded messages stay attachments (their raw text), so the original's own headers survive.
  // No HTML-to-text in the parser: it walks the whole tree (20 s for deeply nested tags); plainTextOfHtml reads a capped start in one pass.
  simpleParser(raw, { ignoreEmbedded: true, skipImageLinks: true, skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, keepCidLinks: false } as Parameters<typeof simpleParser>[1]);

const htmlOf = (mail: ParsedMail) => (typeof mail.html === 'string' ? mail.html.slice(0, maxLinkScanChars) : '');

/** Elements whose content is not words a person reads. */
const hiddenElements = new Set(['script', 'style', 'head', 'title', 'noscript', 'template', 'textarea']);
/** Elements that end a line. */
const lineBreaks = new Set(['br', 'p', 'div', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * The words of an HTML body: hidden elements dropped, tags gone, entities read. One forward pass
 * with indexOf (no pattern over the whole text), so no markup makes it slow; an unclosed tag or
 * hidden element ends the text.
 */
const plainTextOfHtml = (html: string) => {
  const lower = html.toLowerCase();
  const words: string[] = [];
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    if (open < 0) {
      words.push(html.slice(at));
      break;
    }
    words.push(html.slice(at, open));
    const close = html.indexOf('>', open);
    if (close < 0) break;
    const [, slash, tag = ''] = /^<(\/?)([a-z][a-z0-9]*)/.exec(lower.slice(open, open + 12)) ?? [];
    at = close + 1;
    if (!slash && hiddenElements.has(tag)) {
      const end = lower.indexOf(`</${tag}`, at);
      const endClose = end < 0 ? -1 : lower.indexOf('>', end);
      if (endClose < 0) break;
      at = endClose + 1;
      words.push(' ');
    } else {
      words.push(lineBreaks.has(tag) && (slash || tag === 'br') ? '\n' : ' ');
    }
  }
  return decodeEntities(words.join(''));
};

/** The start of the message's text: its own plain part, or the words of its HTML. */
const textOf = (mail: ParsedMail) => (mail.text?.trim() ? mail.text : plainTextOfHtml(htmlOf(mail))).slice(0, maxLinkScanChars);

const headerText = (mail: ParsedMail, name: string) => {
  const value = mail.headers.get(name.toLowerCase());
  return typeof value === 'string' ? value.trim() : null;
};

const quotedFromLine = /^[>\s*]*(?:From|Von|De|Da|Van|Från|Fra|Od)\s*:\s*\**(.+)$/i;

/** The sender an inline forward names in the quoted header block ("From: …"), if any: line by line, each line's start only. */
const inlineForwardSender = (text: string): MailAddress => {
  for (const line of text.slice(0, maxScannedChars).split(/\r?\n/)) {
    const sender = quotedFromLine.exec(line.slice(0, maxLineChars))?.[1];
    if (sender) return addressFromLine(sender);
  }
  return { address: null, name: null };
};

type HeaderLine = { key: string; line: string };

/** The header fields `reporterAuthenticated` reads, for a message fetched with its headers only. */
export const authenticationHeaderNames = ['authentication-results', 'x-ms-exchange-organization-authas'];

const headerValue = (header: HeaderLine) => header.line.slice(0, 8 * 1024).replace(/\r?\n[ \t]+/g, ' ').replace(/^[^:]*:/, '').trim();

/** The results of one Authentication-Results field (RFC 8601): each method's result and properties. */
const authenticationResults = (value: string) =>
  value
    .replace(/\([^()]*\)/g, ' ')
    .split(';')
    .map((resinfo) => {
      const [method = '', ...properties] = resinfo.trim().split(/\s+/);
      const [name = '', result = ''] = method.toLowerCase().split('=');
      const property = (key: string) => properties.find((item) => item.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1).replace(/^"|"$/g, '').toLowerCase() ?? null;
      return { method: name, result, property };
    });

/** Whether a DKIM signing domain is aligned with the From domain (relaxed: the same, or one a subdomain of the other). */
const aligned = (signingDomain: string, fromDomain: string) =>
  signingDomain.includes('.') && (signingDomain === fromDomain || fromDomain.endsWith(`.${signingDomain}`) || signingDomain.endsWith(`.${fromDomain}`));

/** Where the mailbox is: what its server can be trusted to have written on the messages it received. */
export type MailboxKind = {
  /** In Exchange Online (Microsoft 365), whose header firewall strips Exchange's own fields from mail arriving from outside. */
  exchangeOnline: boolean;
};

/**
 * Whether the receiving mail server vouches for the report's From address; only then is the report
 * counted and thanked (anyone can write any From). Either:
 *
 * - in Exchange Online, Exchange marked it sent by one of its own signed-in users
 *   (`X-MS-Exchange-Organization-AuthAs: Internal`): Exchange removes every X-MS-Exchange-Organization-
 *   field from mail that arrives from outside, so no outsider can write it (any other server keeps
 *   such a field as the sender wrote it, so it counts only there); or
 * - the topmost Authentication-Results field, the one the receiving server writes above the sender's
 *   own fields, says `dmarc=pass` for the From's domain, or `dkim=pass` for a signing domain aligned with it.
 */
export const reporterAuthenticated = (headers: readonly HeaderLine[], reporter: string | null, mailbox: MailboxKind) => {
  const fromDomain = reporter?.split('@')[1]?.toLowerCase();
  if (!fromDomain) return false;
  const exchangeUser = headers.some((header) => header.key === 'x-ms-exchange-organization-authas' && headerValue(header).toLowerCase() === 'internal');
  if (mailbox.exchangeOnline && exchangeUser) return true;
  const topmost = headers.find((header) => header.key === 'authentication-results');
  if (!topmost) return false;
  return authenticationResults(headerValue(topmost)).some(({ method, result, property }) => {
    if (result !== 'pass') return false;
    if (method === 'dmarc') return property('header.from') === fromDomain;
    if (method !== 'dkim') return false;
    const signingDomain = property('header.d') ?? property('header.i')?.split('@')[1] ?? null;
    return signingDomain !== null && aligned(signingDomain, fromDomain);
  });
};

/** Header lines of a header block (a message fetched with some of its headers only), in order. */
export const headerLinesOf = (block: Buffer): HeaderLine[] =>
  block
    .toString('utf8')
    .split(/\r?\n(?![ \t])/)
    .flatMap((line) => {
      const colon = line.indexOf(':');
      return colon > 0 ? [{ key: line.slice(0, colon).trim().toLowerCase(), line }] : [];
    });

/**
 * Reads one message of the mailbox.
 * @param raw the message as the IMAP server holds it
 */
export const analyseReportedMail = async (raw: Buffer, mailbox: MailboxKind): Promise<ReportedMailAnalysis> => {
  const outer = await parse(raw);
  const outerText = textOf(outer);
  const outerLinks = findLinks(htmlOf(outer), `${outerText}\n${plainTextOfHtml(htmlOf(outer))}`);
  const embedded = outer.attachments.find((attachment) => attachment.contentType === 'message/rfc822');

  let original: ReportedOriginal;
  let innerLinks: FoundLink[] = [];
  if (embedded) {
    const inner = await parse(embedded.content);
    const innerText = textOf(inner);
    innerLinks = findLinks(htmlOf(inner), `${innerText}\n${plainTextOfHtml(htmlOf(inner))}`);
    original = {
      attached: true,
      messageId: storable(inner.messageId),
      filterHeader: headerText(inner, filterHeaderName),
      sender: firstAddress(inner.from),
      subject: storable(inner.subject) ?? '',
      sentAt: plausibleDate(inner.date),
      links: innerLinks,
      attachments: visibleAttachments(inner).map(describeAttachment),
      excerpt: excerptOf(innerText),
    };
  } else {
    original = {
      attached: false,
      messageId: null,
      filterHeader: null,
      sender: inlineForwardSender(outerText),
      subject: (storable(outer.subject) ?? '').replace(forwardPrefix, ''),
      sentAt: null,
      links: outerLinks,
      attachments: visibleAttachments(outer).map(describeAttachment),
      excerpt: excerptOf(outerText),
    };
  }

  const autoSubmitted = headerText(outer, 'auto-submitted');
  const precedence = headerText(outer, 'precedence');
  const reporter = firstAddress(outer.from);
  return {
    messageId: storable(outer.messageId),
    reporter,
    reporterVerified: reporterAuthenticated(outer.headerLines, reporter.address, mailbox),
    automatic: (autoSubmitted !== null && autoSubmitted.toLowerCase() !== 'no') || /^(bulk|junk|list|auto_reply)$/i.test(precedence ?? ''),
    forwardedAt: plausibleDate(outer.date),
    original,
    trackingTokens: trackingTokensIn([...outerLinks, ...innerLinks]),
  };
};

export type Envelope = { from?: { address?: string; name?: string }[]; subject?: string; date?: Date | string; messageId?: string } | undefined;

/**
 * What the envelope (and the authentication fields, fetched alone) say of a message too large to read.
 * @param headers the message's `authenticationHeaderNames` fields as the server gave them
 */
export const analyseEnvelope = (envelope: Envelope, headers: Buffer | undefined, mailbox: MailboxKind): ReportedMailAnalysis => {
  const from = envelope?.from?.[0];
  const reporter = storableAddress({ address: from?.address ?? null, name: from?.name ?? null });
  return {
    messageId: storable(envelope?.messageId),
    reporter,
    reporterVerified: headers ? reporterAuthenticated(headerLinesOf(headers), reporter.address, mailbox) : false,
    automatic: false,
    forwardedAt: plausibleDate(envelope?.date),
    original: { attached: false, messageId: null, filterHeader: null, sender: { address: null, name: null }, subject: storable(envelope?.subject) ?? '', sentAt: null, links: [], attachments: [], excerpt: '(too large to read)' },
    trackingTokens: [],
  };
};
