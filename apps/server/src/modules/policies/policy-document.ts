import { createHash } from 'node:crypto';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { maxPolicyPdfBytes } from '@vigil/contracts';
import { type SecretBox, sameToken } from '../../lib/secrets.ts';

// A policy's Markdown is written by an admin but read by everyone: it is rendered on the server and
// sanitised there, so what reaches a reader's page is structure and text, never script, styles,
// frames, forms or outside images (an image would tell a third party who read the policy, and when).

const markdown = new Marked({ gfm: true, breaks: false, async: false });

const allowedTags = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'strong', 'em', 'del', 'code', 'pre', 'blockquote', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td'];

/** Markdown rendered to the HTML a reader sees: sanitised, links opened in a new tab without the opener. */
export const renderPolicyMarkdown = (text: string): string =>
  sanitizeHtml(markdown.parse(text, { async: false }), {
    allowedTags,
    // target and rel are always the transform's values below, never the author's.
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'], th: ['align'], td: ['align'], ol: ['start'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
  }).trim();

/** SHA-256 in hex of a document's bytes (Markdown as UTF-8). */
export const documentSha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const pdfHeader = Buffer.from('%PDF-');
const pdfTrailer = Buffer.from('%%EOF');

/**
 * Why these bytes are not a policy PDF, or undefined when they are one: not empty, at most 10 MB,
 * starting with the `%PDF-1.x`/`%PDF-2.x` header and ending with the `%%EOF` marker (within the last
 * kilobyte, where writers put it), judged by the bytes and never by a file name or declared type.
 */
export const pdfProblem = (content: Buffer): string | undefined => {
  if (content.length === 0) return 'is empty: choose a PDF file';
  if (content.length > maxPolicyPdfBytes) return `must be at most ${maxPolicyPdfBytes / 1024 / 1024} MB`;
  const version = content.subarray(pdfHeader.length, pdfHeader.length + 3).toString('latin1');
  if (!content.subarray(0, pdfHeader.length).equals(pdfHeader) || !/^[12]\.\d$/.test(version)) return 'must be a PDF document (it does not start with a PDF header)';
  if (!content.subarray(Math.max(0, content.length - 1024)).includes(pdfTrailer)) return 'must be a complete PDF document (it has no end-of-file marker: was the upload cut short?)';
  return undefined;
};

// An <iframe> or <object> cannot send the session's bearer token, so a PDF version is served at an
// address carrying its own proof: an HMAC over the version and an expiry, handed out by the API to
// whoever may read that version. Anyone holding it may fetch that one PDF until it expires.

const purpose = 'policy-document';
const lifetimeSeconds = 60 * 60;

const signatureOf = (secrets: SecretBox, organizationId: string, versionId: string, expires: number) => secrets.token(purpose, `${organizationId}/${versionId}/${expires}`, 24);

/** A signed address of one version's PDF, valid for about an hour from `now` (whole minutes, so one reading's addresses agree). */
export const signPolicyPdfUrl = (secrets: SecretBox, version: { organizationId: string; id: string }, now = new Date()) => {
  const expires = Math.ceil((now.getTime() / 1000 + lifetimeSeconds) / 60) * 60;
  return `/policy-documents/${version.organizationId}/${version.id}.pdf?expires=${expires}&signature=${signatureOf(secrets, version.organizationId, version.id, expires)}`;
};

/** Whether an expiry and signature are good for this organisation's version now. */
export const verifyPolicyPdfSignature = (secrets: SecretBox, version: { organizationId: string; id: string }, expires: number, signature: string, now = new Date()) =>
  Number.isSafeInteger(expires) && expires * 1000 > now.getTime() && sameToken(signature, signatureOf(secrets, version.organizationId, version.id, expires));

/** A file name for a download: the title's letters and digits, and the version. Nothing else of the title reaches a header. */
export const policyPdfFileName = (title: string, version: number) => {
  const slug =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'policy';
  return `${slug}-v${version}.pdf`;
};
