import { z } from 'zod';
import { withoutControlCharacters, withoutNul } from './text.ts';
import { trainingLanguages, trainingTopicSchema } from './training-content.ts';

// An organisation's own training modules (issue 10, own content): an MP4 video or a SCORM 1.2 / 2004
// package uploaded by an admin. The upload is the raw file in the body (streamed, never held whole);
// the module's words travel in the query string. A SCORM package plays from a sandboxed origin of its
// own (the phishing listener's), with the SCORM runtime in the learner's page.

/** What a module plays: a narrated video (built-in lessons, own MP4s) or a SCORM package. */
export const trainingModuleKinds = ['video', 'scorm'] as const;
export const trainingModuleKindSchema = z.enum(trainingModuleKinds);
export type TrainingModuleKind = z.infer<typeof trainingModuleKindSchema>;

export const scormVersions = ['1.2', '2004'] as const;
export const scormVersionSchema = z.enum(scormVersions);
export type ScormVersion = z.infer<typeof scormVersionSchema>;

/** The types an upload may declare: an MP4 video, or a SCORM package as a zip. */
export const ownModuleUploadTypes = ['video/mp4', 'application/zip', 'application/x-zip-compressed'] as const;

const languageList = z
  .string()
  .trim()
  .transform((text) => [...new Set(text.split(',').map((item) => item.trim()).filter(Boolean))])
  .pipe(
    z
      .array(z.enum(trainingLanguages, { error: `must be among ${trainingLanguages.join(', ')}` }))
      .min(1, { error: 'must name at least one language' }),
  );

/**
 * POST /api/training-modules/own/ query: the new module's words (its title also read from a SCORM
 * manifest when left empty). The body is the file itself: `video/mp4` or a SCORM zip.
 */
export const ownModuleUploadQuerySchema = z
  .object({
    title: z.string().trim().max(120, { error: 'must be at most 120 characters' }).refine(...withoutControlCharacters).default(''),
    summary: z.string().trim().max(400, { error: 'must be at most 400 characters' }).refine(...withoutNul).default(''),
    topic: trainingTopicSchema,
    minutes: z.coerce.number({ error: 'must be a number of minutes' }).int({ error: 'must be a whole number of minutes' }).min(1, { error: 'must be 1 or more' }).max(60, { error: 'must be at most 60' }),
    /** The languages the module is in, comma-separated (e.g. `en_us,fr_fr`). */
    languages: languageList,
  });
// No component id: @fastify/swagger cannot resolve a $ref'd querystring into parameters.
export type OwnModuleUploadQuery = z.output<typeof ownModuleUploadQuerySchema>;

/** PUT /api/training-modules/own/{id}/captions/{language}/: WebVTT captions for an own video. */
export const ownModuleCaptionsParamsSchema = z.object({
  id: z.uuid({ error: 'must be a training module' }),
  language: z.enum(trainingLanguages, { error: `must be one of ${trainingLanguages.join(', ')}` }),
});

/** Where a learner left a SCORM module: handed back to it when it starts again. */
export const scormStateSchema = z.object({
  suspendData: z.string().max(64_000, { error: 'must be at most 64000 characters' }).refine(...withoutNul),
  location: z.string().max(1000, { error: 'must be at most 1000 characters' }).refine(...withoutNul),
});
export type ScormState = z.infer<typeof scormStateSchema>;

/**
 * How the browser plays a SCORM module: the launch page on the sandboxed origin (a signed,
 * expiring address), that origin (the only one the runtime in the page answers), the version
 * (which API the package looks for: `API` for 1.2, `API_1484_11` for 2004) and where it resumes.
 */
export const scormLaunchSchema = z
  .object({
    version: scormVersionSchema,
    launchUrl: z.string(),
    origin: z.string(),
    state: scormStateSchema,
  })
  .meta({ id: 'ScormLaunch' });
export type ScormLaunch = z.infer<typeof scormLaunchSchema>;

const cmiText = (max: number) => z.string().max(max, { error: `must be at most ${max} characters` }).refine(...withoutNul).optional();
const cmiNumber = z.number({ error: 'must be a number' }).finite().optional();

/**
 * PUT /api/my-trainings/{id}/scorm/ body: what the SCORM runtime holds after a commit, as the package
 * set it (the server reads the outcome from it). 1.2: `lessonStatus` and `scoreRaw` (with
 * `scoreMin`/`scoreMax`); 2004: `completionStatus`, `successStatus`, `scoreScaled` or `scoreRaw`.
 * `session` names one run of the package, so a failure is counted once per run however often it commits.
 */
export const scormCommitBodySchema = z
  .object({
    session: z.string().min(8, { error: 'must name the run' }).max(64, { error: 'must be at most 64 characters' }).refine(...withoutControlCharacters),
    lessonStatus: cmiText(20),
    completionStatus: cmiText(20),
    successStatus: cmiText(20),
    scoreRaw: cmiNumber,
    scoreMin: cmiNumber,
    scoreMax: cmiNumber,
    scoreScaled: cmiNumber,
    suspendData: cmiText(64_000),
    location: cmiText(1000),
  })
  .meta({ id: 'ScormCommitBody' });
export type ScormCommitBody = z.infer<typeof scormCommitBodySchema>;
