import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import type { LessonText } from '../lesson-library.ts';
import { contentBottom, drawSlide, slideHeight, slideWidth } from './slide-svg.ts';
import { textWidth } from './text-measure.ts';

type Slide = LessonText['slides'][number];
type Example = NonNullable<Slide['example']>;

const { DOMParser } = new JSDOM().window;
const narration = 'The narrator says this while the slide shows, long enough for the schema.';

/** Every text fits its width and the slide; the content stays above the footer; the SVG is well formed. */
const expectSound = (slide: Slide, title = 'Scam texts and phone calls') => {
  const drawing = drawSlide({ title, slide, index: 2, total: 8 });
  const document = new DOMParser().parseFromString(drawing.svg, 'image/svg+xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  expect(document.documentElement.getAttribute('width')).toBe(String(slideWidth));
  for (const text of drawing.texts) {
    const width = textWidth(text.text, text.size, text.bold);
    expect(width, text.text).toBeLessThanOrEqual(text.maxWidth + 0.5);
    const left = text.anchor === 'start' ? text.x : text.anchor === 'middle' ? text.x - width / 2 : text.x - width;
    expect(left, text.text).toBeGreaterThanOrEqual(0);
    expect(left + width, text.text).toBeLessThanOrEqual(slideWidth);
    expect(text.y, text.text).toBeLessThanOrEqual(slideHeight);
  }
  expect(drawing.contentBottom).toBeLessThanOrEqual(contentBottom);
  return drawing;
};

const longest = (length: number, word = 'deliberately') => `${word} `.repeat(Math.ceil(length / (word.length + 1))).slice(0, length).trim();

const exampleOf = (kind: Example['kind'], size: 'small' | 'largest'): Example =>
  size === 'small'
    ? { kind, from: 'it-desk@northwind-support.example', subject: 'Your password expires today', lines: ['Sign in within 24 hours', 'or lose your mailbox.'], flags: [{ line: 0, note: 'A deadline to rush you' }] }
    : {
        kind,
        from: longest(80, 'sender-address'),
        subject: longest(100),
        lines: Array.from({ length: 6 }, () => longest(120)),
        flags: [0, 2, 4, 5].map((line) => ({ line, note: longest(60, 'Mmmm') })),
      };

describe('slides', () => {
  it('draws the heading, points, footer and the slide’s place', () => {
    const drawing = expectSound({ heading: 'Why texts and calls work so well', points: ['Phones feel personal', 'Links are hard to check'], narration });
    const texts = drawing.texts.map((text) => text.text);
    expect(texts).toEqual(expect.arrayContaining(['Why texts and calls work so well', 'Phones feel personal', 'Links are hard to check', 'Slide 3 of 8', 'Scam texts and phone calls']));
  });

  it('draws a slide of narration alone as a large centred heading', () => {
    const drawing = expectSound({ heading: 'Hang up, and call back on a number you already know', points: [], narration });
    expect(drawing.texts[0]!.anchor).toBe('middle');
  });

  for (const kind of ['email', 'sms', 'call', 'web', 'chat'] as const) {
    it(`draws a ${kind} with its flags, beside points or alone, whatever its length`, () => {
      for (const size of ['small', 'largest'] as const) {
        const example = exampleOf(kind, size);
        const beside = expectSound({ heading: longest(70), points: Array.from({ length: 4 }, () => longest(100)), example, narration });
        for (const flag of example.flags) expect(beside.svg).toContain(flag.note.split(' ')[0]);
        expectSound({ heading: 'Just a small fee for your parcel?', points: [], example, narration });
      }
    });
  }

  it('escapes what XML would read as markup', () => {
    const drawing = expectSound({ heading: 'Tom & Jerry <admin@example.com>', points: ['"quoted" & <tagged>'], narration });
    expect(drawing.svg).toContain('Tom &amp; Jerry &lt;admin@example.com&gt;');
  });

  it('never overflows, for any text the lesson format allows', () => {
    const text = (min: number, max: number) => fc.stringMatching(new RegExp(`^[A-Za-z’“”,.:/@-]{1,12}( [A-Za-z’“”,.:/@-]{1,12}){0,30}$`)).filter((value) => value.length >= min).map((value) => value.slice(0, max).trim() || 'word');
    const example = fc.record({
      kind: fc.constantFrom('email', 'sms', 'call', 'web', 'chat'),
      from: text(2, 80),
      subject: text(2, 100),
      lines: fc.array(text(1, 120), { minLength: 1, maxLength: 6 }),
    });
    fc.assert(
      fc.property(text(3, 70), fc.array(text(3, 100), { maxLength: 4 }), fc.option(example), (heading, points, drawn) => {
        const slide: Slide = { heading, points, narration, ...(drawn ? { example: { ...drawn, flags: drawn.lines.slice(0, 4).map((_, line) => ({ line, note: 'Not the carrier’s own website at all' })) } } : {}) };
        expectSound(slide);
      }),
      { numRuns: 40 },
    );
  });
});
