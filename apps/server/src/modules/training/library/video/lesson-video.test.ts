import { describe, expect, it } from 'vitest';
import type { LessonText } from '../lesson-library.ts';
import { leadIn, lessonCaptions, pauseAfter, planTiming, videoFrameRate, videoSourceHash } from './lesson-video.ts';
import { parseVtt } from './webvtt.ts';

const english: LessonText = {
  title: 'Scam texts and phone calls',
  summary: 'How scammers use texts and phone calls, and the habit that beats them.',
  slides: [
    { heading: 'A small fee?', points: [], narration: 'You’re expecting a delivery, and a text arrives. Your parcel is held, and there’s a fee to release it.' },
    { heading: 'Why it works', points: ['Phones feel personal'], narration: 'Scammers like texts and calls because they feel personal. A voice can answer each doubt.' },
  ],
  quiz: [{ question: 'What do you do?', choices: ['Pay', 'Hang up and call back', 'Reply'], answer: 1, explanation: 'Call back on a number you already know.' }],
};

describe('the lesson video’s timing and captions', () => {
  it('shows each slide for a lead-in, its narration and a pause, on whole frames', () => {
    const timing = planTiming(english, [6.3, 4.01]);
    expect(timing.slides[0]).toEqual({ start: 0, end: 8, speechStart: leadIn, speechEnd: leadIn + 6.3 });
    expect(timing.slides[1]!.start).toBe(8);
    expect(timing.slides[1]!.end - timing.slides[1]!.start).toBeGreaterThanOrEqual(leadIn + 4.01 + pauseAfter);
    for (const slide of timing.slides) expect(((slide.end - slide.start) * videoFrameRate) % 1).toBe(0);
    expect(timing.duration).toBe(timing.slides[1]!.end);
  });

  it('hashes what the video shows and says, not the quiz or the summary', () => {
    const hash = videoSourceHash(english);
    expect(videoSourceHash({ ...english, summary: 'Another summary of the lesson, just as long.', quiz: [] })).toBe(hash);
    expect(videoSourceHash({ ...english, title: 'Scam texts' })).not.toBe(hash);
    const reworded = { ...english, slides: english.slides.map((slide, index) => (index === 1 ? { ...slide, narration: `${slide.narration} Hang up.` } : slide)) };
    expect(videoSourceHash(reworded)).not.toBe(hash);
  });

  it('captions each slide inside its window, in any language', () => {
    const timing = planTiming(english, [6.3, 4.01]);
    const french: LessonText = {
      ...english,
      slides: [
        { ...english.slides[0]!, narration: 'Vous attendez une livraison, et un SMS arrive. Votre colis est bloqué, et des frais de un dollar quatre-vingt-dix-neuf sont demandés pour le libérer.' },
        { ...english.slides[1]!, narration: 'Les escrocs aiment les SMS et les appels, car ils semblent personnels.' },
      ],
    };
    const cues = parseVtt(lessonCaptions(french, timing));
    expect(cues.length).toBeGreaterThanOrEqual(3);
    let previousEnd = 0;
    for (const cue of cues) {
      expect(cue.start).toBeGreaterThanOrEqual(previousEnd);
      previousEnd = cue.end;
      const slide = timing.slides.find((window) => cue.start >= window.speechStart && cue.start < window.speechEnd)!;
      expect(slide).toBeDefined();
      expect(cue.end).toBeLessThanOrEqual(slide.end);
    }
    expect(cues.at(-1)!.text).toBe('Les escrocs aiment les SMS et les appels,\ncar ils semblent personnels.');
  });
});
