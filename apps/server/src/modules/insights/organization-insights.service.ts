import type { AuthManagement } from '@vigil/auth-provider';
import type { DeviceProtection, MfaProtection, SignInActivity, SignInAnomalies, SignInAnomalyRule, TrainingStatus } from '@vigil/contracts';
import { signInAnomalyRules } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { now } from '../../lib/clock.ts';
import { type Tenant, requireAdminRole } from '../../lib/tenant.ts';
import { organizationInsightsRepository } from './organization-insights.repository.ts';

const dayMs = 24 * 60 * 60 * 1000;
const forbidden = 'Only an admin may read the organization’s insights';

/** The first instant of the window: `days` whole UTC days, today included. */
const windowStart = (days: number, today: Date) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - (days - 1) * dayMs);

const daysOf = (since: Date, days: number) => Array.from({ length: days }, (_, index) => new Date(since.getTime() + index * dayMs).toISOString().slice(0, 10));

/**
 * Sign-ins over the window (/insights/organization/user-login-activity/): by day and outcome (every
 * day present, zeros included), by method, and the people with the most failed attempts.
 * @throws AppError FORBIDDEN for anyone but an admin.
 */
export const getSignInActivity = async (db: Db, tenant: Tenant, days: number): Promise<SignInActivity> => {
  requireAdminRole(tenant, forbidden);
  const repository = organizationInsightsRepository(db, tenant);
  const since = windowStart(days, now());
  const [byDay, methods, mostFailures] = [await repository.signInsByDay(since), await repository.signInsByMethod(since), await repository.mostFailures(since, 10)];
  const count = (rows: { type: string; count: number }[], type: string) => rows.filter((row) => row.type === type).reduce((sum, row) => sum + row.count, 0);
  const methodNames = [...new Set(methods.byMethod.map((row) => row.method))];
  return {
    days,
    totals: { succeeded: count(byDay, 'sign_in'), failed: count(byDay, 'sign_in_failed'), blocked: count(byDay, 'sign_in_blocked'), people: methods.people },
    byDay: daysOf(since, days).map((day) => {
      const rows = byDay.filter((row) => row.day === day);
      return { day, succeeded: count(rows, 'sign_in'), failed: count(rows, 'sign_in_failed'), blocked: count(rows, 'sign_in_blocked') };
    }),
    byMethod: methodNames
      .map((method) => {
        const rows = methods.byMethod.filter((row) => row.method === method);
        return { method, succeeded: count(rows, 'sign_in'), failed: count(rows, 'sign_in_failed') + count(rows, 'sign_in_blocked') };
      })
      .sort((a, b) => b.succeeded + b.failed - (a.succeeded + a.failed)),
    mostFailures: mostFailures.map((row) => ({ ...row, lastAt: row.lastAt.toISOString() })),
  };
};

const textOr = (value: unknown) => (typeof value === 'string' ? value : null);
const intOr = (value: unknown) => (typeof value === 'number' ? Math.round(value) : null);

/**
 * What the sign-in anomaly rules found over the window (/insights/organization/anomalous-activity/):
 * counts by rule, and the newest 200 with the person and what was unusual.
 * @throws AppError FORBIDDEN for anyone but an admin.
 */
export const getSignInAnomalies = async (db: Db, tenant: Tenant, days: number): Promise<SignInAnomalies> => {
  requireAdminRole(tenant, forbidden);
  const repository = organizationInsightsRepository(db, tenant);
  const since = windowStart(days, now());
  const byRule = await repository.anomaliesByRule(since);
  const latest = await repository.latestAnomalies(since, 200);
  const known = (rule: unknown): rule is SignInAnomalyRule => (signInAnomalyRules as readonly unknown[]).includes(rule);
  return {
    days,
    byRule: signInAnomalyRules.map((rule) => {
      const found = byRule.find((row) => row.rule === rule);
      return { rule, count: found?.count ?? 0, people: found?.people ?? 0 };
    }),
    anomalies: latest
      .filter((row) => known(row.data.rule))
      .map((row) => ({
        at: row.at.toISOString(),
        rule: row.data.rule as SignInAnomalyRule,
        person: row.person,
        device: textOr(row.data.device),
        country: textOr(row.data.country),
        previousCountry: textOr(row.data.previousCountry),
        km: intOr(row.data.km),
        kmPerHour: intOr(row.data.kmPerHour),
        attempts: intOr(row.data.attempts),
      })),
  };
};

