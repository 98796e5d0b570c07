import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentRoot } from '../templates/template-library.ts';
import { type LandingPageMetadata, landingPageProblems, loadLandingPageLibrary } from './landing-page-library.ts';

const library = loadLandingPageLibrary();

describe('the built-in landing pages', () => {
  it('have the lookalikes lures lead to, each in English', () => {
    expect(library.map((page) => page.id)).toEqual(
      expect.arrayContaining(['office-sign-in', 'payroll-portal', 'document-share-sign-in', 'parcel-redelivery-payment', 'benefits-portal', 'mfa-re-registration']),
    );
    for (const page of library) expect(page.pages.en_us, page.id).toBeDefined();
  });

  it('share one stylesheet in the colours of each page, and keep each language file to its content', () => {
    for (const page of library) {
      expect(page.style, page.id).toMatch(/^:root\{--accent:#[0-9a-f]{6};--accent-tint:#[0-9a-f]{6}\}\n/);
      expect(page.style, page.id).toContain('button{display:block;');
      for (const html of Object.values(page.pages)) expect(html).not.toMatch(/<style/i);
    }
    const payroll = library.find((page) => page.id === 'payroll-portal');
    expect(payroll?.style).toMatch(/^:root\{--accent:#047857;--accent-tint:#d1fae5\}/);
  });

  it('exist in every language of the credential-harvest lures that lead to them', () => {
    // Read straight from the files, so a half-written lure elsewhere in the library does not hide this answer.
    const folder = join(contentRoot, 'phishing-templates');
    const missing: string[] = [];
    for (const id of readdirSync(folder)) {
      const metadataPath = join(folder, id, 'template.json');
      if (!existsSync(metadataPath)) continue;
      const { landingPage } = JSON.parse(readFileSync(metadataPath, 'utf8')) as { landingPage?: string };
      const page = library.find((candidate) => candidate.id === landingPage);
      if (!page) continue;
      for (const language of readdirSync(join(folder, id)).filter((file) => file !== 'template.json').map((file) => file.replace(/\.json$/, ''))) {
        if (!(language in page.pages)) missing.push(`${id} is in ${language}, ${page.id} is not`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('the checks every landing page passes', () => {
  const metadata: LandingPageMetadata = {
    version: 1,
    name: 'Example',
    description: 'An example page used to test the checks.',
    accent: { color: '#2563eb', tint: '#dbeafe' },
    fields: [
      { name: 'email', kind: 'identifier' },
      { name: 'password', kind: 'password' },
    ],
  };
  const pageWith = ({ head = '', body = '', form = '', formAttributes = 'method="post" autocomplete="off"', lang = 'en' } = {}) =>
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Sign in</title>${head}</head>` +
    `<body><p>Welcome to {{company}}, {{first_name}}</p>${body}<form ${formAttributes}><input name="email" type="email"><input name="password" type="password">${form}<button type="submit">Sign in</button></form></body></html>`;
  const problemsOf = (html: string, language: 'en_us' | 'fr_fr' = 'en_us') => landingPageProblems('example', metadata, { [language]: html, ...(language === 'en_us' ? {} : { en_us: pageWith() }) });

  it('pass a sound page', () => {
    expect(problemsOf(pageWith({ body: '<a href="#">Forgot your password?</a>' }))).toEqual([]);
  });

  it('leave the look to the shared stylesheet', () => {
    expect(problemsOf(pageWith({ head: '<style>body{font-family:system-ui}</style>' }))).toEqual([
      'example/en_us.html: has a <style>; a page is styled by content/landing-pages/style.css in its page.json accent',
    ]);
  });

  it('refuse anything that runs, loads from elsewhere or redirects', () => {
    expect(problemsOf(pageWith({ body: '<SCRIPT>alert(1)</SCRIPT>' }))).toEqual(['example/en_us.html: has <script>; a page runs nothing and loads nothing']);
    expect(problemsOf(pageWith({ head: '<meta http-equiv="refresh" content="0;url=https://elsewhere.example">' }))).toEqual(['example/en_us.html: has <meta>; a page runs nothing and loads nothing']);
    expect(problemsOf(pageWith({ body: '<p onmouseover="steal()">Hi</p>' }))).toEqual([
      'example/en_us.html: <p> has the attribute onmouseover; the engine sets where the form goes, and nothing loads or runs',
    ]);
    expect(problemsOf(pageWith({ body: '<a href="https://elsewhere.example">Help</a>' }))).toEqual(['example/en_us.html: <a> links to "https://elsewhere.example"; links on a page lead nowhere (href="#")']);
    expect(problemsOf(pageWith({ body: '<div style="background:url(https://tracker.example/p.gif)">x</div>' }))).toEqual([
      'example/en_us.html: <div> has a style that could load something (url(), @import, escapes)',
    ]);
  });

  it('leave where the form goes to the engine, and keep it one form of the declared fields', () => {
    expect(problemsOf(pageWith({ formAttributes: 'action="https://collector.example" autocomplete="off"' }))).toEqual([
      'example/en_us.html: <form> has the attribute action; the engine sets where the form goes, and nothing loads or runs',
    ]);
    expect(problemsOf(pageWith({ formAttributes: 'method="post"' }))).toEqual(['example/en_us.html: the form needs autocomplete="off"']);
    expect(problemsOf(pageWith({ form: '<input name="pin">' }))).toEqual(['example/en_us.html: the form has pin, which page.json does not declare']);
    expect(problemsOf(pageWith({ form: '<input type="hidden" name="password">' }))).toEqual([
      'example/en_us.html: <input type="hidden"> is not allowed (submit with a <button>; the engine adds its own hidden fields)',
      'example/en_us.html: field password is of kind password, so its input must be type="password"',
      'example/en_us.html: more than one control is named password',
    ]);
    expect(problemsOf(pageWith({ body: '<form autocomplete="off"><button>Go</button></form>' }))).toContain('example/en_us.html: must have exactly one <form>, has 2');
    expect(problemsOf(pageWith({ body: '<input name="email" type="email">' }))).toEqual([
      'example/en_us.html: <input name="email"> is outside the form',
      'example/en_us.html: more than one control is named email',
    ]);
  });

  it('personalise with the first name and organisation only, in the language of the file', () => {
    expect(problemsOf(pageWith({ body: '<p>{{last_name}}</p>' }))).toEqual(['example/en_us.html: uses {{last_name}}; a page may use only {{first_name}} and {{company}}']);
    expect(problemsOf(pageWith(), 'fr_fr')).toEqual(['example/fr_fr.html: <html lang> must be the page\'s language (fr), not "en"']);
    expect(problemsOf(pageWith({ lang: 'fr' }), 'fr_fr')).toEqual([]);
    expect(landingPageProblems('example', metadata, { fr_fr: pageWith({ lang: 'fr' }) })).toEqual(['example: en_us.html is missing (every page has English)']);
  });
});

describe('the shared stylesheet', () => {
  // A copy of the library with one page, so its stylesheet can be broken without touching the real one.
  const libraryWith = (css: string) => {
    const root = mkdtempSync(join(tmpdir(), 'landing-pages-'));
    cpSync(join(contentRoot, 'landing-pages', 'office-sign-in'), join(root, 'landing-pages', 'office-sign-in'), { recursive: true });
    writeFileSync(join(root, 'landing-pages', 'style.css'), css);
    try {
      return loadLandingPageLibrary(root);
    } finally {
      rmSync(root, { recursive: true });
    }
  };

  it("follows each page's accent colours", () => {
    expect(libraryWith('a{color:var(--accent)}\n')[0]?.style).toBe(':root{--accent:#2563eb;--accent-tint:#dbeafe}\na{color:var(--accent)}\n');
  });

  it.each([
    ['@import', '@import "https://fonts.example/x.css";'],
    ['url()', 'body{background:url(https://tracker.example/p.gif)}'],
    ['escapes', 'body{background:\\75rl(https://tracker.example/p.gif)}'],
  ])('refuses %s, which could load something', (_kind, css) => {
    expect(() => libraryWith(css)).toThrow('style.css: could load something (url(), @import, escapes)');
  });

  it('cannot end the <style> it is put in', () => {
    expect(() => libraryWith('body{color:red}</style><script>alert(1)</script>')).toThrow('style.css: has a "<", which could end the <style> it is put in');
  });

  it('must exist when there are pages', () => {
    const root = mkdtempSync(join(tmpdir(), 'landing-pages-'));
    cpSync(join(contentRoot, 'landing-pages', 'office-sign-in'), join(root, 'landing-pages', 'office-sign-in'), { recursive: true });
    try {
      expect(() => loadLandingPageLibrary(root)).toThrow('style.css is missing (the stylesheet every page shares)');
    } finally {
      rmSync(root, { recursive: true });
    }
  });
});
