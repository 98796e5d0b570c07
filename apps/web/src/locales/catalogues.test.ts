import { describe, expect, it } from 'vitest';

import { generalLanguageCodes } from '../lib/languages';

type Catalogue = { [key: string]: string | Catalogue };

// Every file of en/ (the shell's translation.json and one per feature) must exist in every language.
const catalogues = import.meta.glob<{ default: Catalogue }>('./*/*.json', { eager: true });
const catalogueOf = (code: string, file: string) => catalogues[`./${code}/${file}`]?.default;
const files = Object.keys(catalogues)
  .filter((path) => path.startsWith('./en/'))
  .map((path) => path.slice('./en/'.length))
  .sort();

const flatten = (catalogue: Catalogue, prefix = ''): [string, string][] =>
  Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );

const pluralCategories = ['zero', 'one', 'two', 'few', 'many', 'other'];

/**
 * The keys of a catalogue, with each plural family (`x_one`, `x_other`, …) as one key: languages
 * need different plural forms (Polish has four, Chinese one), which i18next picks by count.
 */
const shapeOf = (catalogue: Catalogue) => {
  const flat = new Map(flatten(catalogue));
  const families = new Map<string, string[]>();
  for (const key of flat.keys()) {
    const match = /^(.*)_([a-z]+)$/.exec(key);
    if (match && pluralCategories.includes(match[2]!) && flat.has(`${match[1]}_other`)) {
      families.set(match[1]!, [...(families.get(match[1]!) ?? []), match[2]!]);
    }
  }
  const familyOf = (key: string) => [...families.keys()].find((base) => key.startsWith(`${base}_`) && families.get(base)!.includes(key.slice(base.length + 1)));
  // A plural family compares by its `_other` form, which every language has.
  const keys = new Map([...flat].filter(([key]) => !familyOf(key)));
  for (const base of families.keys()) keys.set(base, flat.get(`${base}_other`)!);
  return { flat, keys, families };
};

// {{name}} interpolations and <tag> markers (Trans components) must survive translation unchanged.
const markersOf = (text: string) =>
  [...text.matchAll(/{{\s*([\w.]+)[^}]*}}|<\/?([\w]+)\s*\/?>/g)].map((match) => match[1] ?? `<${match[2]}>`).sort();

const translated = generalLanguageCodes.filter((code) => code !== 'en');

describe.each(files)('the catalogue %s', (file) => {
  const english = shapeOf(catalogueOf('en', file)!);

  it('exists for every language of the general picker', () => {
    for (const code of generalLanguageCodes) expect(catalogueOf(code, file), code).toBeDefined();
  });

  it('counts things with plural forms: a {{count}} followed by a word is a plural family', () => {
    // "{{count}} days" reads "1 days" and gives Polish or Czech no form for 2–4; i18next picks a
    // family's form by `count`. A bare number ("of {{count}}", "sending: {{count}}") needs none.
    const counted = [...english.flat].filter(([key, value]) => /\{\{count\}\}\s+\p{L}/u.test(value) && !/_(?:zero|one|two|few|many|other)$/.test(key));
    expect(counted.map(([key]) => key)).toEqual([]);
  });

  it('is American English, as the whole product is', () => {
    const british = /\b(?:recognis|organis|authoris|customis|prioritis|summaris|colour|behaviour|favour|licence)\w*/giu;
    const found = [...english.flat].flatMap(([key, value]) => [...value.matchAll(british)].map((match) => `${key}: ${match[0]}`));
    expect(found).toEqual([]);
  });

  describe.each(translated)('%s', (code) => {
    const catalogue = shapeOf(catalogueOf(code, file) ?? {});

    it('has exactly the English keys', () => {
      expect([...catalogue.keys.keys()].sort()).toEqual([...english.keys.keys()].sort());
    });

    it('has exactly the plural forms its language uses', () => {
      const needed = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
      for (const [base, forms] of catalogue.families) expect(forms.sort(), base).toEqual([...needed].sort());
    });

    it('keeps every placeholder and marker of the English text', () => {
      for (const [key, value] of catalogue.flat) {
        const base = [...catalogue.families.keys()].find((family) => key.startsWith(`${family}_`));
        const source = base ? english.keys.get(base) : english.keys.get(key);
        const expected = markersOf(source ?? '');
        // A `_one` form may name its single thing instead of counting it ("the row with errors",
        // not "the 1 row"), as English does: it alone may leave out {{count}}, and nothing else.
        const mayOmitCount = key === `${base}_one` && !markersOf(value).includes('count');
        expect(markersOf(value), key).toEqual(mayOmitCount ? expected.filter((marker) => marker !== 'count') : expected);
      }
    });

    it('is translated, not a copy of the English', () => {
      const values = [...catalogue.keys];
      const unchanged = values.filter(([key, value]) => english.keys.get(key) === value);
      expect(values.length).toBeGreaterThan(0);
      expect(values.every(([, value]) => value.trim().length > 0)).toBe(true);
      // Product names (Okta, Google Workspace…) stay as they are; little else should.
      expect(unchanged.length / values.length).toBeLessThan(0.1);
    });
  });
});

describe('the German catalogues', () => {
  // German compounds ("Organisationseinstellungen") overflow a narrow navigation, title or button.
  // The shell hyphenates with `hyphens: auto`, but a browser without a German hyphenation
  // dictionary (Debian's Chromium) can only break them anywhere; a soft hyphen (U+00AD) at the
  // compound boundary lets every browser break them where a reader expects.
  it.each(files)('%s breaks every word of more than 22 letters at a soft hyphen', (file) => {
    const unbroken = flatten(catalogueOf('de', file) ?? {}).flatMap(([key, value]) =>
      (value.replace(/<[^>]*>|{{[^}]*}}|\S+@\S+|https?:\/\/\S+/g, ' ').match(/[\p{L}\u00ad]+/gu) ?? [])
        .filter((word) => word.split('\u00ad').some((part) => [...part].length > 22))
        .map((word) => `${key}: ${word}`),
    );
    expect(unbroken).toEqual([]);
  });
});
