import type { LogoContentType } from '@vigil/contracts';

const startsWith = (content: Buffer, bytes: number[], offset = 0) => bytes.every((byte, index) => content[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

// An SVG is text whose root element is <svg>, after an optional byte-order mark, XML declaration,
// comments and doctype. Anything else that merely mentions <svg> (an HTML page, say) is refused.
const svgPrologue = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*<svg[\s>]/i;

/**
 * The image type of these bytes, judged by their content, never by a file name or a declared
 * type: PNG, JPEG and WebP by their signatures, SVG by its root element.
 * @returns undefined when the bytes are none of the logo types
 */
export const sniffLogoContentType = (content: Buffer): LogoContentType | undefined => {
  if (startsWith(content, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(content, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(content, ascii('RIFF')) && startsWith(content, ascii('WEBP'), 8)) return 'image/webp';
  // A binary file is not an SVG; only look at text for the root element.
  const head = content.subarray(0, 4096);
  if (head.includes(0)) return undefined;
  return svgPrologue.test(head.toString('utf8')) ? 'image/svg+xml' : undefined;
};

/** A file-name-safe slug of an organisation name for its logo's file name: "Acme & Co." → "acme-co". */
export const logoSlug = (name: string) =>
  name
    .normalize('NFKD')
    // Accents come apart from their letters under NFKD; dropping them keeps "é" as "e".
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '') || 'logo';
