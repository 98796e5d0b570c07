import type { HeadsUpOutcome } from '@vigil/contracts';

type Moments = Readonly<{
  sentAt: Date;
  openedAt: Date | null;
  clickedAt: Date | null;
  attachmentOpenedAt: Date | null;
  qrScannedAt: Date | null;
  repliedAt: Date | null;
  calledAt: Date | null;
  submittedAt: Date | null;
  reportedAt: Date | null;
}>;

const earliest = (...moments: (Date | null)[]) =>
  moments.filter((moment): moment is Date => moment !== null).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;

/**
 * What a person did with a simulated message, the strongest outcome first: a submitted form, then
 * any way of falling for it (link, attachment, QR code, reply, call: the first of them), then a
 * report, then an open. A report after a click still counts the click: the message worked. Pure.
 */
export const headsUpOutcomeOf = (moments: Moments): { outcome: HeadsUpOutcome; at: Date } => {
  if (moments.submittedAt) return { outcome: 'submitted', at: moments.submittedAt };
  const fell = earliest(moments.clickedAt, moments.attachmentOpenedAt, moments.qrScannedAt, moments.repliedAt, moments.calledAt);
  if (fell) return { outcome: 'clicked', at: fell };
  if (moments.reportedAt) return { outcome: 'reported', at: moments.reportedAt };
  if (moments.openedAt) return { outcome: 'opened', at: moments.openedAt };
  return { outcome: 'none', at: moments.sentAt };
};
