import type { ComplianceStatus } from '@vigil/contracts';

/**
 * What is known of one person and one framework's required modules, each module counted once:
 * passed within the period, or else open (assigned / in progress), and of those, past due.
 */
export type PersonComplianceFacts = Readonly<{
  required: number;
  passed: number;
  /** Required modules not passed within the period with an open assignment. */
  open: number;
  /** Of `open`, those whose assignment is past its due date. */
  pastDue: number;
  /** YYYY-MM-DD, or null when unknown. */
  startDate: string | null;
}>;

export type ComplianceClock = Readonly<{
  /** Today, YYYY-MM-DD (UTC). */
  today: string;
  /** The first day of the framework's period (a year before today for an annual framework). */
  periodStart: string;
  newHireWindowDays: number;
}>;

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A new hire (started within the period) whose window to train has ended without passing any
 * required module: overdue even when the assignment itself is not yet due, because the on-hire
 * clauses (PCI DSS 12.6.3, NIST AT-2) count from the start date.
 */
export const isLapsedNewHire = (facts: PersonComplianceFacts, clock: ComplianceClock) =>
  facts.startDate !== null && facts.passed === 0 && facts.startDate >= clock.periodStart && addDays(facts.startDate, clock.newHireWindowDays) < clock.today;

/**
 * A person's standing with a framework, first match wins:
 * 1. compliant: every required module passed within the period;
 * 2. overdue: a required module's open assignment is past due, or a lapsed new hire (above);
 * 3. missing: a required module neither passed within the period nor assigned;
 * 4. in progress: everything not passed is assigned and not yet due.
 * The people query (compliance.repository.ts) writes the same rule in SQL; the routes test checks they agree.
 */
export const complianceStatusOf = (facts: PersonComplianceFacts, clock: ComplianceClock): ComplianceStatus => {
  if (facts.passed >= facts.required) return 'compliant';
  if (facts.pastDue > 0 || isLapsedNewHire(facts, clock)) return 'overdue';
  if (facts.passed + facts.open < facts.required) return 'missing';
  return 'in_progress';
};

/** The first day of the period that ends today: `months` months back, in UTC (29 February falls back to the 28th). */
export const periodStartOf = (now: Date, months: number) => {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  const lastDay = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate();
  start.setUTCDate(Math.min(now.getUTCDate(), lastDay));
  return start;
};
