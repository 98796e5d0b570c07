import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { type TrainingLanguage, slideExampleKindSchema, templateCategorySchema, trainingLanguages, trainingTopicSchema } from '@vigil/contracts';
import { contentRoot, slugSchema } from '../../phishing/templates/template-library.ts';

// The built-in lessons are files in the repository, one folder each under content/training-modules:
// lesson.json says what the lesson is, <language>.json holds its words. The video is built from the
// English slides and narration (scripts/build-lessons); captions come from each language's narration.

/** `lesson.json`: what the lesson is, in every language. */
export const lessonMetadataSchema = z.strictObject({
  version: z.int().min(1),
  topic: trainingTopicSchema,
  /** About how long the video runs; checked against the English narration. */
  minutes: z.int().min(2).max(5),
  /** The share of quiz answers, in percent, that passes. */
  passScore: z.int().min(50).max(100),
  /** The lure categories a failure in which this lesson answers (the default remedial lesson for them). */
  remediates: z.array(templateCategorySchema).default([]),
});

const exampleSchema = z.strictObject({
  kind: slideExampleKindSchema,
  /** Who it seems to come from: a sender address, a phone number, a caller's name, a web address. */
  from: z.string().min(2).max(80).optional(),
  subject: z.string().min(2).max(100).optional(),
  lines: z.array(z.string().min(1).max(120)).min(1).max(6),
  /** The tell-tale details, each pointing at a line of the example. */
  flags: z.array(z.strictObject({ line: z.int().min(0), note: z.string().min(3).max(60) })).max(4).default([]),
});

const slideSchema = z.strictObject({
  heading: z.string().min(3).max(70),
  points: z.array(z.string().min(3).max(100)).max(4).default([]),
  example: exampleSchema.optional(),
  /** What the narrator says while the slide shows; the captions of this slide. */
  narration: z.string().min(40).max(900),
});

const questionSchema = z.strictObject({
  question: z.string().min(10).max(220),
  choices: z.array(z.string().min(1).max(140)).min(3).max(4),
  /** The index of the right choice. */
  answer: z.int().min(0).max(3),
  /** Shown after the answer: why the right choice is right. */
  explanation: z.string().min(20).max(400),
});

/** `<language>.json`: the lesson's words in one language. */
export const lessonTextSchema = z.strictObject({
  title: z.string().min(3).max(80),
  summary: z.string().min(20).max(300),
  slides: z.array(slideSchema).min(5).max(12),
  quiz: z.array(questionSchema).min(5).max(8),
});

export type LessonMetadata = z.infer<typeof lessonMetadataSchema>;
export type LessonText = z.infer<typeof lessonTextSchema>;
export type LibraryLesson = Readonly<{ id: string; metadata: LessonMetadata; texts: Readonly<Partial<Record<TrainingLanguage, LessonText>>> }>;

