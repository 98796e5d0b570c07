import { type TemplateLanguage, personalisationVariables, templateLanguages } from '@vigil/contracts';
import type { trackingLinks } from '../tracking/tracking-links.ts';
import { sanitizeLureHtml } from './lure-html.ts';
import type { TemplateText } from './template-library.ts';

/** What renderLure reads of a phishing_templates row. */
export type LureTemplate = Readonly<{ vector: string; fromAddress: string | null; texts: Record<string, unknown> }>;

export type LurePersonalisation = Readonly<Partial<Record<(typeof personalisationVariables)[number], string | null | undefined>>>;

export type RenderLureInput = Readonly<{
  template: LureTemplate;
  /** The recipient's language; falls back to en_us, then to the template's first language. */
  language: string;
  personalisation: LurePersonalisation;
  links: ReturnType<typeof trackingLinks>;
  callbackNumber?: string;
  /** A data:image/png URI of the QR code (encoding links.qrScan); without it the QR is replaced by the link. */
  qrCodeDataUri?: string;
}>;

export type RenderedLure = {
  /** The language the lure was rendered in (after falling back). */
  language: string;
  fromName: string;
  fromAddress: string;
  subject: string;
  /** Sanitised, with the open pixel appended; empty for a text message. */
  html: string;
  text: string;
  sms?: string;
  attachment?: { fileName: string; html: string };
};

/** A lure that cannot be sent as written: a header with a line break, or a value the lure needs and was not given. */
export class LureRenderError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'LureRenderError';
  }
}

type Fallbacks = Record<'first_name' | 'company' | 'department' | 'manager' | 'job_title' | 'date' | 'qrSentence', string>;

// Neutral words for a value the person's record lacks, so a lure never shows an empty gap or "{{manager}}".
const fallbacks: Record<TemplateLanguage, Fallbacks> = {
  en_us: { first_name: 'colleague', company: 'your company', department: 'your team', manager: 'your manager', job_title: 'your role', date: 'today', qrSentence: 'Open this address on your phone' },
  fr_fr: { first_name: 'collègue', company: 'votre entreprise', department: 'votre équipe', manager: 'votre responsable', job_title: 'votre poste', date: "aujourd'hui", qrSentence: 'Ouvrez cette adresse sur votre téléphone' },
  de_de: { first_name: 'Kollegin, Kollege', company: 'Ihr Unternehmen', department: 'Ihr Team', manager: 'Ihre Führungskraft', job_title: 'Ihre Position', date: 'heute', qrSentence: 'Öffnen Sie diese Adresse auf Ihrem Telefon' },
  es_es: { first_name: 'compañero', company: 'su empresa', department: 'su equipo', manager: 'su responsable', job_title: 'su puesto', date: 'hoy', qrSentence: 'Abra esta dirección en su teléfono' },
  pt_br: { first_name: 'colega', company: 'sua empresa', department: 'sua equipe', manager: 'seu gestor', job_title: 'seu cargo', date: 'hoje', qrSentence: 'Abra este endereço no seu celular' },
  hi_in: { first_name: 'सहकर्मी', company: 'आपकी कंपनी', department: 'आपकी टीम', manager: 'आपके प्रबंधक', job_title: 'आपका पद', date: 'आज', qrSentence: 'यह पता अपने फ़ोन पर खोलें' },
  it_it: { first_name: 'collega', company: 'la tua azienda', department: 'il tuo team', manager: 'il tuo responsabile', job_title: 'il tuo ruolo', date: 'oggi', qrSentence: 'Apri questo indirizzo sul tuo telefono' },
};

const variablePattern = /\{\{\s*([a-z_]+)\s*\}\}/g;

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

// A value is data, never structure: a line break or control character in someone's record becomes a space.
const flatten = (value: string) => value.replace(/\p{Cc}+/gu, ' ').trim();

const pickLanguage = (texts: Record<string, unknown>, language: string): string => {
  if (texts[language]) return language;
  if (texts.en_us) return 'en_us';
  const first = Object.keys(texts)[0];
  if (!first) throw new LureRenderError('texts', 'The template has no text in any language');
  return first;
};

