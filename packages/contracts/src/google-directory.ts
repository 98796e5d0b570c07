import { z } from 'zod';

/**
 * Google Workspace directory sync: Vigil reads the Workspace directory (Google pushes no SCIM to
 * other services) with a service account that has domain-wide delegation, and keeps the
 * organisation's people in step with it.
 */

/** The read-only scopes the service account is granted in the Admin console (domain-wide delegation). */
export const googleDirectoryScopes = [
  'https://www.googleapis.com/auth/admin.directory.user.readonly',
  'https://www.googleapis.com/auth/admin.directory.orgunit.readonly',
] as const;

export const googleDirectorySchedules = ['off', 'hourly', 'every_4_hours', 'every_12_hours', 'daily'] as const;
export type GoogleDirectorySchedule = (typeof googleDirectorySchedules)[number];

const orgUnitPathSchema = z
  .string()
  .trim()
  .max(500)
  .startsWith('/', { error: 'must be an org unit path starting with /, e.g. /Staff' })
  .refine((path) => !/[\p{Cc}]/u.test(path), { error: 'must not contain control characters' });

/**
 * The settings an admin saves. The service account's JSON key (the file Google Cloud gives when a
 * key is created) is needed the first time and whenever it is replaced; it is never sent back.
 */
export const saveGoogleDirectoryBodySchema = z
  .object({
    serviceAccountKey: z.string().max(20_000).optional().describe("The service account's JSON key file, as text; omit to keep the stored key"),
    subject: z.email({ error: 'must be the email address of a Workspace admin' }).max(320).describe('The Workspace admin the service account acts as'),
    customer: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_]{1,64}$/, { error: 'must be my_customer or a customer id such as C01abc23d' })
      .default('my_customer'),
    domain: z
      .string()
      .trim()
      .max(253)
      .regex(/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, { error: 'must be a domain name such as example.com' })
      .nullish()
      .describe('Only users of this domain (a multi-domain account); empty: every domain of the customer'),
    orgUnitPath: orgUnitPathSchema.nullish().describe('Only users in this org unit and below; empty: the whole account'),
    schedule: z.enum(googleDirectorySchedules).default('off'),
    deactivateMissing: z.boolean().default(false).describe('Deactivate people Google no longer lists'),
  })
  .meta({ id: 'SaveGoogleDirectoryBody' });
export type SaveGoogleDirectoryBody = z.input<typeof saveGoogleDirectoryBodySchema>;

export const googleDirectoryConnectionSchema = z
  .object({
    hasKey: z.literal(true),
    clientEmail: z.string(),
    /** The OAuth client id the Admin console's domain-wide delegation is granted to. */
    clientId: z.string().nullable(),
    privateKeyId: z.string().nullable(),
    subject: z.string(),
    customer: z.string(),
    domain: z.string().nullable(),
    orgUnitPath: z.string().nullable(),
    schedule: z.enum(googleDirectorySchedules),
    deactivateMissing: z.boolean(),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'GoogleDirectoryConnection' });
export type GoogleDirectoryConnection = z.infer<typeof googleDirectoryConnectionSchema>;

export const googleDirectoryRunStates = ['queued', 'running', 'succeeded', 'failed'] as const;

export const googleDirectoryRunSchema = z
  .object({
    id: z.uuid(),
    dryRun: z.boolean(),
    trigger: z.enum(['manual', 'schedule']),
    state: z.enum(googleDirectoryRunStates),
    counts: z.object({
      usersSeen: z.int(),
      created: z.int(),
      updated: z.int(),
      deactivated: z.int(),
      reactivated: z.int(),
      unchanged: z.int(),
      skipped: z.int(),
      enrolledIn2Sv: z.int(),
    }),
    /** While it runs: how many of the users it has worked through. */
    progress: z.object({ done: z.int(), total: z.int(), message: z.string().nullable() }).nullable(),
    error: z.string().nullable(),
    /**
     * Set when the sync would deactivate more people than one run may without the admin's
     * confirmation (`limit`, 10% of the people Google manages in Vigil): a sync then changes nobody
     * (it fails, saying why, and its change log lists what it would have done); a preview says so.
     * Starting a sync with `confirmDeactivations` of at least `deactivations` lets it go ahead.
     */
    heldBack: z.object({ deactivations: z.int(), limit: z.int() }).nullable(),
    /** The most people the admin allowed this sync to deactivate, when they confirmed more than the limit. */
    confirmedDeactivations: z.int().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    startedAt: z.iso.datetime({ offset: true }).nullable(),
    finishedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'GoogleDirectoryRun' });
