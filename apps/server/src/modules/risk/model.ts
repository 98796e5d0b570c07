import type { BlastRadiusReason, RiskAggregate, RiskBreakdown, RiskFactor, SignInAnomalyRule } from '@vigil/contracts';

/**
 * The human-risk model: one pure function from a person's facts to a score 0–100 with its breakdown.
 *
 * 1. Each fact earns points, decayed by its age with a half-life of 90 days
 *    (points × 0.5^(age in days / 90)); a fact older than 365 days no longer counts:
 *    | fact (one per lure: the strongest failure of a recipient counts)   | points |
 *    | clicked a simulated link                                            | +10 |
 *    | replied to a simulated message                                      | +8 |
 *    | opened a simulated attachment                                       | +12 |
 *    | scanned a simulated QR code                                         | +12 |
 *    | called a simulated callback number                                  | +14 |
 *    | submitted data on a simulated page                                  | +20 |
 *    | each further failed lure within 90 days of another (repeat)         | +8 |
 *    | reported a simulated lure (once per lure, even after failing it)    | −6 |
 *    | a lesson overdue now (no decay: it counts until completed)          | +6 |
 *    | failed a lesson's quiz                                              | +5 |
 *    | an unusual sign-in (sign-in-anomalies.ts; one per rule and day):    |     |
 *    |   impossible travel                                                 | +10 |
 *    |   a new country, or a burst of failed attempts (lockout)            | +4 |
 *    |   a new kind of device                                              | +2 |
 *    | signs in with no second factor (no confirmed phone, authenticator   | +5 |
 *    | app or passkey), as of the latest sign-in or factor change; no      |     |
 *    | decay: it counts until one is set up                                |     |
 *    Scanner requests (machine clicks and opens) never count.
 * 2. raw = the sum, at least 0; base score = 100 × (1 − e^(−raw / 40)): the first mistakes move it
 *    most, and it never passes 100.
 * 3. Blast radius: the base score × the largest multiplier that applies — admin or superadmin role
 *    1.3, an executive title (chief, CEO, CFO, president, vice president, director, head of) 1.25, a
 *    finance title (finance, payroll, accounts, treasury, controller, bookkeeper) 1.2 — capped at 100.
 * 4. Breakdown: the base score is shared among the factors in proportion to their signed points, and
 *    the blast radius's extra points are their own line, so the lines add up to the score exactly.
 */

export type RiskFact = Readonly<{
  kind: 'failure' | 'report' | 'training_overdue' | 'training_failed' | 'sign_in_anomaly' | 'second_factor_status';
  /** For failures: the event type (clicked, submitted …); for sign-in anomalies, the rule. */
  type?: string;
  at: Date;
  /** A lure (recipient) or an assignment: what makes two facts the same one. */
  subject: string;
}>;

export type RiskPerson = Readonly<{ role: string; jobTitle: string | null }>;

export const halfLifeDays = 90;
export const maxAgeDays = 365;
export const repeatWindowDays = 90;
export const saturation = 40;

export const failureFactors: Readonly<Record<string, { factor: RiskFactor; points: number }>> = {
  clicked: { factor: 'simulation_click', points: 10 },
  replied: { factor: 'simulation_reply', points: 8 },
  attachment_opened: { factor: 'simulation_attachment', points: 12 },
  qr_scanned: { factor: 'simulation_qr', points: 12 },
  called: { factor: 'simulation_call', points: 14 },
  submitted: { factor: 'simulation_submit', points: 20 },
};
export const factorPoints = { repeat_failure: 8, simulation_report: -6, training_overdue: 6, training_failed: 5, no_second_factor: 5 } as const;
export const signInAnomalyPoints: Readonly<Record<SignInAnomalyRule, number>> = { impossible_travel: 10, new_country: 4, lockout_burst: 4, new_device: 2 };

const dayMs = 24 * 60 * 60 * 1000;
const executiveTitle = /\b(chief|ceo|cfo|coo|cto|ciso|cio|president|vice president|vp|director|head of)\b/i;
const financeTitle = /\b(finance|financial|payroll|accounts?|accounting|accountant|treasury|treasurer|controller|bookkeep\w*)\b/i;

export const blastRadius = (person: RiskPerson): { multiplier: number; reasons: BlastRadiusReason[] } => {
  const applying: [BlastRadiusReason, number][] = [];
  if (person.role === 'Admin' || person.role === 'Superadmin') applying.push(['admin_role', 1.3]);
  if (person.jobTitle && executiveTitle.test(person.jobTitle)) applying.push(['executive_title', 1.25]);
  if (person.jobTitle && financeTitle.test(person.jobTitle)) applying.push(['finance_title', 1.2]);
  return { multiplier: Math.max(1, ...applying.map(([, m]) => m)), reasons: applying.map(([reason]) => reason) };
};