const refuseLineBreaks = (field: string, value: string) => {
  if (/[\r\n]/.test(value)) throw new LureRenderError(field, `The ${field} contains a line break, which would let it add mail headers`);
  return value;
};

/**
 * Renders one person's lure: the template's words in their language with only the whitelisted
 * variables filled (HTML-escaped in the HTML, plain in the text), the tracked links in place, the
 * open pixel appended and the HTML sanitised with the shared allow-list. Pure: no I/O, no clock.
 * @throws LureRenderError when the sender name or subject carries a line break, or a callback lure gets no number.
 */
export const renderLure = (input: RenderLureInput): RenderedLure => {
  const { template, links } = input;
  const language = pickLanguage(template.texts, input.language);
  const words = template.texts[language] as TemplateText;
  const neutral = fallbacks[(templateLanguages as readonly string[]).includes(language) ? (language as TemplateLanguage) : 'en_us'];

  const personal = new Map<string, string>();
  for (const variable of personalisationVariables) {
    const given = input.personalisation[variable];
    const value = given ? flatten(given) : '';
    personal.set(variable, value || (variable in neutral ? neutral[variable as keyof Fallbacks] : ''));
  }
  const senderDomain = personal.get('sender_domain') ?? '';
  const needsNumber = [words.subject, words.html, words.text, words.sms, words.attachment?.html].some((part) => part?.includes('callback_number'));
  if (needsNumber && !input.callbackNumber) throw new LureRenderError('callbackNumber', 'The lure asks the person to call a number, and no callback number was given');
  const callbackNumber = flatten(input.callbackNumber ?? '');

  /** Fills a part; `link` is where {{link}} leads in this part (an attachment's link records the attachment). */
  const fill = (source: string, mode: 'html' | 'text', link = links.click) =>
    source.replace(variablePattern, (whole, name: string) => {
      if (name === 'link') return mode === 'html' ? escapeHtml(link) : link;
      if (name === 'callback_number') return mode === 'html' ? escapeHtml(callbackNumber) : callbackNumber;
      if (name === 'qr_code') {
        if (mode === 'html' && input.qrCodeDataUri) return `<img src="${escapeHtml(input.qrCodeDataUri)}" alt="QR code" width="200" height="200">`;
        const sentence = `${neutral.qrSentence}: ${links.qrScan}`;
        return mode === 'html' ? `<a href="${escapeHtml(links.qrScan)}">${escapeHtml(sentence)}</a>` : sentence;
      }
      const value = personal.get(name);
      if (value === undefined) return whole;
      return mode === 'html' ? escapeHtml(value) : value;
    });

  const fromAddress = (template.fromAddress ?? '').replace(/\{\{\s*sender_domain\s*\}\}/g, senderDomain);
  if (template.fromAddress?.includes('sender_domain') && !input.personalisation.sender_domain) {
    throw new LureRenderError('sender_domain', 'The sender address uses {{sender_domain}}, and no sender domain was given');
  }
  const fromName = refuseLineBreaks('fromName', fill(words.fromName ?? '', 'text'));
  const subject = refuseLineBreaks('subject', fill(words.subject ?? '', 'text'));
  refuseLineBreaks('fromAddress', fromAddress);

  const rendered: RenderedLure = { language, fromName, fromAddress, subject, html: '', text: words.text ? fill(words.text, 'text') : '' };
  if (words.html) {
    const pixel = `<img src="${escapeHtml(links.openPixel)}" alt="" width="1" height="1">`;
    rendered.html = sanitizeLureHtml(`${fill(words.html, 'html')}${pixel}`).html;
  }
  if (words.sms) rendered.sms = fill(words.sms, 'text');
  if (words.attachment) {
    rendered.attachment = {
      fileName: refuseLineBreaks('attachment.fileName', fill(words.attachment.fileName, 'text')),
      html: sanitizeLureHtml(fill(words.attachment.html, 'html', links.attachment)).html,
    };
  }
  return rendered;
};