export type GoogleDirectoryRun = z.infer<typeof googleDirectoryRunSchema>;

export const googleDirectorySettingsSchema = z
  .object({
    connection: googleDirectoryConnectionSchema.nullable(),
    /** The scopes to paste into the Admin console beside the client id. */
    scopes: z.array(z.string()),
    lastRuns: z.array(googleDirectoryRunSchema),
  })
  .meta({ id: 'GoogleDirectorySettings' });
export type GoogleDirectorySettings = z.infer<typeof googleDirectorySettingsSchema>;

export const googleDirectoryTestResultSchema = z
  .discriminatedUnion('ok', [
    z.object({
      ok: z.literal(true),
      /** Users on the first page Google gave (up to 500); `moreUsers` when further pages follow. */
      userCount: z.int(),
      moreUsers: z.boolean(),
      orgUnits: z.array(z.string()),
    }),
    z.object({
      ok: z.literal(false),
      /** Google's own error code (unauthorized_client, invalid_grant, 403…), for support. */
      googleError: z.string().nullable(),
      /** What to do about it, for the admin. */
      problem: z.string(),
    }),
  ])
  .meta({ id: 'GoogleDirectoryTestResult' });
export type GoogleDirectoryTestResult = z.infer<typeof googleDirectoryTestResultSchema>;

export const startGoogleDirectoryRunBodySchema = z
  .object({
    dryRun: z.boolean().default(false),
    confirmDeactivations: z
      .int()
      .min(1)
      .max(10_000_000)
      .optional()
      .describe('Let this sync deactivate up to this many people, more than the safety limit: the number a preview or a held-back sync listed'),
  })
  .refine((body) => !(body.dryRun && body.confirmDeactivations !== undefined), { error: 'is for a sync, not a preview', path: ['confirmDeactivations'] })
  .meta({ id: 'StartGoogleDirectoryRunBody' });
export type StartGoogleDirectoryRunBody = z.input<typeof startGoogleDirectoryRunBodySchema>;

export const googleDirectoryRunParamsSchema = z.object({ runId: z.uuid() });

export const googleDirectoryRunsQuerySchema = z.object({
  cursor: z.string().max(512).regex(/^[A-Za-z0-9_-]+$/, { error: 'is not a cursor this list gave out' }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const googleDirectoryRunsSchema = z.object({ items: z.array(googleDirectoryRunSchema), nextCursor: z.string().nullable() }).meta({ id: 'GoogleDirectoryRuns' });

export const googleDirectoryChangeKinds = ['created', 'updated', 'deactivated', 'reactivated', 'skipped'] as const;

export const googleDirectoryChangeSchema = z
  .object({
    personId: z.uuid().nullable(),
    googleUserId: z.string(),
    email: z.string(),
    kind: z.enum(googleDirectoryChangeKinds),
    fields: z.array(z.object({ field: z.string(), before: z.union([z.string(), z.boolean()]).nullable(), after: z.union([z.string(), z.boolean()]).nullable() })),
    reason: z.string().nullable(),
  })
  .meta({ id: 'GoogleDirectoryChange' });
export type GoogleDirectoryChange = z.infer<typeof googleDirectoryChangeSchema>;

export const googleDirectoryChangesQuerySchema = z.object({
  cursor: z.string().max(512).regex(/^[A-Za-z0-9_-]+$/, { error: 'is not a cursor this list gave out' }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  kind: z.enum(googleDirectoryChangeKinds).optional(),
});

export const googleDirectoryChangesSchema = z.object({ items: z.array(googleDirectoryChangeSchema), nextCursor: z.string().nullable() }).meta({ id: 'GoogleDirectoryChanges' });
