import { z } from 'zod';
import { isoDateTimeSchema } from './dates.ts';

// The organisation's insight subpages (/insights/organization/…): sign-ins, anomalies, second
// factors, devices and training, each read by an admin for their organisation.

/** The sign-in anomaly rules (apps/server/src/modules/risk/sign-in-anomalies.ts documents each). */
export const signInAnomalyRules = ['new_device', 'new_country', 'impossible_travel', 'lockout_burst'] as const;
export const signInAnomalyRuleSchema = z.enum(signInAnomalyRules);
export type SignInAnomalyRule = z.infer<typeof signInAnomalyRuleSchema>;

const windowDays = [7, 30, 90] as const;
/** ?days=7|30|90: how far back a subpage looks (30 by default). */
export const insightsWindowQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'must be 7, 30 or 90' })
    .refine((value): value is (typeof windowDays)[number] => (windowDays as readonly number[]).includes(value), { error: 'must be 7, 30 or 90' })
    .default(30),
});
export type InsightsWindowQuery = z.infer<typeof insightsWindowQuerySchema>;

const personReference = z.object({ id: z.uuid(), name: z.string(), email: z.string(), department: z.string().nullable() });

/** GET /api/insights/organization/sign-ins/: sign-in attempts over the window, by day, method and device. */
export const signInActivitySchema = z
  .object({
    days: z.int(),
    totals: z.object({ succeeded: z.int(), failed: z.int(), blocked: z.int(), people: z.int() }),
    byDay: z.array(z.object({ day: z.iso.date(), succeeded: z.int(), failed: z.int(), blocked: z.int() })),
    byMethod: z.array(z.object({ method: z.string(), succeeded: z.int(), failed: z.int() })),
    /** The people with the most failed attempts, most first (at most 10). */
    mostFailures: z.array(personReference.extend({ failed: z.int(), lastAt: isoDateTimeSchema })),
  })
  .meta({ id: 'SignInActivity' });
export type SignInActivity = z.infer<typeof signInActivitySchema>;

/** GET /api/insights/organization/anomalies/: what the rules found over the window, newest first. */
export const signInAnomaliesSchema = z
  .object({
    days: z.int(),
    byRule: z.array(z.object({ rule: signInAnomalyRuleSchema, count: z.int(), people: z.int() })),
    /** The newest 200 of them. */
    anomalies: z.array(
      z.object({
        at: isoDateTimeSchema,
        rule: signInAnomalyRuleSchema,
        person: personReference,
        device: z.string().nullable(),
        country: z.string().nullable(),
        previousCountry: z.string().nullable(),
        km: z.int().nullable(),
        kmPerHour: z.int().nullable(),
        attempts: z.int().nullable(),
      }),
    ),
  })
  .meta({ id: 'SignInAnomalies' });
export type SignInAnomalies = z.infer<typeof signInAnomaliesSchema>;

/** The ways a person can prove who they are, as our provider holds them. */
export const signInFactorKinds = ['password', 'email', 'phone', 'authenticator_app', 'passkey'] as const;
export type SignInFactorKind = (typeof signInFactorKinds)[number];

/** GET /api/insights/organization/mfa/: who has which factors, and who signs in with one factor only. */
export const mfaProtectionSchema = z
  .object({
    people: z.int(),
    /** People holding each factor (authenticator apps and passkeys: 0 until the provider offers them). */
    factors: z.array(z.object({ factor: z.enum(signInFactorKinds), people: z.int() })),
    /** People with a second factor beyond password and email (a verified phone today). */
    withSecondFactor: z.int(),
    /** People an adaptive control requires to confirm a code at their next sign-ins. */
    stepUpRequired: z.int(),
    /** People with no login yet (invited, never signed up). */
    withoutLogin: z.int(),
    byDepartment: z.array(z.object({ name: z.string(), people: z.int(), withSecondFactor: z.int() })),
  })
  .meta({ id: 'MfaProtection' });
export type MfaProtection = z.infer<typeof mfaProtectionSchema>;

/** GET /api/insights/organization/devices/: the kinds of device people sign in from (what sign-ins tell). */
export const deviceProtectionSchema = z
  .object({
    days: z.int(),
    devices: z.array(z.object({ os: z.string(), browser: z.string(), people: z.int(), signIns: z.int() })),
    /** People whose sign-ins came from more than one operating system in the window. */
    peopleOnSeveralSystems: z.int(),
    /** Endpoint protection, disk encryption and patch level need a device-management connection. */
    endpointDataConnected: z.boolean(),
  })
  .meta({ id: 'DeviceProtection' });
export type DeviceProtection = z.infer<typeof deviceProtectionSchema>;

/** GET /api/insights/organization/training/: assignments by state, overall and by department. */
const trainingCounts = z.object({ assigned: z.int(), completed: z.int(), overdue: z.int(), failed: z.int(), people: z.int() });
export const trainingStatusSchema = z
  .object({
    totals: trainingCounts,
    byDepartment: z.array(trainingCounts.extend({ name: z.string() })),
    /** Completed assignments by month, oldest first (the last six months). */
    completedByMonth: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), completed: z.int() })),
  })
  .meta({ id: 'TrainingStatus' });
export type TrainingStatus = z.infer<typeof trainingStatusSchema>;
