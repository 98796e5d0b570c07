import type { ExecutiveReport, RiskFactor } from '@vigil/contracts';
import { writePdfText } from '../../lib/pdf-text.ts';
import { actionInEnglish } from './recommended-actions.ts';
import { renderPdf } from '../../lib/pdf-document.ts';

const ink = '#1b2330';
const muted = '#4a5566';
const accent = '#1a3d7c';
const grid = '#dde2ea';
const colours = { score: '#1565c0', failed: '#c62828', reported: '#2e7d32', sent: '#90a4ae' } as const;

const factorNames: Record<RiskFactor, string> = {
  simulation_click: 'Clicked a link in a simulated attack',
  simulation_reply: 'Replied to a simulated attack',
  simulation_attachment: 'Opened a simulated attachment',
  simulation_qr: 'Scanned a simulated QR code',
  simulation_call: 'Called the number in a simulated attack',
  simulation_submit: "Entered details on a simulated attack's page",
  repeat_failure: 'Fell for more than one simulated attack within 90 days',
  simulation_report: 'Reported a simulated attack',
  training_overdue: 'A lesson is past its due date',
  training_failed: 'Failed a lesson quiz',
  sign_in_anomaly: 'Unusual sign-ins (new device or country, impossible travel, bursts of failed attempts)',
  no_second_factor: 'Signs in without a second factor (no authenticator app, passkey or confirmed phone)',
};

const bandNames = { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' } as const;

/** The top of the score axis: the smallest of 10, 25, 50 and 100 that the line fits under, so a low score still shows its movement. */
export const scoreAxisTop = (points: readonly { score: number }[]) => [10, 25, 50, 100].find((top) => points.every((point) => point.score <= top * 0.9)) ?? 100;

const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : '–');
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * The executive report as an A4 PDF with vector charts: the score and its trend, simulation results
 * by month, training and compliance, the top drivers and riskiest departments, and what to do next.
 * English (as the evidence pack); text in any script through pdf-text.ts (names of people and departments).
 */
export const renderExecutiveReportPdf = (report: ExecutiveReport, { compress = true } = {}) =>
  renderPdf({ size: 'A4', margin: 50, compress, info: { Title: `Human risk report: ${report.organizationName}`, Author: 'Vigil' } }, (document) => {
    const left = document.page.margins.left;
    const width = document.page.width - left - document.page.margins.right;
    const heading = (text: string, room = 120) => {
      if (document.y > document.page.height - document.page.margins.bottom - room) document.addPage();
      document.moveDown(0.8).fillColor(accent);
      writePdfText(document, text, { size: 13, weight: 'bold', x: left });
      document.moveDown(0.2).fillColor(ink);
    };

    document.fillColor(muted);
    writePdfText(document, 'HUMAN RISK · EXECUTIVE REPORT', { size: 9, characterSpacing: 1 });
    document.moveDown(0.3).fillColor(ink);
    writePdfText(document, report.organizationName, { size: 22, weight: 'bold' });
    document.fillColor(muted);
    writePdfText(document, `The last ${report.days} days: ${day(report.from)} to ${day(report.to)}`, { size: 10 });
    document.fillColor(ink);

    // Headline figures, four across.
    document.moveDown(1);
    const top = document.y;
    const change = report.risk.previous === null ? 'no earlier figure' : `${report.risk.score - report.risk.previous <= 0 ? '' : '+'}${(report.risk.score - report.risk.previous).toFixed(1)} since ${day(report.from)}`;
    const tiles: [string, string, string][] = [
      ['Risk score', `${Math.round(report.risk.score)} / 100`, `${bandNames[report.risk.band]} · likely ${Math.round(report.risk.lower)}–${Math.round(report.risk.upper)} · ${change}`],
      ['Fell for a lure', percent(report.simulations.failed, report.simulations.sent), `${report.simulations.failed} of ${report.simulations.sent} lures sent`],
      ['Reported', percent(report.simulations.reported, report.simulations.sent), `${report.simulations.reported} reports`],
      ['Lessons overdue', String(report.training.overdue), `${report.training.completed} completed in the period`],
    ];
    const tileWidth = (width - 3 * 10) / 4;
    tiles.forEach(([label, value, note], index) => {
      const x = left + index * (tileWidth + 10);
      document.save().lineWidth(0.8).strokeColor(grid).roundedRect(x, top, tileWidth, 74, 4).stroke().restore();
      document.fillColor(muted);
      document.y = top + 8;
      writePdfText(document, label, { size: 8, x: x + 8, width: tileWidth - 16 });
      document.fillColor(ink);
      writePdfText(document, value, { size: 18, weight: 'bold', x: x + 8, width: tileWidth - 16 });
      document.fillColor(muted);
      writePdfText(document, note, { size: 7, x: x + 8, width: tileWidth - 16 });
    });
    document.y = top + 86;
    document.fillColor(ink);

    heading('Risk score over time', 200);
    const lineTop = document.y;
    lineChart(document, left, lineTop, width, 150, report.risk.trend);
    document.y = lineTop + 166;
    document.x = left;
    document.fillColor(muted);
    writePdfText(document, `The average of everyone’s score, out of 100 (0 = lowest risk; this axis stops at ${scoreAxisTop(report.risk.trend)}). Weekly points from the event log, daily once the daily job has run.`, { size: 8, x: left });
    document.fillColor(ink);

    heading('Simulation results by month', 210);
    const barTop = document.y + 10;
    barChart(document, left, barTop, width, 140, report.simulations.byMonth);
    document.y = barTop + 156;
    document.x = left;
    legend(document, left, [['Lures sent', colours.sent], ['Fell for it', colours.failed], ['Reported', colours.reported]]);

    heading('What drives the score');
    if (report.drivers.length === 0) writePdfText(document, 'Nothing counts against anyone yet.', { size: 10, x: left });
    for (const driver of report.drivers) {
      writePdfText(document, `${driver.points > 0 ? '+' : ''}${driver.points.toFixed(1)} points per person · ${factorNames[driver.factor]} (${driver.people} people)`, { size: 10, x: left });
    }

    heading('Riskiest departments');
    if (report.departments.length === 0) writePdfText(document, 'No department has people yet.', { size: 10, x: left });
    for (const department of report.departments) {
      writePdfText(document, `${department.name}: ${Math.round(department.score)} (likely ${Math.round(department.lower)}–${Math.round(department.upper)}, ${department.people} people)`, { size: 10, x: left });
    }

    heading('Training and compliance');
    writePdfText(document, `${report.training.assigned} lessons assigned and ${report.training.completed} completed in the period; ${report.training.open} open today, ${report.training.overdue} of them overdue.`, { size: 10, x: left });
    if (report.compliance.length === 0) writePdfText(document, 'No compliance framework is chosen yet.', { size: 10, x: left });
    for (const framework of report.compliance) {
      writePdfText(document, `${framework.framework}: ${framework.compliant} of ${framework.total} people compliant (${percent(framework.compliant, framework.total)}).`, { size: 10, x: left });
    }

    heading('Recommended actions');
    if (report.actions.length === 0) writePdfText(document, 'Nothing stands out: keep the monthly simulations and training going.', { size: 10, x: left });
    report.actions.forEach((action, index) => {
      writePdfText(document, `${index + 1}. ${actionInEnglish(action)}`, { size: 10, x: left });
      document.moveDown(0.2);
    });

    document.moveDown(1).fillColor(muted);
    writePdfText(document, `Generated by Vigil on ${day(report.generatedAt)}. Every figure is explained on the Insights pages.`, { size: 8, x: left });
  });

