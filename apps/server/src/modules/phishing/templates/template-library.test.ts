import { describe, expect, it } from 'vitest';
import { type TemplateLanguage, attackVectors, templateCategories } from '@vigil/contracts';
import { type TemplateMetadata, type TemplateText, loadTemplateLibrary, templateProblems } from './template-library.ts';

const library = loadTemplateLibrary();
const countWhere = (test: (template: (typeof library)[number]) => boolean) => library.filter(test).length;

describe('the built-in template library', () => {
  it('has at least 50 lures, in every category', () => {
    expect(library.length).toBeGreaterThanOrEqual(50);
    for (const category of templateCategories) expect(countWhere((t) => t.metadata.category === category), category).toBeGreaterThanOrEqual(5);
  });

  it('reaches people by every vector', () => {
    for (const vector of attackVectors) expect(countWhere((t) => t.metadata.vector === vector), vector).toBeGreaterThanOrEqual(2);
  });

  it('spans every difficulty, and each category more than one', () => {
    expect(new Set(library.map((t) => t.difficulty))).toEqual(new Set([1, 2, 3, 4, 5]));
    for (const category of templateCategories) {
      expect(new Set(library.filter((t) => t.metadata.category === category).map((t) => t.difficulty)).size, category).toBeGreaterThanOrEqual(2);
    }
  });

  it('has at least 15 lures in French, German and Spanish', () => {
    for (const language of ['fr_fr', 'de_de', 'es_es'] as const) expect(countWhere((t) => t.texts[language] !== undefined), language).toBeGreaterThanOrEqual(15);
  });
});

describe('the checks every template passes', () => {
  const metadata: TemplateMetadata = {
    version: 1,
    category: 'it-password',
    vector: 'email-link',
    fromAddress: 'it@{{sender_domain}}',
    phishScale: { cues: { errors: 0, technical: 1, visual: 0, language: 1, tactics: 1 }, premiseAlignment: 'high' },
  };
  const redFlags = [
    { cue: 'tactics' as const, title: 'Urgency', explanation: 'The message wants you to act before you think.' },
    { cue: 'technical' as const, title: 'Odd sender', explanation: 'The sender domain is not the one your company uses.' },
  ];
  const english: TemplateText = {
    name: 'Example',
    scenario: 'An example lure used to test the checks.',
    fromName: 'IT',
    subject: 'Hello',
    html: '<p>Hello {{first_name}}, please <a href="{{link}}">open this</a> today.</p>',
    text: 'Hello {{first_name}}, please open {{link}} today.',
    redFlags,
  };
  const problemsOf = (texts: Partial<Record<TemplateLanguage, TemplateText>>, changes: Partial<TemplateMetadata> = {}) =>
    templateProblems('example', { ...metadata, ...changes }, texts, new Set(['office-sign-in']));

  it('pass a sound template', () => {
    expect(problemsOf({ en_us: english })).toEqual([]);
  });

  it('refuse variables outside the list, and markup no lure needs', () => {
    expect(problemsOf({ en_us: { ...english, subject: 'Hi {{password}}' } })).toEqual(['example/en_us.json: subject uses {{password}}, which is not a template variable']);
    expect(problemsOf({ en_us: { ...english, html: `${english.html}<img src=x onerror="alert(1)">` } })).toEqual([
      'example/en_us.json: html has markup a lure must not carry (scripts, frames, forms, styles or event handlers)',
    ]);
  });

  it('need somewhere to put the tracked link, QR code or number', () => {
    expect(problemsOf({ en_us: { ...english, html: '<p>Hello {{first_name}}, nothing to click in this message at all.</p>' } })).toEqual(['example/en_us.json: html must contain {{link}}']);
    expect(problemsOf({ en_us: english }, { vector: 'qr-code' })).toEqual(['example/en_us.json: html must contain {{qr_code}}']);
    expect(problemsOf({ en_us: english }, { vector: 'reply' })).toEqual([]);
  });

  it('tie credential harvesting to an existing landing page', () => {
    expect(problemsOf({ en_us: english }, { vector: 'credential-harvest' })).toEqual(['example: template.json landingPage is required for credential-harvest and only for it']);
    expect(problemsOf({ en_us: english }, { vector: 'credential-harvest', landingPage: 'nowhere' })).toEqual(['example: landing page nowhere does not exist']);
  });

  it('keep the same red flags in every language, and English always', () => {
    expect(problemsOf({ en_us: english, fr_fr: { ...english, redFlags: redFlags.slice(0, 1).concat(redFlags.slice(0, 1), redFlags) } })).toEqual([
      'example/fr_fr.json: has 4 red flags, English has 2',
    ]);
    expect(problemsOf({ fr_fr: english })).toEqual(['example: en_us.json is missing (every template has English)']);
  });
});
