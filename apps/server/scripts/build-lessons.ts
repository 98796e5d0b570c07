import { parseArgs } from 'node:util';
import { buildLessonMedia } from '../src/modules/training/library/video/lesson-media-build.ts';

// npm run lessons:build [-- [--force] [--root <content folder>] [--slides <folder>] [lesson ...]]
// Builds the videos, posters, timings and captions of the built-in lessons (see lesson-media-build.ts).

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    root: { type: 'string' },
    force: { type: 'boolean', default: false },
    slides: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(`Usage: npm run lessons:build -- [--force] [--root <content folder>] [--slides <folder>] [lesson ...]
  --force    build the videos again even when their English source has not changed
  --root     the folder holding training-modules/ (default: the repository's content/)
  --slides   also write each built lesson's slide images to <folder>/<lesson>/ to look at them
  lesson     only these lessons (their folder names)`);
  process.exit(0);
}

try {
  const outcomes = buildLessonMedia({ root: values.root, force: values.force, slidesOut: values.slides, only: positionals.length > 0 ? positionals : undefined });
  const built = outcomes.filter((outcome) => outcome.video === 'built').length;
  const skipped = outcomes.filter((outcome) => outcome.video === 'skipped').length;
  console.log(`${outcomes.length} lessons: ${built} videos built, ${outcomes.length - built - skipped} unchanged, ${skipped} skipped.`);
  if (skipped > 0) process.exitCode = 1;
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
