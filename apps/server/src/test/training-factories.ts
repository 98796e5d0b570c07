import { eq } from 'drizzle-orm';
import { type Db, trainingModules } from '@vigil/db';
import { builtinModuleId, syncBuiltinLessons } from '../modules/training/library/builtin-lessons.ts';
import type { LessonText } from '../modules/training/library/lesson-library.ts';

/** The built-in lessons in training_modules (idempotent: every test file may call it). */
export const syncLessons = (db: Db) => syncBuiltinLessons(db);

/** A built-in module's row, with its English quiz answers, for tests that pass (or fail) the quiz. */
export const builtinModule = async (db: Db, slug: string) => {
  const [row] = await db.select().from(trainingModules).where(eq(trainingModules.id, builtinModuleId(slug)));
  const english = (row!.texts as Record<string, LessonText>).en_us!;
  return { ...row!, answers: english.quiz.map((question) => question.answer), questions: english.quiz.length };
};

/** Answers with exactly `wrong` of them wrong. */
export const answersWithWrong = (answers: readonly number[], wrong: number) => answers.map((answer, index) => (index < wrong ? (answer + 1) % 3 : answer));