/**
 * Who can prove who they are with what (/insights/organization/mfa-protection-status/), from the
 * authentication provider's record of each person's login.
 * @throws AppError FORBIDDEN for anyone but an admin.
 */
export const getMfaProtection = async (db: Db, management: AuthManagement, tenant: Tenant): Promise<MfaProtection> => {
  requireAdminRole(tenant, forbidden);
  const everyone = await organizationInsightsRepository(db, tenant).activePeople();
  const factors = new Map((await management.describeFactors(everyone.flatMap((person) => (person.auth_user_id ? [person.auth_user_id] : [])))).map((row) => [row.userId, row]));
  const departments = new Map<string, { name: string; people: number; withSecondFactor: number }>();
  let password = 0, email = 0, phone = 0, authenticatorApp = 0, passkey = 0, secondFactor = 0, stepUpRequired = 0, withoutLogin = 0;
  for (const person of everyone) {
    const held = person.auth_user_id ? factors.get(person.auth_user_id) : undefined;
    const hasSecondFactor = Boolean(held?.secondFactor);
    if (!held) withoutLogin += 1;
    if (held?.password) password += 1;
    if (held?.email) email += 1;
    if (held?.phone) phone += 1;
    if (held?.authenticatorApp) authenticatorApp += 1;
    if (held?.passkey) passkey += 1;
    if (hasSecondFactor) secondFactor += 1;
    if (held?.stepUpRequired) stepUpRequired += 1;
    const name = person.department ?? '';
    const department = departments.get(name) ?? { name, people: 0, withSecondFactor: 0 };
    department.people += 1;
    if (hasSecondFactor) department.withSecondFactor += 1;
    departments.set(name, department);
  }
  return {
    people: everyone.length,
    factors: [
      { factor: 'password', people: password },
      { factor: 'email', people: email },
      { factor: 'phone', people: phone },
      { factor: 'authenticator_app', people: authenticatorApp },
      { factor: 'passkey', people: passkey },
    ],
    withSecondFactor: secondFactor,
    stepUpRequired,
    withoutLogin,
    byDepartment: [...departments.values()].sort((a, b) => a.withSecondFactor / a.people - b.withSecondFactor / b.people || a.name.localeCompare(b.name)),
  };
};

/**
 * The kinds of device people sign in from over the window (/insights/organization/device-protection-status/).
 * What a device's protection is (endpoint security, encryption, patches) needs a device-management
 * connection, which no organisation has yet: the answer says so rather than guess.
 * @throws AppError FORBIDDEN for anyone but an admin.
 */
export const getDeviceProtection = async (db: Db, tenant: Tenant, days: number): Promise<DeviceProtection> => {
  requireAdminRole(tenant, forbidden);
  const { devices, peopleOnSeveralSystems } = await organizationInsightsRepository(db, tenant).devices(windowStart(days, now()));
  return { days, devices, peopleOnSeveralSystems, endpointDataConnected: false };
};

/**
 * Training by department (/insights/organization/training-status/): assigned, completed, overdue and
 * failed lessons of active people, and completions by month over the last six months.
 * @throws AppError FORBIDDEN for anyone but an admin.
 */
export const getTrainingStatus = async (db: Db, tenant: Tenant): Promise<TrainingStatus> => {
  requireAdminRole(tenant, forbidden);
  const repository = organizationInsightsRepository(db, tenant);
  const today = now();
  const byDepartment = await repository.trainingByDepartment(today);
  const sum = (key: 'assigned' | 'completed' | 'overdue' | 'failed') => byDepartment.reduce((total, row) => total + row[key], 0);
  const months = Array.from({ length: 6 }, (_, index) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 5 + index, 1)));
  const completed = await repository.completedByMonth(months[0]!);
  return {
    totals: { assigned: sum('assigned'), completed: sum('completed'), overdue: sum('overdue'), failed: sum('failed'), people: await repository.peopleWithTraining() },
    byDepartment: byDepartment.map((row) => ({ ...row, name: row.name ?? '' })),
    completedByMonth: months.map((month) => {
      const key = month.toISOString().slice(0, 7);
      return { month: key, completed: completed.find((row) => row.month === key)?.completed ?? 0 };
    }),
  };
};