export const decay = (at: Date, now: Date) => {
  const ageDays = Math.max(0, (now.getTime() - at.getTime()) / dayMs);
  return ageDays > maxAgeDays ? 0 : 0.5 ** (ageDays / halfLifeDays);
};

type Line = { factor: RiskFactor; points: number; count: number; lastAt: Date };

/** The facts as they count: the strongest failure per lure, one report per lure, open overdue lessons. */
const linesOf = (facts: readonly RiskFact[], now: Date): Line[] => {
  const lines = new Map<RiskFactor, Line>();
  const add = (factor: RiskFactor, points: number, at: Date) => {
    const line = lines.get(factor) ?? { factor, points: 0, count: 0, lastAt: at };
    line.points += points;
    line.count += 1;
    if (at > line.lastAt) line.lastAt = at;
    lines.set(factor, line);
  };
  const counted = facts.filter((fact) => fact.at <= now && decay(fact.at, now) > 0);
  const strongest = new Map<string, RiskFact>();
  for (const fact of counted.filter((f) => f.kind === 'failure' && f.type && f.type in failureFactors)) {
    const held = strongest.get(fact.subject);
    if (!held || failureFactors[fact.type!]!.points > failureFactors[held.type!]!.points) strongest.set(fact.subject, fact);
  }
  const failures = [...strongest.values()].sort((a, b) => a.at.getTime() - b.at.getTime());
  failures.forEach((fact, index) => {
    const { factor, points } = failureFactors[fact.type!]!;
    add(factor, points * decay(fact.at, now), fact.at);
    const previous = failures[index - 1];
    if (previous && fact.at.getTime() - previous.at.getTime() <= repeatWindowDays * dayMs) add('repeat_failure', factorPoints.repeat_failure * decay(fact.at, now), fact.at);
  });
  const reported = new Map<string, RiskFact>();
  for (const fact of counted.filter((f) => f.kind === 'report')) if (!reported.has(fact.subject)) reported.set(fact.subject, fact);
  for (const fact of reported.values()) add('simulation_report', factorPoints.simulation_report * decay(fact.at, now), fact.at);
  const overdue = new Map<string, RiskFact>();
  for (const fact of facts.filter((f) => f.kind === 'training_overdue' && f.at <= now)) overdue.set(fact.subject, fact);
  for (const fact of overdue.values()) add('training_overdue', factorPoints.training_overdue, fact.at);
  for (const fact of counted.filter((f) => f.kind === 'training_failed')) add('training_failed', factorPoints.training_failed * decay(fact.at, now), fact.at);
  // One finding per rule and day counts: an attacker who keeps failing cannot drive a score up alone.
  const anomalies = new Map<string, RiskFact>();
  for (const fact of counted.filter((f) => f.kind === 'sign_in_anomaly' && f.type && Object.hasOwn(signInAnomalyPoints, f.type))) {
    if (!anomalies.has(fact.subject)) anomalies.set(fact.subject, fact);
  }
  for (const fact of anomalies.values()) add('sign_in_anomaly', signInAnomalyPoints[fact.type as SignInAnomalyRule] * decay(fact.at, now), fact.at);
  // A state, not an event: it counts in full for as long as it lasts.
  const status = facts.findLast((f) => f.kind === 'second_factor_status' && f.at <= now);
  if (status?.subject === 'unprotected') add('no_second_factor', factorPoints.no_second_factor, status.at);
  return [...lines.values()];
};

const round2 = (value: number) => Math.round(value * 100) / 100;

/** A person's score at `now` from their facts, with the breakdown that explains it. */
export const scoreFromFacts = (facts: readonly RiskFact[], person: RiskPerson, now: Date): RiskBreakdown => {
  const lines = linesOf(facts, now);
  const raw = Math.max(0, lines.reduce((sum, line) => sum + line.points, 0));
  const baseScore = 100 * (1 - Math.exp(-raw / saturation));
  const radius = blastRadius(person);
  const score = Math.min(100, baseScore * radius.multiplier);
  const share = raw > 0 ? baseScore / raw : 0;
  return {
    score: round2(score),
    baseScore: round2(baseScore),
    blastRadius: { ...radius, points: round2(score - baseScore) },
    factors: lines
      .map((line) => ({ factor: line.factor, points: round2(line.points * share), count: line.count, lastAt: line.lastAt.toISOString() }))
      .sort((a, b) => Math.abs(b.points) - Math.abs(a.points)),
  };
};

/**
 * A group's score: the mean of its people's scores with a 95 % bound (mean ± 1.96 × sd / √n, within
 * 0–100; a group of one spans 0–100), and a ranking key that pulls a small group towards the
 * organisation's mean (five people's worth of it), so a team of three is not ranked first on noise.
 */
