import type { Audience, CadenceRule, ModuleRequest, TrainingLanguage } from '@vigil/contracts';
import type { TrainingModuleRequestRow } from '@vigil/db';
import { localDateOf, nextPeriodAfter, periodOn, zonedMidnight } from './cadence-periods.ts';
import type { CadenceRuleWithTitle } from './cadence.repository.ts';

/**
 * When an annual or quarterly rule runs next: the start of the period it is in when that period has
 * not run yet (the hourly job catches up within the hour), else the next period's start.
 */
export const nextRunOf = ({ rule }: Pick<CadenceRuleWithTitle, 'rule'>, timeZone: string, now: Date) => {
  if (rule.pausedAt || rule.cadence === 'on_hire') return null;
  const today = localDateOf(now, timeZone);
  const current = periodOn(rule.cadence, rule.anchorDate, today);
  const next = current && rule.lastRun?.period !== current.key ? current : nextPeriodAfter(rule.cadence, rule.anchorDate, today);
  return { period: next.key, start: next.start, at: zonedMidnight(next.start, timeZone) };
};

export const presentCadenceRule = (row: CadenceRuleWithTitle, timeZone: string, now: Date): CadenceRule => ({
  id: row.rule.id,
  moduleId: row.rule.moduleId,
  moduleTitle: row.moduleTitle,
  audience: row.rule.audience as Audience,
  cadence: row.rule.cadence,
  dueInDays: row.rule.dueInDays,
  newHireWindowDays: row.rule.newHireWindowDays,
  anchorDate: row.rule.anchorDate,
  frameworkId: row.rule.frameworkId,
  state: row.rule.pausedAt ? 'paused' : 'active',
  nextRunAt: nextRunOf(row, timeZone, now)?.at.toISOString() ?? null,
  lastRun: row.rule.lastRun ?? null,
  createdAt: row.rule.createdAt.toISOString(),
});

export const presentModuleRequest = (row: TrainingModuleRequestRow & { requestedBy: string | null }): ModuleRequest => ({
  id: row.id,
  topic: row.topic,
  objectives: row.objectives,
  audience: row.audience,
  languages: row.languages as TrainingLanguage[],
  minutes: row.minutes,
  wantedBy: row.wantedBy,
  notes: row.notes,
  status: row.status,
  requestedBy: row.requestedBy,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const scheduleCsvColumns = ['date', 'kind', 'module', 'people', 'cadence', 'period'] as const;
