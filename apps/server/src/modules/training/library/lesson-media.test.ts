import { closeSync, existsSync, openSync, readFileSync, readSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trainingLanguages } from '@vigil/contracts';
import { lessonFolder, lessonTextSchema } from './lesson-library.ts';
import { lessonCaptions, lessonTimingSchema, mediaFiles, videoSourceHash } from './video/lesson-video.ts';
import { parseVtt } from './video/webvtt.ts';

// Every built-in lesson ships its media, built from its current text: a lesson whose English
// changed without a new video, or whose translation changed without new captions, fails here.

const folder = lessonFolder();
const lessons = existsSync(folder)
  ? readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(folder, entry.name, 'en_us.json')))
      .map((entry) => entry.name)
  : [];
const firstBytes = (path: string, count: number) => {
  const buffer = Buffer.alloc(count);
  const file = openSync(path, 'r');
  try {
    readSync(file, buffer, 0, count, 0);
  } finally {
    closeSync(file);
  }
  return buffer;
};
const rebuild = 'run `npm run lessons:build` and commit its media folder';

describe.runIf(lessons.length > 0)('the built-in lessons’ media', () => {
  it.each(lessons)('%s has a video, a poster, a timing and captions built from its current text', (id) => {
    const lesson = join(folder, id);
    const media = join(lesson, 'media');
    const english = lessonTextSchema.parse(JSON.parse(readFileSync(join(lesson, 'en_us.json'), 'utf8')));

    const video = join(media, mediaFiles.video);
    expect(existsSync(video), `${id} has no media/${mediaFiles.video}: ${rebuild}`).toBe(true);
    expect(firstBytes(video, 8).subarray(4, 8).toString('latin1'), `${id}/media/${mediaFiles.video} is not an MP4`).toBe('ftyp');
    const poster = join(media, mediaFiles.poster);
    expect(existsSync(poster) && firstBytes(poster, 2).toString('hex'), `${id} has no JPEG media/${mediaFiles.poster}: ${rebuild}`).toBe('ffd8');

    const timing = lessonTimingSchema.parse(JSON.parse(readFileSync(join(media, mediaFiles.timing), 'utf8')));
    expect(timing.sourceHash, `${id}: the video was built from other English slides or narration; ${rebuild}`).toBe(videoSourceHash(english));
    expect(timing.slides).toHaveLength(english.slides.length);

    for (const language of trainingLanguages.filter((code) => existsSync(join(lesson, `${code}.json`)))) {
      const file = join(media, mediaFiles.captions(language));
      expect(existsSync(file), `${id} has no media/${language}.vtt: ${rebuild}`).toBe(true);
      const vtt = readFileSync(file, 'utf8');
      const cues = parseVtt(vtt);
      expect(cues.length, `${id}/media/${language}.vtt has no cues`).toBeGreaterThan(0);
      cues.forEach((cue, index) => {
        expect(cue.start, `${id}/media/${language}.vtt cue ${index + 1} starts before the previous one ends`).toBeGreaterThanOrEqual(cues[index - 1]?.end ?? 0);
        expect(cue.end, `${id}/media/${language}.vtt cue ${index + 1} ends after the video`).toBeLessThanOrEqual(timing.duration);
      });
      const text = lessonTextSchema.safeParse(JSON.parse(readFileSync(join(lesson, `${language}.json`), 'utf8')));
      if (text.success && text.data.slides.length === english.slides.length) {
        expect(vtt === lessonCaptions(text.data, timing), `${id}/media/${language}.vtt does not match ${language}.json's narration; ${rebuild}`).toBe(true);
      }
    }
  });
});
