import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { LessonText } from '../lesson-library.ts';
import { splitIntoCues, timeCues } from './captions.ts';
import { writeVtt } from './webvtt.ts';

// What a lesson's video is made of and when each slide shows. The video is built from the English
// text only; timing.json keeps each slide's window so every language's captions can be written
// again without speech, and the English source's hash, so a build (and a test) can tell whether
// the committed video still matches the lesson.

/** Bump when the slide design, the voice or the encoding changes: every video is then rebuilt. */
export const videoPipelineVersion = 1;

/** The narrator: espeak-ng's American English voice at a calm 150 words a minute. */
export const narrationVoice = Object.freeze({ engine: 'espeak-ng', voice: 'en-us', wordsPerMinute: 150 });

/** Frames a second: the slides are stills, so a low rate keeps the file small; slide changes fall on a frame. */
export const videoFrameRate = 2;
/** Silence before a slide's narration and after it, in seconds. */
export const leadIn = 0.4;
export const pauseAfter = 0.9;

/** The names of a lesson's media files, in its `media` folder. */
export const mediaFiles = Object.freeze({ video: 'lesson.mp4', poster: 'poster.jpg', timing: 'timing.json', captions: (language: string) => `${language}.vtt` });

/** The part of the English text the video shows or says; the hash of this decides whether to rebuild. */
const videoSource = (english: LessonText) => ({
  pipeline: videoPipelineVersion,
  voice: narrationVoice,
  title: english.title,
  slides: english.slides.map((slide) => ({ heading: slide.heading, points: slide.points, example: slide.example ?? null, narration: slide.narration })),
});

/** The hash of what the video shows and says (sha256 of its canonical JSON). */
export const videoSourceHash = (english: LessonText): string => `sha256:${createHash('sha256').update(JSON.stringify(videoSource(english))).digest('hex')}`;

const slideTimingSchema = z.strictObject({
  /** When the slide appears and leaves, in seconds from the start of the video. */
  start: z.number().min(0),
  end: z.number().positive(),
  /** When its narration is spoken. */
  speechStart: z.number().min(0),
  speechEnd: z.number().positive(),
});

/** `media/timing.json`. */
export const lessonTimingSchema = z.strictObject({
  sourceHash: z.string().regex(/^sha256:[0-9a-f]{64}$/),
  voice: z.string(),
  duration: z.number().positive(),
  slides: z.array(slideTimingSchema).min(1),
});
export type LessonTiming = z.infer<typeof lessonTimingSchema>;

const onFrame = (seconds: number) => Math.ceil(seconds * videoFrameRate - 1e-6) / videoFrameRate;
const toMillis = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * The timing of a video whose slides' narrations last these many seconds: each slide shows for a
 * lead-in, its narration and a pause, rounded up to a whole frame.
 */
export const planTiming = (english: LessonText, speechSeconds: readonly number[]): LessonTiming => {
  let cursor = 0;
  const slides = speechSeconds.map((speech) => {
    const start = cursor;
    cursor = toMillis(start + onFrame(leadIn + speech + pauseAfter));
    return { start, end: cursor, speechStart: toMillis(start + leadIn), speechEnd: toMillis(start + leadIn + speech) };
  });
  const voice = `${narrationVoice.engine} ${narrationVoice.voice}, ${narrationVoice.wordsPerMinute} words a minute`;
  return { sourceHash: videoSourceHash(english), voice, duration: cursor, slides };
};

/**
 * The WebVTT captions of one language: each slide's narration in that language, timed within the
 * window the English narration of that slide is spoken in, the last cue held into the pause.
 */
export const lessonCaptions = (text: LessonText, timing: LessonTiming): string => {
  const cues = text.slides.flatMap((slide, index) => {
    const window = timing.slides[index];
    if (!window) return [];
    return timeCues(splitIntoCues(slide.narration), { start: window.speechStart, end: window.speechEnd, holdUntil: window.end - 0.2 });
  });
  return writeVtt(cues);
};
