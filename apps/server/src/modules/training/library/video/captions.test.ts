import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breakCueLines, maxLineLength, splitIntoCues, splitSentences, timeCues, visibleLength } from './captions.ts';

const narration =
  'You’re expecting a delivery, and a text arrives. Your parcel is held, and there’s a fee of one dollar ninety-nine to release it. Why not just pay? That small fee is the bait. The page behind the link asks for your card details, and often the code your bank sends next, which lets the scammer empty your account before you have even noticed that anything is wrong.';

describe('caption cues', () => {
  it('splits sentences at their closing punctuation, Devanagari’s danda too', () => {
    expect(splitSentences('Stop. Check the sender! Is it real?  Yes…')).toEqual(['Stop.', 'Check the sender!', 'Is it real?', 'Yes…']);
    expect(splitSentences('“Pay now.” Then hang up')).toEqual(['“Pay now.”', 'Then hang up']);
    expect(splitSentences('लिंक पर क्लिक न करें। भेजने वाले को जाँचें।')).toEqual(['लिंक पर क्लिक न करें।', 'भेजने वाले को जाँचें।']);
  });

  it('breaks a cue into at most two even lines, after a sentence when it can', () => {
    expect(breakCueLines('Short line.')).toEqual(['Short line.']);
    expect(breakCueLines('Your parcel is held, and there’s a fee of one dollar ninety-nine.')).toEqual(['Your parcel is held, and there’s', 'a fee of one dollar ninety-nine.']);
    expect(breakCueLines('Why not just pay? That small fee is the bait.')).toEqual(['Why not just pay?', 'That small fee is the bait.']);
    expect(breakCueLines('x '.repeat(50).trim())).toBeNull();
  });

  it('keeps every word, in order, in cues of at most two lines of 42 characters', () => {
    const cues = splitIntoCues(narration);
    expect(cues.join(' ').replace(/\n/g, ' ')).toBe(narration);
    for (const cue of cues) {
      const lines = cue.split('\n');
      expect(lines.length).toBeLessThanOrEqual(2);
      for (const line of lines) expect(visibleLength(line)).toBeLessThanOrEqual(maxLineLength);
    }
    // The long last sentence is cut after a comma.
    expect(cues.some((cue) => cue.endsWith('details,'))).toBe(true);
  });

  it('holds to the limits for any text', () => {
    const word = fc.stringMatching(/^[a-zA-Zéà’-]{1,14}[,.?]?$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 160 }), (words) => {
        const text = words.join(' ');
        const cues = splitIntoCues(text);
        expect(cues.join(' ').replace(/\n/g, ' ')).toBe(text);
        for (const cue of cues) {
          const lines = cue.split('\n');
          expect(lines.length).toBeLessThanOrEqual(2);
          for (const line of lines) expect(visibleLength(line)).toBeLessThanOrEqual(maxLineLength);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('times cues one after another across the window, by length, the last held', () => {
    const cues = timeCues(['A short one.', 'A much longer cue that takes far more time to read.'], { start: 10, end: 20, holdUntil: 20.7 });
    expect(cues[0]!.start).toBe(10);
    expect(cues[0]!.end).toBe(cues[1]!.start);
    expect(cues[1]!.start - cues[0]!.start).toBeLessThan(cues[1]!.end - cues[1]!.start);
    expect(cues[1]!.end).toBe(20.7);
  });
});