export const aggregate = (scores: readonly number[], organizationMean?: number): RiskAggregate & { rankingKey: number } => {
  const n = scores.length;
  const mean = n ? scores.reduce((sum, s) => sum + s, 0) / n : 0;
  const sd = n > 1 ? Math.sqrt(scores.reduce((sum, s) => sum + (s - mean) ** 2, 0) / (n - 1)) : 0;
  return aggregateFromMoments({ mean, sd, n }, organizationMean);
};

/** `aggregate` from a group's mean, sample standard deviation and size (as SQL's avg and stddev_samp give them). */
export const aggregateFromMoments = ({ mean, sd, n }: { mean: number; sd: number; n: number }, organizationMean?: number): RiskAggregate & { rankingKey: number } => {
  if (n === 0) return { score: 0, lower: 0, upper: 0, people: 0, rankingKey: 0 };
  const half = n > 1 ? (1.96 * sd) / Math.sqrt(n) : 100;
  const prior = organizationMean ?? mean;
  return {
    score: round2(mean),
    lower: round2(Math.max(0, mean - half)),
    upper: round2(Math.min(100, mean + half)),
    people: n,
    rankingKey: round2((n * mean + 5 * prior) / (n + 5)),
  };
};

export type RiskEventLike = Readonly<{ type: string; occurredAt: Date; recipientId: string | null; data: Record<string, unknown> }>;

/**
 * Whether a person held a second factor as an event says: a sign-in records it (`secondFactor`), a
 * factor set up or removed records the result (`enrolled`); other events say nothing.
 */
const secondFactorStatusOf = (event: RiskEventLike) => {
  if (event.type === 'sign_in' && typeof event.data.secondFactor === 'boolean') return event.data.secondFactor;
  if (event.type === 'second_factor_changed' && typeof event.data.enrolled === 'boolean') return event.data.enrolled;
  return undefined;
};

/**
 * The facts in a person's events, in log order: failures and reports by lure; a lesson overdue until
 * the same assignment is completed; failed quizzes; unusual sign-ins; signing in without a second
 * factor while the latest status says so. Other events (sent, opened, machine clicks …) carry none.
 */
export const factsFromEvents = (events: readonly RiskEventLike[]): RiskFact[] => {
  const facts: RiskFact[] = [];
  // Each status event is a fact while it is the latest one at the time scored (`linesOf` takes the last up to then).
  for (const event of events) {
    const status = secondFactorStatusOf(event);
    if (status !== undefined) facts.push({ kind: 'second_factor_status', at: event.occurredAt, subject: status ? 'protected' : 'unprotected' });
  }
  const completed = new Set<string>();
  for (const event of events) if (event.type === 'training_completed' && typeof event.data.assignmentId === 'string') completed.add(event.data.assignmentId);
  for (const event of events) {
    const assignment = typeof event.data.assignmentId === 'string' ? event.data.assignmentId : undefined;
    if (event.type in failureFactors && event.recipientId) facts.push({ kind: 'failure', type: event.type, at: event.occurredAt, subject: event.recipientId });
    else if (event.type === 'reported' && event.recipientId) facts.push({ kind: 'report', at: event.occurredAt, subject: event.recipientId });
    else if (event.type === 'training_overdue' && assignment && !completed.has(assignment)) facts.push({ kind: 'training_overdue', at: event.occurredAt, subject: assignment });
    else if (event.type === 'training_failed' && assignment) facts.push({ kind: 'training_failed', at: event.occurredAt, subject: `${assignment}@${event.occurredAt.toISOString()}` });
    else if (event.type === 'sign_in_anomaly' && typeof event.data.rule === 'string') facts.push({ kind: 'sign_in_anomaly', type: event.data.rule, at: event.occurredAt, subject: `${event.data.rule}@${event.occurredAt.toISOString().slice(0, 10)}` });
  }
  return facts;
};

/** The event types that can change a score: the projection recomputes a person when one arrives. */
export const riskEventTypes = [...Object.keys(failureFactors), 'reported', 'training_overdue', 'training_completed', 'training_failed', 'sign_in_anomaly', 'sign_in', 'second_factor_changed'];

/**
 * What a stored score would be without some of its factors (a what-if), from its breakdown alone:
 * each factor's share of the base score maps back to its raw points through the saturation curve,
 * so removing them and mapping forward again gives the score the model would compute.
 */
export const scoreWithout = (breakdown: RiskBreakdown, removed: readonly RiskFactor[]): number => {
  const base = breakdown.baseScore;
  if (base <= 0) return breakdown.score;
  const raw = -saturation * Math.log(1 - Math.min(base, 99.9999) / 100);
  const removedRaw = breakdown.factors.filter((line) => removed.includes(line.factor)).reduce((sum, line) => sum + (line.points * raw) / base, 0);
  const nextBase = 100 * (1 - Math.exp(-Math.max(0, raw - removedRaw) / saturation));
  return round2(Math.min(100, nextBase * breakdown.blastRadius.multiplier));
};
