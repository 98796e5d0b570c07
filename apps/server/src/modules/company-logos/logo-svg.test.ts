import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { sanitiseSvgLogo } from './logo-svg.ts';

const svg = (body: string, rootAttributes = '') =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE svg>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 40"${rootAttributes}>` +
      `<defs><linearGradient id="brand"><stop offset="0" stop-color="#0a6"/></linearGradient></defs>` +
      `<rect width="100" height="40" fill="url(#brand)"/><circle cx="20" cy="20" r="10"/>${body}</svg>`,
  );

/** The sanitised file as a browser would load it: parsed as XML, as image/svg+xml is. */
const loadAsImage = (content: Buffer) => {
  const document = new JSDOM(content.toString('utf8'), { contentType: 'image/svg+xml' }).window.document;
  return { document, text: content.toString('utf8') };
};

const expectStillDrawn = ({ document }: ReturnType<typeof loadAsImage>) => {
  expect(document.documentElement.localName).toBe('svg');
  expect(document.documentElement.getAttribute('viewBox')).toBe('0 0 100 40');
  expect(document.querySelector('rect')?.getAttribute('fill')).toBe('url(#brand)');
  expect(document.querySelector('circle')?.getAttribute('r')).toBe('10');
  expect(document.querySelector('linearGradient stop')).not.toBeNull();
};

describe('sanitiseSvgLogo', () => {
  it.each([
    ['a script', svg('<script>alert(document.cookie)</script>'), /<script|alert/i],
    ['an onload handler', svg('', ' onload="alert(1)"'), /onload|alert/i],
    ['event handlers on shapes', svg('<path d="M0 0L10 10" onclick="alert(1)" onmouseover="alert(2)"/>'), /onclick|onmouseover|alert/i],
    ['a foreignObject with HTML', svg('<foreignObject width="100" height="40"><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/>Hi</div></foreignObject>'), /foreignObject|<div|<img|onerror/i],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><path d="M0 0L10 10"/></a>'), /javascript:|<a[\s>]/i],
    ['an xlink:href to an http URL', svg('<image xlink:href="http://evil.example/track.png" width="10" height="10"/><use xlink:href="http://evil.example/sprite.svg#logo"/>'), /evil\.example/i],
    ['a style that imports or fetches', svg('<style>@import url("https://evil.example/x.css"); rect { fill: red }</style><path d="M0 0" style="fill: url(https://evil.example/p.svg#g)"/>'), /@import|evil\.example/i],
    ['image-set() with a bare quoted address, in a style element and a style attribute', svg('<style>rect { background-image: image-set("https://evil.example/a.png" 1x) }</style><path d="M0 0" style="background: image-set(\'https://evil.example/b.png\' 1x)"/>'), /image-set|evil\.example/i],
  ])('removes %s and keeps the shapes', (_, hostile, forbidden) => {
    const clean = sanitiseSvgLogo(hostile);
    expect(clean).toBeDefined();
    const loaded = loadAsImage(clean!);
    expect(loaded.text).not.toMatch(forbidden);
    expectStillDrawn(loaded);
  });

  it('keeps what a logo legitimately uses: local gradients, symbols reused by #id, text and styles without fetches', () => {
    const clean = sanitiseSvgLogo(
      svg('<symbol id="mark"><path d="M0 0L5 5"/></symbol><use href="#mark" x="50"/><style>circle { fill: url(#brand) }</style><text x="60" y="30">Acme &amp; Co</text>'),
    );
    const loaded = loadAsImage(clean!);
    expectStillDrawn(loaded);
    expect(loaded.document.querySelector('use')?.getAttribute('href')).toBe('#mark');
    expect(loaded.document.querySelector('style')?.textContent).toContain('url(#brand)');
    expect(loaded.document.querySelector('text')?.textContent).toBe('Acme & Co');
  });

  it.each([
    ['nothing but a script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['nothing but a foreignObject', '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">Hi</div></foreignObject></svg>'],
    ['an empty root', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
  ])('leaves nothing of an SVG with %s', (_, hostile) => {
    expect(sanitiseSvgLogo(Buffer.from(hostile))).toBeUndefined();
  });
});
