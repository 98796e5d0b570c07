import type { LogoContentType } from '@vigil/contracts';

/** How many bytes of a file the type is read from: the signatures, and an SVG's prologue. */
export const logoSniffBytes = 4096;

const startsWith = (content: Uint8Array, bytes: readonly number[], offset = 0) =>
  bytes.every((byte, index) => content[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

// The server's rule (apps/server/src/modules/company-logos/logo-image.ts), so the browser refuses
// exactly what the server would: an SVG is text whose root element is <svg>, after an optional
// byte-order mark, XML declaration, comments and doctype.
const svgPrologue = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*<svg[\s>]/i;

/**
 * The logo type of these bytes (the first {@link logoSniffBytes} of a file are enough), judged by
 * their content, never by the file's name or declared type: PNG, JPEG and WebP by their signatures,
 * SVG by its root element. undefined when the bytes are none of them.
 */
export const sniffLogoType = (content: Uint8Array): LogoContentType | undefined => {
  if (startsWith(content, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(content, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(content, ascii('RIFF')) && startsWith(content, ascii('WEBP'), 8)) return 'image/webp';
  // A binary file is not an SVG; only look at text for the root element.
  const head = content.subarray(0, logoSniffBytes);
  if (head.includes(0)) return undefined;
  return svgPrologue.test(new TextDecoder().decode(head)) ? 'image/svg+xml' : undefined;
};
