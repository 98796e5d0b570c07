import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { Resvg } from '@resvg/resvg-js';
import { type TrainingLanguage, trainingLanguages } from '@vigil/contracts';
import { type LessonText, lessonFolder, lessonTextSchema } from '../lesson-library.ts';
import { type LessonTiming, lessonCaptions, lessonTimingSchema, mediaFiles, narrationVoice, planTiming, videoFrameRate, videoSourceHash } from './lesson-video.ts';
import { drawSlide, slideWidth } from './slide-svg.ts';

// Builds each lesson's media from its source files: slides drawn as SVG and rendered with resvg,
// narration spoken by espeak-ng, both encoded by the ffmpeg binary that ships in its npm package,
// then captions in every language. Nothing is downloaded. A lesson whose English video source has
// not changed keeps its video (its captions are always written again: translations change them).

const fontFolders = ['/usr/share/fonts/truetype/liberation', '/usr/share/fonts/truetype/liberation2'];
const fontFiles = (): string[] => {
  const folder = fontFolders.find((candidate) => existsSync(join(candidate, 'LiberationSans-Regular.ttf')));
  if (!folder) throw new Error('The slides are drawn in Liberation Sans, which is missing. Install the Debian package: sudo apt-get install fonts-liberation');
  const dejavu = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
  return [...['Regular', 'Bold', 'Italic', 'BoldItalic'].map((style) => join(folder, `LiberationSans-${style}.ttf`)), ...(existsSync(dejavu) ? [dejavu] : [])];
};

/** The tools a build needs, found once; each missing one is named with how to get it. */
export const findTools = () => {
  const espeak = spawnSync('espeak-ng', ['--version'], { encoding: 'utf8' });
  if (espeak.error || espeak.status !== 0) {
    throw new Error('The narration is spoken by espeak-ng, which is missing. Install the Debian package: sudo apt-get install espeak-ng');
  }
  return { ffmpeg: ffmpegInstaller.path, fonts: fontFiles() };
};
type Tools = ReturnType<typeof findTools>;

const run = (command: string, args: string[], what: string) => {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error || result.status !== 0) throw new Error(`${what} failed (${command} ${args.slice(0, 3).join(' ')} …): ${result.error?.message ?? result.stderr.slice(-2000)}`);
  return result;
};

type Pcm = { sampleRate: number; samples: Int16Array };

/** The samples of a 16-bit mono PCM WAV file (what espeak-ng writes). */
const readWav = (path: string): Pcm => {
  const buffer = readFileSync(path);
  if (buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE') throw new Error(`${path} is not a WAV file`);
  let offset = 12;
  let sampleRate = 0;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      const channels = buffer.readUInt16LE(offset + 10);
      const bits = buffer.readUInt16LE(offset + 22);
      if (channels !== 1 || bits !== 16) throw new Error(`${path}: expected 16-bit mono speech, got ${channels} channels of ${bits} bits`);
      sampleRate = buffer.readUInt32LE(offset + 12);
    } else if (id === 'data') {
      // espeak-ng may leave the size unset when it streams; the data then runs to the end of the file.
      const end = size === 0 || offset + 8 + size > buffer.length ? buffer.length : offset + 8 + size;
      const bytes = buffer.subarray(offset + 8, end - ((end - offset - 8) % 2));
      return { sampleRate, samples: new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)) };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error(`${path} has no audio data`);
};

const writeWav = (path: string, { sampleRate, samples }: Pcm) => {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.byteLength, 40);
  writeFileSync(path, Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]));
};

/** Speaks one text to a WAV file. */
const speak = (text: string, folder: string, name: string): Pcm => {
  const textFile = join(folder, `${name}.txt`);
  const wavFile = join(folder, `${name}.wav`);
  writeFileSync(textFile, text);
  run('espeak-ng', ['-v', narrationVoice.voice, '-s', String(narrationVoice.wordsPerMinute), '-w', wavFile, '-f', textFile], 'espeak-ng');
  return readWav(wavFile);
};

const renderPng = (tools: Tools, svg: string, width = slideWidth) =>
  new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false, fontFiles: tools.fonts, defaultFontFamily: 'Liberation Sans' } }).render().asPng();

