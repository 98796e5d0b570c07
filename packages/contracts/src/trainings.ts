import { z } from 'zod';
import { audienceSchema } from './campaigns.ts';
import { isoDateTimeSchema } from './dates.ts';
import { failureEventTypes } from './events.ts';
import { templateCategorySchema } from './phishing-content.ts';
import { slideExampleKindSchema, trainingLanguages, trainingTopicSchema } from './training-content.ts';
import { scormLaunchSchema, trainingModuleKindSchema } from './training-uploads.ts';
import { searchTextSchema } from './text.ts';

// The training API (issue 10, first increment): the module catalogue, assignments, the learner's
// player (progress, quiz, certificate), and the organisation's training settings. Media (video,
// captions, poster) are served by signed, expiring URLs so a <video> element can load them without
// a bearer token: see `TrainingMedia`.

export const trainingLanguageSchema = z.enum(trainingLanguages, { error: `must be one of ${trainingLanguages.join(', ')}` });

/** Where a module comes from: the built-in library, or the organisation's own (uploads come later). */
export const trainingModuleSources = ['built-in', 'own'] as const;

/** The signed addresses of a module's media, valid for a few hours. */
export const trainingMediaSchema = z
  .object({
    videoUrl: z.string(),
    posterUrl: z.string().nullable(),
    /** One caption track per language the module has. */
    captions: z.array(z.object({ language: trainingLanguageSchema, url: z.string() })),
    durationSeconds: z.number().min(0),
  })
  .meta({ id: 'TrainingMedia' });
export type TrainingMedia = z.infer<typeof trainingMediaSchema>;

/** A module in the catalogue. */
export const trainingModuleSummarySchema = z
  .object({
    id: z.uuid(),
    source: z.enum(trainingModuleSources),
    /** A video with its quiz, or a SCORM package (own modules only). */
    kind: trainingModuleKindSchema,
    topic: trainingTopicSchema,
    /** In the language asked for, or English when the module lacks it. */
    title: z.string(),
    summary: z.string(),
    minutes: z.int(),
    passScore: z.int(),
    questions: z.int(),
    languages: z.array(trainingLanguageSchema),
    remediates: z.array(templateCategorySchema),
    version: z.int(),
    posterUrl: z.string().nullable(),
  })
  .meta({ id: 'TrainingModuleSummary' });
export type TrainingModuleSummary = z.infer<typeof trainingModuleSummarySchema>;

/** GET /api/training-modules/ query: the catalogue's filters. */
export const trainingModulesQuerySchema = z.object({
  topic: trainingTopicSchema.optional(),
  language: trainingLanguageSchema.optional(),
  maxMinutes: z.coerce.number().int().min(1, { error: 'must be 1 or more' }).max(60, { error: 'must be at most 60' }).optional(),
  search: searchTextSchema(100).optional(),
});
export type TrainingModulesQuery = z.infer<typeof trainingModulesQuerySchema>;

export const trainingModuleListSchema = z.object({ items: z.array(trainingModuleSummarySchema) }).meta({ id: 'TrainingModuleList' });

const slideSchema = z.object({
  heading: z.string(),
  points: z.array(z.string()),
  example: z
    .object({
      kind: slideExampleKindSchema,
      from: z.string().optional(),
      subject: z.string().optional(),
      lines: z.array(z.string()),
      flags: z.array(z.object({ line: z.int(), note: z.string() })),
    })
    .optional(),
  narration: z.string(),
  /** When this slide shows in the video. */
  startSeconds: z.number(),
  endSeconds: z.number(),
});

/** A quiz question as the learner sees it: no answer. */
export const quizQuestionSchema = z.object({ question: z.string(), choices: z.array(z.string()) });

/** GET /api/training-modules/{id}/?language=: the admin's preview, answers included. */
export const trainingModuleDetailSchema = trainingModuleSummarySchema
  .extend({
    language: trainingLanguageSchema,
    slides: z.array(slideSchema),
    quiz: z.array(quizQuestionSchema.extend({ answer: z.int(), explanation: z.string() })),
    media: trainingMediaSchema,
    /** A SCORM module's launch (a preview: nothing it reports is kept); null for a video. */
    scorm: scormLaunchSchema.nullable(),
  })
  .meta({ id: 'TrainingModuleDetail' });
export type TrainingModuleDetail = z.infer<typeof trainingModuleDetailSchema>;

export const trainingLanguageQuerySchema = z.object({ language: trainingLanguageSchema.optional() });

/** Why a person has an assignment. */
export const assignmentReasons = ['assigned', 'remedial', 'cadence'] as const;
export const assignmentStatuses = ['assigned', 'in_progress', 'completed', 'failed', 'cancelled'] as const;
export const assignmentStatusSchema = z.enum(assignmentStatuses);
export type AssignmentStatus = z.infer<typeof assignmentStatusSchema>;

