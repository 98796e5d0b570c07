import type { ExecutiveReport } from '@vigil/contracts';
import { riskBand } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import type { OrgScope } from '../../lib/scope.ts';
import { readComplianceSummary } from '../compliance/compliance.service.ts';
import { readOrganizationRisk } from '../risk/risk.service.ts';
import { recommendActions } from './recommended-actions.ts';
import { reportingRepository } from './reporting.repository.ts';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The executive report of the last `days` days, from what the product already keeps: the risk
 * projection and its daily snapshots, the recipients' outcome columns, training assignments and
 * the compliance statuses. Nothing here recounts the event log.
 */
export const gatherExecutiveReport = async (db: Db, scope: OrgScope, organizationName: string, days: number, now = new Date()): Promise<ExecutiveReport> => {
  const from = new Date(now.getTime() - days * dayMs);
  const repository = reportingRepository(db, scope);
  const risk = await readOrganizationRisk(db, scope, days);
  const months = await repository.simulationsByMonth(from, now);
  const total = (key: 'sent' | 'failed' | 'submitted' | 'reported') => months.reduce((sum, month) => sum + month[key], 0);
  const training = await repository.training(from, now);
  const compliance = await readComplianceSummary(db, scope, now);
  const firstDay = from.toISOString().slice(0, 10);
  const previous = risk.trend.find((point) => point.day >= firstDay && point.day !== now.toISOString().slice(0, 10));
  const facts = {
    organizationName,
    from: from.toISOString(),
    to: now.toISOString(),
    days,
    risk: {
      ...risk.organization,
      band: riskBand(risk.organization.score),
      previous: previous ? previous.score : null,
      trend: risk.trend.map((point) => ({ day: point.day, score: point.score })),
    },
    drivers: risk.drivers.slice(0, 5),
    departments: risk.departments.slice(0, 5).map(({ rankingKey: _, id: __, ...department }) => department),
    simulations: {
      campaigns: await repository.campaignsIn(from, now),
      sent: total('sent'),
      failed: total('failed'),
      submitted: total('submitted'),
      reported: total('reported'),
      byMonth: months.map(({ month, sent, failed, reported }) => ({ month, sent, failed, reported })),
    },
    training,
    compliance,
    generatedAt: now.toISOString(),
  };
  return { ...facts, actions: recommendActions({ ...facts, whatIf: risk.whatIf.overdueTrainingCompleted }) };
};
