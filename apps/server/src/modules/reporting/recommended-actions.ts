import type { ExecutiveReport, RecommendedAction, RiskFactor } from '@vigil/contracts';

/** What the rules read: the report's figures before its actions are added. */
export type ActionFacts = Omit<ExecutiveReport, 'actions'> & { whatIf: { score: number; people: number } };

/** The share of sent lures below which reporting counts as low, and the compliance share that counts as a gap. */
const lowReportShare = 0.3;
const complianceTarget = 0.9;
/** How far above the organisation a department must sit (points) to be named. */
const departmentMargin = 10;

const failureFactors: readonly RiskFactor[] = ['simulation_submit', 'simulation_click', 'simulation_attachment', 'simulation_qr', 'simulation_call', 'simulation_reply'];

/**
 * The report's recommended actions, most useful first: each rule looks at one figure and says what
 * would move it, with the numbers its sentence needs. Plain rules, so an admin can see why each is there.
 */
export const recommendActions = (facts: ActionFacts): RecommendedAction[] => {
  const actions: RecommendedAction[] = [];
  const round = (value: number) => Math.round(value);
  if (facts.whatIf.people > 0 && facts.whatIf.score < facts.risk.score) {
    actions.push({ key: 'complete_overdue_training', values: { people: facts.whatIf.people, from: round(facts.risk.score), to: round(facts.whatIf.score) } });
  }
  if (facts.simulations.sent === 0) actions.push({ key: 'no_simulations', values: { days: facts.days } });
  const topFailure = facts.drivers.find((driver) => failureFactors.includes(driver.factor) && driver.points > 0);
  if (topFailure) actions.push({ key: 'focus_failure', values: { factor: topFailure.factor, people: topFailure.people } });
  if (facts.simulations.sent > 0 && facts.simulations.reported / facts.simulations.sent < lowReportShare) {
    actions.push({ key: 'encourage_reporting', values: { share: round((facts.simulations.reported / facts.simulations.sent) * 100) } });
  }
  const riskiest = facts.departments[0];
  if (riskiest && riskiest.people >= 3 && riskiest.lower > facts.risk.score - departmentMargin / 2 && riskiest.score >= facts.risk.score + departmentMargin) {
    actions.push({ key: 'department_attention', values: { department: riskiest.name, score: round(riskiest.score), organization: round(facts.risk.score) } });
  }
  for (const framework of facts.compliance) {
    if (framework.total > 0 && framework.compliant / framework.total < complianceTarget) {
      actions.push({ key: 'compliance_gap', values: { framework: framework.framework, people: framework.total - framework.compliant } });
    }
  }
  return actions;
};

const factorWords: Partial<Record<RiskFactor, string>> = {
  simulation_submit: 'entering details on fake sign-in pages',
  simulation_click: 'clicking links in lures',
  simulation_attachment: 'opening attachments',
  simulation_qr: 'scanning QR codes',
  simulation_call: 'calling numbers in lures',
  simulation_reply: 'replying to lures',
};

/** An action in English, for the PDF (the web app words the same keys in the reader's language). */
export const actionInEnglish = ({ key, values }: RecommendedAction): string => {
  switch (key) {
    case 'complete_overdue_training':
      return `Follow up the ${values.people} ${values.people === 1 ? 'person' : 'people'} with overdue lessons: completing them would lower the score from ${values.from} to ${values.to}.`;
    case 'no_simulations':
      return `No simulated attack was sent in the last ${values.days} days: schedule a monthly programme in Configure › Testing so the score reflects how people act today.`;
    case 'focus_failure':
      return `The largest cause of risk is ${factorWords[values.factor as RiskFactor] ?? 'failed simulations'} (${values.people} people): aim the next campaigns and lessons at it.`;
    case 'encourage_reporting':
      return `Only ${values.share}% of simulated attacks were reported: remind people how to report a suspicious message; every report lowers their score.`;
    case 'department_attention':
      return `${values.department} scores ${values.score} against the organization's ${values.organization}: give it a targeted campaign and a short team briefing.`;
    case 'compliance_gap':
      return `${values.people} people are not yet compliant with ${values.framework}: check the compliance page for who is overdue.`;
  }
};
