import { simpleParser } from 'mailparser';
import sanitizeHtml from 'sanitize-html';
import type { TemplateChange } from '@vigil/contracts';
import { sanitizeLureHtml } from './lure-html.ts';

export type ImportedMessage = {
  fromName: string;
  /** The sender's mailbox name on the sending profile's domain: `{{sender_domain}}` stands for it. */
  fromAddress: string;
  subject: string;
  html: string;
  text: string;
  /** Whether the HTML had a link (now {{link}}); a message without one asks for a reply. */
  hasLink: boolean;
  changes: TemplateChange[];
};

const webAddress = /\bhttps?:\/\/[^\s<>"')\]]+/gi;
const oneLine = (value: string, max: number) => value.replace(/\p{Cc}+/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, max);

/**
 * Turns a reported or saved phishing message (.eml) into the words of a draft lure: every link leads
 * to the tracked link instead, remote images (which would tell the real sender the mail was opened)
 * are dropped, and the HTML keeps only what the lure allow-list allows. Nothing of the original
 * message is fetched or followed.
 */
export const importEml = async (raw: Buffer): Promise<ImportedMessage> => {
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextLinks: true });
  const changes: TemplateChange[] = [];
  const sender = mail.from?.value[0];
  const mailbox = (sender?.address ?? '').split('@')[0]?.toLowerCase().replace(/[^a-z0-9._-]/g, '') || 'info';
  changes.push({ field: 'fromAddress', change: `The sender is now ${mailbox}@ your sending profile's domain (it was ${sender?.address || 'not given'})` });

  let links = 0;
  let remoteImages = 0;
  const sourceHtml = mail.html || mail.textAsHtml || '';
  // Links and images first, with everything else left as it is; the allow-list runs after.
  const relinked = sanitizeHtml(sourceHtml, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      a: (tagName, attribs) => {
        if (!attribs.href) return { tagName, attribs };
        links += 1;
        return { tagName, attribs: { ...attribs, href: '{{link}}' } };
      },
    },
    exclusiveFilter: (frame) => {
      const remote = frame.tag === 'img' && /^\s*(https?:)?\/\//i.test(frame.attribs.src ?? '');
      if (remote) remoteImages += 1;
      return remote;
    },
  });
  const { html, removed } = sanitizeLureHtml(relinked);
  if (links > 0) changes.push({ field: 'html', change: `${links} link${links === 1 ? '' : 's'} now lead${links === 1 ? 's' : ''} to {{link}}` });
  if (remoteImages > 0) changes.push({ field: 'html', change: `${remoteImages} image${remoteImages === 1 ? '' : 's'} loaded from elsewhere removed` });
  for (const item of removed) changes.push({ field: 'html', change: `Removed ${item}` });

  let textLinks = 0;
  const text = (mail.text ?? '').replace(webAddress, () => {
    textLinks += 1;
    return '{{link}}';
  });
  if (textLinks > 0) changes.push({ field: 'text', change: `${textLinks} web address${textLinks === 1 ? '' : 'es'} replaced by {{link}}` });
  if ((mail.attachments ?? []).length > 0) changes.push({ field: 'attachments', change: `${mail.attachments.length} attachment${mail.attachments.length === 1 ? '' : 's'} left out` });

  return {
    fromName: oneLine(sender?.name || sender?.address || 'Sender', 80) || 'Sender',
    fromAddress: `${mailbox}@{{sender_domain}}`,
    subject: oneLine(mail.subject ?? '', 150) || 'No subject',
    html: html.trim() || '<p></p>',
    text: text.trim() || sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim(),
    hasLink: links > 0,
    changes,
  };
};