/** A line of the score over time, on an axis from 0 to `scoreAxisTop` with four gridlines. */
const lineChart = (document: PDFKit.PDFDocument, x: number, y: number, width: number, height: number, points: readonly { day: string; score: number }[]) => {
  const axis = 24;
  const plotX = x + axis;
  const plotWidth = width - axis;
  const top = scoreAxisTop(points);
  document.save().lineWidth(0.5).strokeColor(grid).fillColor(muted).fontSize(7);
  for (const value of [0, 0.25, 0.5, 0.75, 1].map((share) => share * top)) {
    const lineY = y + height - (value / top) * height;
    document.moveTo(plotX, lineY).lineTo(plotX + plotWidth, lineY).stroke();
    document.text(String(value), x, lineY - 3, { width: axis - 4, align: 'right', lineBreak: false });
  }
  if (points.length > 1) {
    const first = Date.parse(points[0]!.day);
    const span = Math.max(1, Date.parse(points.at(-1)!.day) - first);
    const at = (point: { day: string; score: number }) => [plotX + ((Date.parse(point.day) - first) / span) * plotWidth, y + height - (Math.min(point.score, top) / top) * height] as const;
    document.lineWidth(2).strokeColor(colours.score);
    points.forEach((point, index) => (index === 0 ? document.moveTo(...at(point)) : document.lineTo(...at(point))));
    document.stroke();
    document.fillColor(muted);
    document.text(day(points[0]!.day), plotX, y + height + 3, { lineBreak: false });
    document.text(day(points.at(-1)!.day), plotX + plotWidth - 60, y + height + 3, { width: 60, align: 'right', lineBreak: false });
  } else {
    document.text('The trend starts with the first simulation.', plotX + 8, y + height / 2, { lineBreak: false });
  }
  document.restore();
};

/** Three bars a month: sent (scaled to the busiest month), fell for it and reported. */
const barChart = (document: PDFKit.PDFDocument, x: number, y: number, width: number, height: number, months: readonly { month: string; sent: number; failed: number; reported: number }[]) => {
  const most = Math.max(1, ...months.map((month) => month.sent));
  document.save().lineWidth(0.5).strokeColor(grid).fillColor(muted).fontSize(7);
  document.moveTo(x, y + height).lineTo(x + width, y + height).stroke();
  if (months.length === 0) document.text('No lure was sent in this period.', x + 8, y + height / 2, { lineBreak: false });
  const slot = width / Math.max(1, months.length);
  const bar = Math.min(18, (slot - 12) / 3);
  months.forEach((month, index) => {
    const left = x + index * slot + (slot - 3 * bar - 4) / 2;
    ([['sent', colours.sent], ['failed', colours.failed], ['reported', colours.reported]] as const).forEach(([key, colour], position) => {
      const barHeight = (month[key] / most) * (height - 12);
      document.fillColor(colour).rect(left + position * (bar + 2), y + height - barHeight, bar, barHeight).fill();
      document.fillColor(muted).text(String(month[key]), left + position * (bar + 2) - 4, y + height - barHeight - 9, { width: bar + 8, align: 'center', lineBreak: false });
    });
    const label = new Date(`${month.month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
    document.fillColor(muted).text(label, x + index * slot, y + height + 3, { width: slot, align: 'center', lineBreak: false });
  });
  document.restore();
};

const legend = (document: PDFKit.PDFDocument, x: number, entries: readonly [string, string][]) => {
  const y = document.y;
  let at = x;
  document.save().fontSize(8);
  for (const [label, colour] of entries) {
    document.fillColor(colour).rect(at, y + 1, 8, 8).fill();
    document.fillColor(muted).text(label, at + 12, y, { lineBreak: false });
    at += 24 + document.widthOfString(label);
  }
  document.restore();
  document.y = y + 14;
  document.x = x;
};
