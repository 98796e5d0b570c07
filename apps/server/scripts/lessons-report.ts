import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { trainingLanguages } from '@vigil/contracts';
import { lessonFolder } from '../src/modules/training/library/lesson-library.ts';
import { lessonTimingSchema, mediaFiles } from '../src/modules/training/library/video/lesson-video.ts';

// npm run lessons:report [-- --root <content folder>]
// The built-in lesson library at a glance: each lesson's languages (text and captions), its video's
// length and size, and the total size of what the repository ships for the library.

const { values } = parseArgs({ options: { root: { type: 'string' } } });
const folder = lessonFolder(values.root);
const sizeOf = (path: string) => (existsSync(path) ? statSync(path).size : 0);
const formatSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(0)} KB`);
const formatDuration = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;
const folderSize = (path: string): number =>
  existsSync(path) ? readdirSync(path, { withFileTypes: true }).reduce((sum, entry) => sum + (entry.isDirectory() ? folderSize(join(path, entry.name)) : sizeOf(join(path, entry.name))), 0) : 0;

const ids = existsSync(folder) ? readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort() : [];
const short = (language: string) => language.slice(0, 2);
const rows = ids.map((id) => {
  const lesson = join(folder, id);
  const media = join(lesson, 'media');
  const texts = trainingLanguages.filter((language) => existsSync(join(lesson, `${language}.json`)));
  const captions = trainingLanguages.filter((language) => existsSync(join(media, mediaFiles.captions(language))));
  const timingFile = join(media, mediaFiles.timing);
  const timing = existsSync(timingFile) ? lessonTimingSchema.safeParse(JSON.parse(readFileSync(timingFile, 'utf8'))) : undefined;
  return {
    id,
    texts,
    captions,
    duration: timing?.success ? formatDuration(timing.data.duration) : '—',
    video: sizeOf(join(media, mediaFiles.video)),
    media: folderSize(media),
    total: folderSize(lesson),
  };
});

const table = [
  ['lesson', 'text', 'captions', 'video', 'video size', 'media size'],
  ...rows.map((row) => [row.id, `${row.texts.map(short).join(' ')} (${row.texts.length})`, `${row.captions.map(short).join(' ')} (${row.captions.length})`, row.duration, row.video ? formatSize(row.video) : 'missing', formatSize(row.media)]),
];
const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
const shown = relative(process.cwd(), folder);
console.log(`Built-in lessons in ${shown.startsWith('..') ? folder : shown}: ${ids.length}\n`);
for (const row of table) console.log(row.map((cell, column) => (column >= 3 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  '));
const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
console.log(
  `\n${ids.length} ${ids.length === 1 ? 'lesson' : 'lessons'}; languages: ${trainingLanguages.join(', ')}; ${sum((row) => row.texts.length)} texts, ${sum((row) => row.captions.length)} caption files, ${rows.filter((row) => row.video > 0).length} videos.`,
);
console.log(`Total asset size: ${formatSize(sum((row) => row.total))} (videos ${formatSize(sum((row) => row.video))}, all media ${formatSize(sum((row) => row.media))}, lesson text ${formatSize(sum((row) => row.total - row.media))}).`);
