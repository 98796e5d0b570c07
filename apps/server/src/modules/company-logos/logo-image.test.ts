import { describe, expect, it } from 'vitest';
import { logoSlug, sniffLogoContentType } from './logo-image.ts';
import { logoFileName, logoFileNamePattern } from './logo-file-name.ts';

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const jpeg = Buffer.from('ffd8ffe000104a464946', 'hex');
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

describe('sniffLogoContentType', () => {
  it.each([
    ['a PNG', png, 'image/png'],
    ['a JPEG', jpeg, 'image/jpeg'],
    ['a WebP', webp, 'image/webp'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'],
    ['an SVG with a declaration, comment and doctype', Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg>\n<svg viewBox="0 0 1 1"></svg>'), 'image/svg+xml'],
  ])('recognises %s by its bytes', (_, content, type) => {
    expect(sniffLogoContentType(content)).toBe(type);
  });

  it.each([
    ['plain text', Buffer.from('hello, this is not an image')],
    ['an HTML page with an SVG inside', Buffer.from('<html><body><svg></svg></body></html>')],
    ['a GIF', Buffer.from('GIF89a')],
    ['a PDF', Buffer.from('%PDF-1.7')],
    ['binary data that mentions <svg', Buffer.concat([Buffer.from([0]), Buffer.from('<svg>')])],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_, content) => {
    expect(sniffLogoContentType(content)).toBeUndefined();
  });
});

describe('logoSlug', () => {
  it.each([
    ['Northwind Logistics', 'northwind-logistics'],
    ['Acme & Co.', 'acme-co'],
    ['Café Zürich', 'cafe-zurich'],
    ['東京', 'logo'],
  ])('turns %s into %s, a name the logo route serves', (name, slug) => {
    expect(logoSlug(name)).toBe(slug);
    expect(logoFileName(logoSlug(name), png, 'image/png')).toMatch(logoFileNamePattern);
  });
});
