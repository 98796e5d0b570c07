import type { ComplianceCounts, ComplianceFramework } from '@vigil/contracts';
import { writePdfText } from '../../lib/pdf-text.ts';
import { renderPdf } from '../../lib/pdf-document.ts';

export type EvidencePdfFacts = Readonly<{
  organizationName: string;
  framework: ComplianceFramework;
  /** The range of the completions counted, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  generatedAt: Date;
  counts: ComplianceCounts;
  modules: readonly { title: string; version: number; passed: number }[];
  programmes: readonly { name: string; cadence: string; active: boolean }[];
  retentionYears: number;
  newHireWindowDays: number;
}>;

const ink = '#1b2330';
const muted = '#4a5566';
const accent = '#1a3d7c';
const statusColours = { compliant: '#2e7d32', inProgress: '#0277bd', overdue: '#c62828', missing: '#6d4c41' } as const;

/** The status rule as the pack states it (the same words as the docs and the page). */
export const statusRuleText = (periodMonths: number, newHireWindowDays: number) =>
  [
    `Compliant: passed every required module within the last ${periodMonths} months.`,
    `Overdue: an assignment of a required module is past its due date, or a person who started within the period has passed none of them ${newHireWindowDays} days after their start date.`,
    'Missing: a required module is neither passed within the period nor assigned.',
    'In progress: every required module not yet passed is assigned and not yet due.',
    'Only active people are counted; the records of people deactivated since stay in the CSV as evidence.',
  ].join('\n');

/**
 * The evidence pack's summary for an auditor, A4 portrait: who, which framework, the people by
 * status (a bar per status and the numbers), the clauses and how they are met, the modules with
 * their version and passes in the range, the simulation programmes, retention and the status rule.
 * Text goes through lib/pdf-text.ts, so names and titles print in any script.
 */
export const renderEvidencePdf = (facts: EvidencePdfFacts, { compress = true } = {}) => {
  const { framework } = facts;
  return renderPdf({ size: 'A4', margin: 50, compress, bufferPages: true, info: { Title: `Evidence pack: ${framework.name}, ${facts.organizationName}`, Author: 'Vigil' } }, (document) => {
    const left = document.page.margins.left;
    const width = document.page.width - left - document.page.margins.right;
    const heading = (text: string) => {
      // A heading never ends a page on its own.
      if (document.y > document.page.height - document.page.margins.bottom - 90) document.addPage();
      document.moveDown(0.8).fillColor(accent);
      writePdfText(document, text, { size: 13, weight: 'bold' });
      document.moveDown(0.2).fillColor(ink);
    };

    document.fillColor(muted);
    writePdfText(document, 'SECURITY AWARENESS TRAINING · EVIDENCE PACK', { size: 9, characterSpacing: 1 });
    document.moveDown(0.3).fillColor(ink);
    writePdfText(document, framework.name, { size: 22, weight: 'bold' });
    writePdfText(document, facts.organizationName, { size: 14 });
    document.moveDown(0.3).fillColor(muted);
    writePdfText(document, framework.edition, { size: 9 });
    writePdfText(document, `Completions from ${facts.from} to ${facts.to} (UTC) · statuses as of ${facts.generatedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`, { size: 9 });

    heading('People by status today');
    const rows: [keyof typeof statusColours, string, number][] = [
      ['compliant', 'Compliant', facts.counts.compliant],
      ['inProgress', 'In progress', facts.counts.inProgress],
      ['overdue', 'Overdue', facts.counts.overdue],
      ['missing', 'Missing', facts.counts.missing],
    ];
    const barLeft = left + 110;
    const barWidth = width - 200;
    for (const [key, label, count] of rows) {
      const top = document.y;
      writePdfText(document, label, { size: 11, x: left, width: 100 });
      const share = facts.counts.total ? count / facts.counts.total : 0;
      document.save().fillColor('#e8ebf0').rect(barLeft, top + 3, barWidth, 10).fill();
      if (share > 0) document.fillColor(statusColours[key]).rect(barLeft, top + 3, Math.max(1, barWidth * share), 10).fill();
      document.restore().fillColor(ink);
      document.y = top;
      writePdfText(document, `${count} (${Math.round(share * 100)}%)`, { size: 11, x: barLeft + barWidth + 10, width: 80 });
      document.x = left;
    }
    writePdfText(document, `${facts.counts.total} active people in all.`, { size: 10, x: left });

    heading('What the framework asks and how it is met');
    for (const clause of framework.clauses) {
      document.moveDown(0.3);
      writePdfText(document, `${clause.reference} · ${clause.title}`, { size: 11, weight: 'bold' });
      writePdfText(document, `Asks: ${clause.asks}`, { size: 10 });
      document.fillColor(muted);
      writePdfText(document, `Met by: ${clause.evidence}`, { size: 10 });
      document.fillColor(ink);
    }
    if (framework.guidance.length) {
      document.moveDown(0.3).fillColor(muted);
      writePdfText(document, `Guidance: ${framework.guidance.join('; ')}`, { size: 9 });
      document.fillColor(ink);
    }

    heading('Required training modules');
    const cadence = [framework.cadence.annual ? 'every 12 months' : '', framework.cadence.onHire ? `on hire (within ${facts.newHireWindowDays} days of the start date)` : ''].filter(Boolean).join(' and ');
    writePdfText(document, `Each active person passes every module ${cadence}.`, { size: 10 });
    for (const module of facts.modules) {
      writePdfText(document, `• ${module.title} (version ${module.version}): ${module.passed} passed in the range`, { size: 10 });
    }

    heading('Phishing simulation programmes');
    if (facts.programmes.length === 0) writePdfText(document, 'None yet.', { size: 10 });
    for (const programme of facts.programmes) writePdfText(document, `• ${programme.name}: ${programme.cadence}, ${programme.active ? 'active' : 'paused'}`, { size: 10 });
    if (framework.simulationVectors.length) {
      document.fillColor(muted);
      writePdfText(document, `Simulated attacks that evidence this framework: ${framework.simulationVectors.join(', ')}.`, { size: 9 });
      document.fillColor(ink);
    }

    heading('How statuses are worked out');
    writePdfText(document, statusRuleText(framework.cadence.periodMonths, facts.newHireWindowDays), { size: 10 });
    heading('Records');
    writePdfText(
      document,
      `The attached CSV lists every pass and failure of these modules in the range: person, email, department, module and the version taken, dates assigned, due, started and completed, score, attempts and certificate id. Training records are kept for ${facts.retentionYears} years after they finish, then deleted.`,
      { size: 10 },
    );

    // Page numbers, once the length is known.
    const range = document.bufferedPageRange();
    for (let index = 0; index < range.count; index += 1) {
      document.switchToPage(range.start + index);
      const bottom = document.page.margins.bottom;
      document.page.margins.bottom = 0;
      document.fillColor(muted);
      document.y = document.page.height - 35;
      writePdfText(document, `${framework.shortName} evidence pack · ${facts.organizationName} · page ${index + 1} of ${range.count}`, { size: 8, align: 'center', x: left, width });
      document.page.margins.bottom = bottom;
    }
  });
};