/** POST /api/training-assignments/ body: a module for an audience, due on a date. */
export const createTrainingAssignmentsBodySchema = z
  .object({
    moduleId: z.uuid({ error: 'must be a training module' }),
    audience: audienceSchema,
    dueAt: isoDateTimeSchema,
  })
  .meta({ id: 'CreateTrainingAssignmentsBody' });
export type CreateTrainingAssignmentsBody = z.infer<typeof createTrainingAssignmentsBodySchema>;

/** What an assignment round did: people who already had the module open are not assigned twice. */
export const createTrainingAssignmentsResultSchema = z.object({ assigned: z.int(), alreadyAssigned: z.int() }).meta({ id: 'CreateTrainingAssignmentsResult' });

/** One assignment in the admin's list. */
export const trainingAssignmentSchema = z
  .object({
    id: z.uuid(),
    personId: z.uuid(),
    name: z.string(),
    email: z.string(),
    department: z.string().nullable(),
    moduleId: z.uuid(),
    moduleTitle: z.string(),
    reason: z.enum(assignmentReasons),
    status: assignmentStatusSchema,
    overdue: z.boolean(),
    assignedAt: isoDateTimeSchema,
    dueAt: isoDateTimeSchema,
    completedAt: isoDateTimeSchema.nullable(),
    score: z.int().nullable(),
  })
  .meta({ id: 'TrainingAssignment' });
export type TrainingAssignment = z.infer<typeof trainingAssignmentSchema>;

/** GET /api/training-assignments/ query (keyset paged; `format=csv` streams every match). */
export const trainingAssignmentsQuerySchema = z.object({
  moduleId: z.uuid({ error: 'must be a training module' }).optional(),
  status: assignmentStatusSchema.optional(),
  overdue: z.enum(['true', 'false']).optional(),
  search: searchTextSchema(100).optional(),
  cursor: z.string().max(512).optional(),
  limit: z.coerce.number().int().min(1, { error: 'must be 1 or more' }).max(200, { error: 'must be at most 200' }).default(50),
  format: z.enum(['json', 'csv']).default('json'),
});
export type TrainingAssignmentsQuery = z.infer<typeof trainingAssignmentsQuerySchema>;

export const trainingAssignmentListSchema = z.object({ items: z.array(trainingAssignmentSchema), nextCursor: z.string().nullable() }).meta({ id: 'TrainingAssignmentList' });

/** One of the signed-in person's assignments (the learner's pages). */
export const learnerAssignmentSchema = z
  .object({
    id: z.uuid(),
    module: trainingModuleSummarySchema,
    reason: z.enum(assignmentReasons),
    status: assignmentStatusSchema,
    overdue: z.boolean(),
    assignedAt: isoDateTimeSchema,
    dueAt: isoDateTimeSchema,
    /** The furthest point of the video watched, in seconds, and the total. */
    watchedSeconds: z.number(),
    durationSeconds: z.number(),
    attempts: z.int(),
    score: z.int().nullable(),
    completedAt: isoDateTimeSchema.nullable(),
    /** Present once completed: where the certificate PDF downloads. */
    certificateUrl: z.string().nullable(),
  })
  .meta({ id: 'LearnerAssignment' });
export type LearnerAssignment = z.infer<typeof learnerAssignmentSchema>;

export const learnerAssignmentListSchema = z.object({ items: z.array(learnerAssignmentSchema) }).meta({ id: 'LearnerAssignmentList' });

/** GET /api/my-trainings/ query. */
export const learnerAssignmentsQuerySchema = z.object({
  /** learning: open; completed: finished; compliance: every assignment (open or finished) of the modules the organisation's compliance frameworks require. */
  tab: z.enum(['learning', 'completed', 'compliance'], { error: 'must be learning, completed or compliance' }).default('learning'),
  language: trainingLanguageSchema.optional(),
});

/** GET /api/my-trainings/{id}/?language=: what the player needs. Quiz answers stay on the server. */
export const learnerLessonSchema = z
  .object({
    assignment: learnerAssignmentSchema,
    language: trainingLanguageSchema,
    slides: z.array(slideSchema),
    quiz: z.array(quizQuestionSchema),
    media: trainingMediaSchema,
    /** A SCORM module's launch and where it resumes; null for a video. */
    scorm: scormLaunchSchema.nullable(),
    /** The organisation's rules: no seeking past what was watched; the quiz may be taken first. */
    noSkipAhead: z.boolean(),
    testOutAllowed: z.boolean(),
    /** How many quiz attempts are left (null: no limit). */
    attemptsLeft: z.int().nullable(),
    /** This language's words of an own module were machine-translated and no admin has reviewed them yet. */
    machineTranslated: z.boolean(),
  })
  .meta({ id: 'LearnerLesson' });