/** Narration words a minute of video holds (a calm speaking pace, and the speech engine's). */
export const narrationWordsPerMinute = 150;
const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Every problem of one lesson's files, as sentences naming the file and the field; empty when sound. */
export const lessonProblems = (id: string, metadata: LessonMetadata, texts: Partial<Record<TrainingLanguage, LessonText>>): string[] => {
  const problems: string[] = [];
  const english = texts.en_us;
  if (!english) return [`${id}: en_us.json is missing (every lesson has English)`];
  const words = english.slides.reduce((sum, slide) => sum + wordsOf(slide.narration), 0);
  if (words < 2 * narrationWordsPerMinute - 20 || words > 5 * narrationWordsPerMinute) {
    problems.push(`${id}/en_us.json: the narration has ${words} words; a 2–5 minute lesson has ${2 * narrationWordsPerMinute - 20}–${5 * narrationWordsPerMinute}`);
  } else if (Math.abs(words / narrationWordsPerMinute - metadata.minutes) > 1) {
    problems.push(`${id}/lesson.json: minutes is ${metadata.minutes}, but the narration (${words} words) runs about ${Math.round(words / narrationWordsPerMinute)}`);
  }
  for (const [language, text] of Object.entries(texts) as [TrainingLanguage, LessonText][]) {
    const file = `${id}/${language}.json`;
    text.quiz.forEach((question, index) => {
      if (question.answer >= question.choices.length) problems.push(`${file}: quiz.${index}.answer points past its ${question.choices.length} choices`);
      if (new Set(question.choices).size !== question.choices.length) problems.push(`${file}: quiz.${index}.choices repeats a choice`);
    });
    text.slides.forEach((slide, index) => {
      for (const flag of slide.example?.flags ?? []) {
        if (flag.line >= slide.example!.lines.length) problems.push(`${file}: slides.${index}.example.flags points at line ${flag.line}, which it does not have`);
      }
    });
    if (language === 'en_us') continue;
    // A translation is the same lesson: same slides, same examples, same questions and answers.
    if (text.slides.length !== english.slides.length) problems.push(`${file}: has ${text.slides.length} slides, English has ${english.slides.length}`);
    text.slides.forEach((slide, index) => {
      const original = english.slides[index];
      if (!original) return;
      if (slide.points.length !== original.points.length) problems.push(`${file}: slides.${index} has ${slide.points.length} points, English has ${original.points.length}`);
      if (Boolean(slide.example) !== Boolean(original.example) || slide.example?.lines.length !== original.example?.lines.length || slide.example?.flags.length !== original.example?.flags.length) {
        problems.push(`${file}: slides.${index}.example differs in shape from English (lines and flags must match)`);
      }
    });
    if (text.quiz.length !== english.quiz.length) problems.push(`${file}: has ${text.quiz.length} questions, English has ${english.quiz.length}`);
    text.quiz.forEach((question, index) => {
      const original = english.quiz[index];
      if (original && (question.answer !== original.answer || question.choices.length !== original.choices.length)) {
        problems.push(`${file}: quiz.${index} must keep English’s choices in the same order, with the same answer`);
      }
    });
  }
  return problems;
};

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

/** The folder of the built-in lessons. */
export const lessonFolder = (root = contentRoot) => join(root, 'training-modules');

/**
 * Reads every built-in lesson from content/training-modules and checks it.
 * @throws Error listing every problem found, by file and field, when any lesson is unsound.
 */
export const loadLessonLibrary = (root = contentRoot): LibraryLesson[] => {
  const folder = lessonFolder(root);
  if (!existsSync(folder)) return [];
  const problems: string[] = [];
  const lessons: LibraryLesson[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true }).filter((item) => item.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const id = entry.name;
    if (!slugSchema.safeParse(id).success) problems.push(`${id}: the folder name must be lower-case words joined by hyphens`);
    const metadata = lessonMetadataSchema.safeParse(readJson(join(folder, id, 'lesson.json')));
    if (!metadata.success) {
      problems.push(...metadata.error.issues.map((issue) => `${id}/lesson.json: ${issue.path.join('.')}: ${issue.message}`));
      continue;
    }
    const texts: Partial<Record<TrainingLanguage, LessonText>> = {};
    for (const file of readdirSync(join(folder, id)).filter((name) => name.endsWith('.json') && name !== 'lesson.json')) {
      const language = file.replace(/\.json$/, '') as TrainingLanguage;
      if (!trainingLanguages.includes(language)) {
        problems.push(`${id}/${file}: not a file a lesson has (lesson.json, or <language>.json with one of ${trainingLanguages.join(', ')})`);
        continue;
      }
      const text = lessonTextSchema.safeParse(readJson(join(folder, id, file)));
      if (text.success) texts[language] = text.data;
      else problems.push(...text.error.issues.map((issue) => `${id}/${file}: ${issue.path.join('.')}: ${issue.message}`));
    }
    problems.push(...lessonProblems(id, metadata.data, texts));
    lessons.push({ id, metadata: metadata.data, texts });
  }
  if (problems.length > 0) throw new Error(`The built-in lesson library has problems:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  return lessons;
};
