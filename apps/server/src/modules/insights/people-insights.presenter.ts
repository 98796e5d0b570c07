import { type InsightsPerson, type RiskBreakdown, type RiskFactor, riskBand } from '@vigil/contracts';
import type { PersonInsightRow } from './people-insights.repository.ts';

const name = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

export const presentInsightsPerson = (row: PersonInsightRow): InsightsPerson => {
  const breakdown = row.breakdown as RiskBreakdown | null;
  const score = Number(row.score);
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    jobTitle: row.jobTitle,
    department: row.departmentId ? { id: row.departmentId, name: row.departmentName ?? '' } : null,
    manager: row.managerId ? { id: row.managerId, name: name(row.managerFirstName, row.managerLastName) } : null,
    score,
    band: riskBand(score),
    topFactors: (breakdown?.factors ?? [])
      .filter((factor) => factor.points > 0)
      .slice(0, 2)
      .map((factor) => factor.factor as RiskFactor),
    computedAt: row.computedAt?.toISOString() ?? null,
  };
};

export const peopleCsvColumns = ['first_name', 'last_name', 'email', 'job_title', 'department', 'manager', 'score', 'band', 'top_causes', 'computed_at'];

export const peopleCsvRow = (person: InsightsPerson) => [
  person.firstName,
  person.lastName,
  person.email,
  person.jobTitle ?? '',
  person.department?.name ?? '',
  person.manager?.name ?? '',
  person.score.toFixed(1),
  person.band,
  person.topFactors.join(' '),
  person.computedAt ?? '',
];
