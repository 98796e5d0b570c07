import type { TrainingLanguage, TrainingModuleDetail, TrainingModuleSummary, TrainingTopic } from '@vigil/contracts';
import type { TrainingModuleRow } from '@vigil/db';
import type { SecretBox } from '../../../lib/secrets.ts';
import type { LessonText } from '../library/lesson-library.ts';
import { mediaFiles } from '../library/video/lesson-video.ts';
import { presentMedia, signMediaUrl } from '../media/training-media.ts';
import { presentScormLaunch } from '../own-content/scorm-sandbox.ts';

const fallbackLanguage: TrainingLanguage = 'en_us';

/** The module's words in `language`, or in English when it lacks that language. */
export const moduleText = (module: TrainingModuleRow, language: TrainingLanguage | undefined): { language: TrainingLanguage; text: LessonText } => {
  const texts = module.texts as Partial<Record<TrainingLanguage, LessonText>>;
  if (language && texts[language]) return { language, text: texts[language] };
  return { language: fallbackLanguage, text: (texts[fallbackLanguage] ?? Object.values(texts)[0])! };
};

export const presentModuleSummary = (secrets: SecretBox, module: TrainingModuleRow, language: TrainingLanguage | undefined, now = new Date()): TrainingModuleSummary => {
  const { text } = moduleText(module, language);
  return {
    id: module.id,
    source: module.source,
    kind: module.kind,
    topic: module.topic as TrainingTopic,
    title: text.title,
    summary: text.summary,
    minutes: module.minutes,
    passScore: module.passScore,
    questions: text.quiz.length,
    languages: module.languages as TrainingLanguage[],
    remediates: module.remediates as TrainingModuleSummary['remediates'],
    version: module.version,
    // Own modules have no poster (yet): the catalogue shows their kind instead.
    posterUrl: module.source === 'own' ? null : signMediaUrl(secrets, module.id, mediaFiles.poster, now),
  };
};

/** The languages a module has caption tracks in: every language of a built-in lesson; an own video's uploaded ones. */
export const captionLanguages = (module: TrainingModuleRow): TrainingLanguage[] => {
  if (module.source !== 'own') return module.languages as TrainingLanguage[];
  const texts = module.texts as Partial<Record<TrainingLanguage, { hasCaptions?: boolean }>>;
  return (module.languages as TrainingLanguage[]).filter((language) => texts[language]?.hasCaptions === true);
};

/** A module's media facts for the signed addresses. */
export const mediaFacts = (module: TrainingModuleRow) => ({ id: module.id, languages: captionLanguages(module), durationSeconds: module.durationSeconds, hasPoster: module.source !== 'own' });

/** The slides in one language, each with the window it shows in the video. */
export const presentSlides = (module: TrainingModuleRow, text: LessonText) =>
  text.slides.map((slide, index) => {
    const window = module.slideTimings[index];
    return {
      heading: slide.heading,
      points: slide.points,
      ...(slide.example ? { example: slide.example } : {}),
      narration: slide.narration,
      startSeconds: window?.start ?? 0,
      endSeconds: window?.end ?? 0,
    };
  });

/** The admin's preview: the whole lesson in one language, quiz answers and explanations included. */
export const presentModuleDetail = (secrets: SecretBox, module: TrainingModuleRow, language: TrainingLanguage | undefined, now = new Date(), sandboxUrl?: string): TrainingModuleDetail => {
  const chosen = moduleText(module, language);
  return {
    ...presentModuleSummary(secrets, module, chosen.language, now),
    language: chosen.language,
    slides: presentSlides(module, chosen.text),
    quiz: chosen.text.quiz.map((question) => ({ question: question.question, choices: question.choices, answer: question.answer, explanation: question.explanation })),
    media: presentMedia(secrets, mediaFacts(module), now),
    scorm: sandboxUrl ? presentScormLaunch(secrets, sandboxUrl, module, null, now) : null,
  };
};