/** The duration ffmpeg reads from a video's container, in seconds. */
export const probeDuration = (ffmpeg: string, video: string): { duration: number; streams: string[] } => {
  const result = spawnSync(ffmpeg, ['-hide_banner', '-i', video], { encoding: 'utf8' });
  const match = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(result.stderr);
  if (!match) throw new Error(`ffmpeg cannot read ${video}: ${result.stderr.slice(-500)}`);
  const streams = [...result.stderr.matchAll(/Stream #\S+: (Video|Audio): (\w+)/g)].map((stream) => `${stream[1]!.toLowerCase()}:${stream[2]}`);
  return { duration: Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]), streams };
};

/** The slides of a lesson as SVG, in order. */
export const lessonSlidesSvg = (english: LessonText) =>
  english.slides.map((slide, index) => drawSlide({ title: english.title, slide, index, total: english.slides.length }).svg);

/** Renders, speaks and encodes one lesson's video and poster into its media folder; returns the timing. */
const buildVideo = (tools: Tools, english: LessonText, media: string, slidesOut?: string): LessonTiming => {
  const work = mkdtempSync(join(tmpdir(), 'vigil-lesson-'));
  try {
    const slides = lessonSlidesSvg(english);
    slides.forEach((svg, index) => {
      const png = renderPng(tools, svg);
      writeFileSync(join(work, `slide-${index + 1}.png`), png);
      if (slidesOut) writeFileSync(join(slidesOut, `slide-${index + 1}.png`), png);
    });
    const speech = english.slides.map((slide, index) => speak(slide.narration, work, `narration-${index + 1}`));
    const sampleRate = speech[0]!.sampleRate;
    const timing = planTiming(
      english,
      speech.map((pcm) => pcm.samples.length / pcm.sampleRate),
    );
    // One narration track: each slide's speech placed at its slide's speech start, silence between.
    const track = new Int16Array(Math.round(timing.duration * sampleRate));
    speech.forEach((pcm, index) => track.set(pcm.samples.subarray(0, track.length - Math.round(timing.slides[index]!.speechStart * sampleRate)), Math.round(timing.slides[index]!.speechStart * sampleRate)));
    writeWav(join(work, 'narration.wav'), { sampleRate, samples: track });

    const inputs = timing.slides.flatMap((slide, index) => ['-loop', '1', '-framerate', String(videoFrameRate), '-t', (slide.end - slide.start).toFixed(3), '-i', join(work, `slide-${index + 1}.png`)]);
    const concat = `${timing.slides.map((_, index) => `[${index}:v]`).join('')}concat=n=${timing.slides.length}:v=1:a=0,format=yuv420p[v]`;
    const video = join(media, mediaFiles.video);
    run(
      tools.ffmpeg,
      [
        '-hide_banner', '-loglevel', 'error', '-y',
        ...inputs,
        '-i', join(work, 'narration.wav'),
        '-filter_complex', concat,
        '-map', '[v]', '-map', `${timing.slides.length}:a`,
        // Stills: a key frame where each slide starts (x264's scene cut) and none between, so each
        // slide is stored about once; players seek from the slide's start, a few frames away.
        '-c:v', 'libx264', '-preset', 'slow', '-tune', 'stillimage', '-crf', '28', '-r', String(videoFrameRate), '-g', String(videoFrameRate * 300),
        '-pix_fmt', 'yuv420p', '-profile:v', 'high', '-threads', '2',
        '-c:a', 'aac', '-b:a', '24k', '-ac', '1', '-ar', String(sampleRate),
        '-movflags', '+faststart', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact', '-map_metadata', '-1',
        '-t', timing.duration.toFixed(3),
        video,
      ],
      'Encoding the video',
    );
    run(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-i', join(work, 'slide-1.png'), '-vf', 'scale=640:-2', '-q:v', '5', join(media, mediaFiles.poster)], 'Writing the poster');

    const probe = probeDuration(tools.ffmpeg, video);
    if (Math.abs(probe.duration - timing.duration) > 0.3 || !probe.streams.includes('video:h264') || !probe.streams.includes('audio:aac')) {
      throw new Error(`${video}: ffmpeg reads ${probe.duration} s and streams ${probe.streams.join(', ')}; expected ${timing.duration} s of H.264 and AAC`);
    }
    return timing;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
};

const readLessonText = (path: string): { text?: LessonText; problem?: string } => {
  try {
    const parsed = lessonTextSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? { text: parsed.data } : { problem: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') };
  } catch (error) {
    return { problem: (error as Error).message };
  }
};

const readTiming = (path: string): LessonTiming | undefined => {
  if (!existsSync(path)) return undefined;
  const parsed = lessonTimingSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  return parsed.success ? parsed.data : undefined;
};

export type BuildOptions = Readonly<{
  /** The content folder holding training-modules (the repository's content folder by default). */
  root?: string;
  /** Only these lessons (folder names). */
  only?: readonly string[];
  /** Build videos even when their source has not changed. */
  force?: boolean;
  /** Also write each built lesson's slide PNGs to <slidesOut>/<lesson>/ to look at them. */
  slidesOut?: string;
  log?: (line: string) => void;
}>;

export type BuildOutcome = Readonly<{ id: string; video: 'built' | 'unchanged' | 'skipped'; captions: TrainingLanguage[]; problems: string[] }>;

/**
 * Builds the media of every lesson under the content root: the video and poster when the English
 * source changed (or is new), the timing, and the captions of every language that has a text.
 * @throws Error when a tool is missing (naming the package to install) or an encode fails.
 */
export const buildLessonMedia = (options: BuildOptions = {}): BuildOutcome[] => {
  const log = options.log ?? console.log;
  const folder = lessonFolder(options.root);
  if (!existsSync(folder)) {
    log(`No lessons: ${folder} does not exist.`);
    return [];
  }
  const ids = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && (!options.only || options.only.includes(entry.name)))
    .map((entry) => entry.name)
    .sort();
  let tools: Tools | undefined;
  const outcomes: BuildOutcome[] = [];
  for (const id of ids) {
    const lesson = join(folder, id);
    const { text: english, problem } = readLessonText(join(lesson, 'en_us.json'));
    if (!english) {
      log(`${id}: skipped, its en_us.json is not a sound lesson yet (${existsSync(join(lesson, 'en_us.json')) ? problem : 'missing'})`);
      outcomes.push({ id, video: 'skipped', captions: [], problems: [problem ?? 'en_us.json is missing'] });
      continue;
    }
    const media = join(lesson, 'media');
    mkdirSync(media, { recursive: true });
    let timing = readTiming(join(media, mediaFiles.timing));
    const current = timing?.sourceHash === videoSourceHash(english) && existsSync(join(media, mediaFiles.video)) && existsSync(join(media, mediaFiles.poster));
    let video: BuildOutcome['video'] = 'unchanged';
    if (!current || options.force) {
      tools ??= findTools();
      const started = Date.now();
      const slidesOut = options.slidesOut ? join(options.slidesOut, id) : undefined;
      if (slidesOut) mkdirSync(slidesOut, { recursive: true });
      timing = buildVideo(tools, english, media, slidesOut);
      writeFileSync(join(media, mediaFiles.timing), `${JSON.stringify(timing, null, 2)}\n`);
      video = 'built';
      log(`${id}: video built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${timing.duration.toFixed(1)} s, ${(statSync(join(media, mediaFiles.video)).size / 1024).toFixed(0)} KB`);
    }
    const captions: TrainingLanguage[] = [];
    const problems: string[] = [];
    for (const language of trainingLanguages) {
      const file = join(lesson, `${language}.json`);
      const vtt = join(media, mediaFiles.captions(language));
      if (!existsSync(file)) {
        if (existsSync(vtt)) unlinkSync(vtt);
        continue;
      }
      const { text, problem: textProblem } = language === 'en_us' ? { text: english, problem: undefined } : readLessonText(file);
      if (!text || text.slides.length !== english.slides.length) {
        problems.push(`${language}.json: ${textProblem ?? `has ${text?.slides.length} slides, English has ${english.slides.length}`}; its captions are not written`);
        continue;
      }
      writeFileSync(vtt, lessonCaptions(text, timing!));
      captions.push(language);
    }
    for (const line of problems) log(`${id}: ${line}`);
    if (video === 'unchanged') log(`${id}: video up to date; captions in ${captions.join(', ')}`);
    outcomes.push({ id, video, captions, problems });
  }
  return outcomes;
};