export type LearnerLesson = z.infer<typeof learnerLessonSchema>;

/** PUT /api/my-trainings/{id}/progress/ body: where the player is; the server keeps the furthest point. */
export const trainingProgressBodySchema = z
  .object({ watchedSeconds: z.number({ error: 'must be a number of seconds' }).min(0, { error: 'must be 0 or more' }).max(86_400, { error: 'must be at most 86400' }) })
  .meta({ id: 'TrainingProgressBody' });

/** POST /api/my-trainings/{id}/quiz/ body: one choice index per question, in order. */
export const quizSubmissionBodySchema = z
  .object({
    language: trainingLanguageSchema,
    answers: z.array(z.int({ error: 'must be choice numbers' }).min(0, { error: 'must be choice numbers' }).max(9, { error: 'must be choice numbers' })).min(1, { error: 'must answer the questions' }).max(20),
  })
  .meta({ id: 'QuizSubmissionBody' });
export type QuizSubmissionBody = z.infer<typeof quizSubmissionBodySchema>;

export const quizResultSchema = z
  .object({
    score: z.int(),
    passed: z.boolean(),
    passScore: z.int(),
    results: z.array(z.object({ correct: z.boolean(), answer: z.int(), explanation: z.string() })),
    assignment: learnerAssignmentSchema,
    attemptsLeft: z.int().nullable(),
  })
  .meta({ id: 'QuizResult' });
export type QuizResult = z.infer<typeof quizResultSchema>;

/** The organisation's training rules. */
export const trainingSettingsSchema = z
  .object({
    noSkipAhead: z.boolean(),
    testOutAllowed: z.boolean(),
    /** Quiz attempts per assignment; 0: no limit. */
    maxQuizAttempts: z.int({ error: 'must be a whole number' }).min(0, { error: 'must be 0 (no limit) or more' }).max(10, { error: 'must be at most 10' }),
    remedial: z.object({
      enabled: z.boolean(),
      /** Which outcomes of a simulation assign the remedial lesson. */
      failureEvents: z.array(z.enum(failureEventTypes, { error: `must be among ${failureEventTypes.join(', ')}` })).min(1, { error: 'must name at least one outcome' }),
      dueInDays: z.int({ error: 'must be a whole number of days' }).min(1, { error: 'must be at least 1' }).max(90, { error: 'must be at most 90' }),
    }),
    /** Reminder emails to the learner around the due date, and telling their manager when it is long past. */
    reminders: z.object({
      enabled: z.boolean(),
      /** Days before the due date the reminder goes; 0: none before it. */
      daysBefore: z.int({ error: 'must be a whole number of days' }).min(0, { error: 'must be 0 (none) or more' }).max(30, { error: 'must be at most 30' }),
      /** Once overdue, remind again every this many days; 0: once. */
      overdueEveryDays: z.int({ error: 'must be a whole number of days' }).min(0, { error: 'must be 0 (once) or more' }).max(30, { error: 'must be at most 30' }),
      /** Days past the due date the person's manager is told; 0: never. */
      escalateAfterDays: z.int({ error: 'must be a whole number of days' }).min(0, { error: 'must be 0 (never) or more' }).max(90, { error: 'must be at most 90' }),
    }),
  })
  .meta({ id: 'TrainingSettings' });
export type TrainingSettings = z.infer<typeof trainingSettingsSchema>;

export const defaultTrainingSettings: TrainingSettings = {
  noSkipAhead: true,
  testOutAllowed: false,
  maxQuizAttempts: 0,
  remedial: { enabled: true, failureEvents: ['clicked', 'submitted', 'attachment_opened', 'qr_scanned', 'replied', 'called'], dueInDays: 7 },
  reminders: { enabled: true, daysBefore: 2, overdueEveryDays: 7, escalateAfterDays: 7 },
};

/**
 * What PUT /api/training-settings/ takes: the rules, where `reminders` may be left out (a client
 * older than the reminders keeps the organisation's saved reminder rules, or the defaults).
 */
export const trainingSettingsBodySchema = trainingSettingsSchema.extend({ reminders: trainingSettingsSchema.shape.reminders.optional() }).meta({ id: 'TrainingSettingsBody' });
export type TrainingSettingsBody = z.infer<typeof trainingSettingsBodySchema>;

/** The event types training writes to the shared events table. */
export const trainingEventTypes = ['training_assigned', 'training_started', 'training_completed', 'training_failed', 'training_overdue'] as const;
export type TrainingEventType = (typeof trainingEventTypes)[number];
