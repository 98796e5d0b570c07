// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { sniffLogoType } from './sniff-logo-type';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...new TextEncoder().encode(part)] : part)));

const png = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR');
const jpeg = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF');
const webp = bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ');

describe('sniffLogoType: the server’s rule, in the browser', () => {
  it.each([
    ['a PNG', png, 'image/png'],
    ['a JPEG', jpeg, 'image/jpeg'],
    ['a WebP', webp, 'image/webp'],
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'],
    [
      'an SVG with a byte-order mark, declaration, comment and doctype',
      bytes([0xef, 0xbb, 0xbf], '<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg>\n<svg viewBox="0 0 1 1"></svg>'),
      'image/svg+xml',
    ],
  ])('recognises %s by its bytes', (_, content, type) => {
    expect(sniffLogoType(content)).toBe(type);
  });

  it.each([
    ['plain text renamed .png', bytes('hello, this is not an image')],
    ['an HTML page with an SVG inside', bytes('<html><body><svg></svg></body></html>')],
    ['a GIF', bytes('GIF89a')],
    ['a PDF', bytes('%PDF-1.7')],
    ['a RIFF file that is not WebP (a WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['binary data that mentions <svg', bytes([0], '<svg>')],
    ['a truncated PNG signature', png.subarray(0, 4)],
    ['nothing', new Uint8Array(0)],
  ])('refuses %s', (_, content) => {
    expect(sniffLogoType(content)).toBeUndefined();
  });
});
