import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { v5 as uuidv5 } from 'uuid';
import { type Db, type NewTrainingModuleRow, type Tx, trainingModules } from '@vigil/db';
import { contentRoot } from '../../phishing/templates/template-library.ts';
import { type LibraryLesson, lessonFolder, loadLessonLibrary } from './lesson-library.ts';
import { type LessonTiming, lessonTimingSchema, mediaFiles } from './video/lesson-video.ts';

// A fixed namespace: every server derives the same module id from a lesson's slug.
const lessonNamespace = '7c1e2a94-5b3d-4f60-8e21-3a9d6c0b4f17';

export const builtinModuleId = (slug: string) => uuidv5(slug, lessonNamespace);

/** The folder a built-in lesson's media (video, poster, captions, timing.json) is built into. */
export const builtinMediaFolder = (slug: string, root = contentRoot) => join(lessonFolder(root), slug, 'media');

/** A lesson's timing.json, or undefined when its media has not been built yet. */
export const readLessonTiming = (slug: string, root = contentRoot): LessonTiming | undefined => {
  const file = join(builtinMediaFolder(slug, root), mediaFiles.timing);
  return existsSync(file) ? lessonTimingSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
};

/** A built-in lesson as its training_modules row. */
export const builtinModuleRow = (lesson: LibraryLesson, timing: LessonTiming | undefined): NewTrainingModuleRow => {
  const languages = Object.keys(lesson.texts).sort();
  const slideTimings = (timing?.slides ?? []).map((slide) => ({ start: slide.start, end: slide.end }));
  const content = { metadata: lesson.metadata, texts: lesson.texts, duration: timing?.duration ?? 0, slideTimings };
  return {
    id: builtinModuleId(lesson.id),
    organizationId: null,
    builtinSlug: lesson.id,
    source: 'built-in',
    topic: lesson.metadata.topic,
    version: lesson.metadata.version,
    minutes: lesson.metadata.minutes,
    passScore: lesson.metadata.passScore,
    remediates: lesson.metadata.remediates,
    languages,
    texts: lesson.texts as Record<string, unknown>,
    durationSeconds: timing?.duration ?? 0,
    slideTimings,
    mediaKey: lesson.id,
    contentHash: `sha256:${createHash('sha256').update(JSON.stringify(content)).digest('hex')}`,
  };
};

// The files do not change while a process runs: read and check them once.
let library: NewTrainingModuleRow[] | undefined;
const builtinRows = () => (library ??= loadLessonLibrary().map((lesson) => builtinModuleRow(lesson, readLessonTiming(lesson.id))));

/**
 * Loads the built-in lessons (content/training-modules, with each one's media/timing.json) into
 * training_modules as read-only rows shared by every organisation, keyed by slug: inserted when new,
 * updated when the lesson's version went up or its content (texts, timing) changed at the same
 * version. Idempotent (a restart writes nothing) and safe when several servers start at once.
 * @throws Error naming every problem of the lesson files, when any is unsound.
 */
export const syncBuiltinLessons = async (db: Db | Tx, rows: readonly NewTrainingModuleRow[] = builtinRows()) => {
  if (rows.length === 0) return { modules: 0 };
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await db
    .insert(trainingModules)
    .values([...rows])
    .onConflictDoUpdate({
      target: trainingModules.id,
      set: {
        version: excluded('version'),
        topic: excluded('topic'),
        minutes: excluded('minutes'),
        passScore: excluded('pass_score'),
        remediates: excluded('remediates'),
        languages: excluded('languages'),
        texts: excluded('texts'),
        durationSeconds: excluded('duration_seconds'),
        slideTimings: excluded('slide_timings'),
        contentHash: excluded('content_hash'),
        archivedAt: null,
        updatedAt: sql`now()`,
      },
      // Never back to an older version (servers of two releases starting together); a same-version
      // change of words or timing (a fixed typo, rebuilt media) is taken.
      setWhere: sql`${trainingModules.version} < excluded.version or (${trainingModules.version} = excluded.version and ${trainingModules.contentHash} <> excluded.content_hash)`,
    });
  return { modules: rows.length };
};
