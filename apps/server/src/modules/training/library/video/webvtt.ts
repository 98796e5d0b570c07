import type { Cue } from './captions.ts';

// WebVTT (https://www.w3.org/TR/webvtt1/): the writer for the lesson captions, and a strict reader
// of what it writes, so tests can check a caption file without a browser.

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** A time as WebVTT writes it: hh:mm:ss.ttt. */
export const formatVttTime = (seconds: number): string => {
  const millis = Math.round(seconds * 1000);
  const hours = Math.floor(millis / 3_600_000);
  const minutes = Math.floor((millis % 3_600_000) / 60_000);
  const secs = Math.floor((millis % 60_000) / 1000);
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(secs, 2)}.${pad(millis % 1000, 3)}`;
};

// A cue's text may not hold '-->' or a blank line, and '&' and '<' start markup.
const escapeCueText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\n\s*\n/g, '\n')
    .trim();

/** A WebVTT file of numbered cues, in the order given. */
export const writeVtt = (cues: readonly Cue[]): string =>
  ['WEBVTT', ...cues.map((cue, index) => `${index + 1}\n${formatVttTime(cue.start)} --> ${formatVttTime(cue.end)}\n${escapeCueText(cue.text)}`)].join('\n\n') + '\n';

const timePattern = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

const parseVttTime = (value: string): number => {
  const match = timePattern.exec(value);
  if (!match) throw new Error(`not a WebVTT time: ${value}`);
  const [, hours = '0', minutes, seconds, millis] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(millis) / 1000;
};

const unescapeCueText = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * Reads a WebVTT file's cues (identifiers and settings allowed; no regions or styles, which our files
 * never have).
 * @throws Error naming the first thing that is not valid WebVTT: the signature, a timing line, an empty cue, a start after its end.
 */
export const parseVtt = (source: string): Cue[] => {
  const blocks = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split(/\n{2,}/);
  const header = blocks.shift() ?? '';
  if (!/^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(header)) throw new Error('a WebVTT file starts with the line WEBVTT');
  const cues: Cue[] = [];
  for (const block of blocks.map((item) => item.trim()).filter(Boolean)) {
    if (block.startsWith('NOTE')) continue;
    const lines = block.split('\n');
    const timingIndex = lines.findIndex((line) => line.includes('-->'));
    if (timingIndex < 0 || timingIndex > 1) throw new Error(`a cue has no timing line: ${lines[0]}`);
    const [startText, rest] = lines[timingIndex]!.split('-->').map((part) => part.trim());
    const start = parseVttTime(startText!);
    const end = parseVttTime(rest!.split(/\s+/)[0]!);
    if (end <= start) throw new Error(`a cue ends before it starts: ${lines[timingIndex]}`);
    const text = lines.slice(timingIndex + 1).join('\n');
    if (!text.trim()) throw new Error(`a cue has no text: ${lines[timingIndex]}`);
    if (text.includes('-->')) throw new Error(`a cue's text holds '-->': ${lines[timingIndex]}`);
    cues.push({ start, end, text: unescapeCueText(text) });
  }
  return cues;
};
