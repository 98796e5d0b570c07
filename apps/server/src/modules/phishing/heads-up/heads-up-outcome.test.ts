import { describe, expect, it } from 'vitest';
import { headsUpOutcomeOf } from './heads-up-outcome.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 12, 9, minute));
const nothing = { sentAt: at(0), openedAt: null, clickedAt: null, attachmentOpenedAt: null, qrScannedAt: null, repliedAt: null, calledAt: null, submittedAt: null, reportedAt: null };

describe('headsUpOutcomeOf', () => {
  it.each([
    ['nothing recorded: none, at the send', nothing, 'none', at(0)],
    ['only opened', { ...nothing, openedAt: at(5) }, 'opened', at(5)],
    ['opened and reported', { ...nothing, openedAt: at(5), reportedAt: at(7) }, 'reported', at(7)],
    ['clicked, then reported: the click counts', { ...nothing, clickedAt: at(6), reportedAt: at(7) }, 'clicked', at(6)],
    ['scanned the QR code', { ...nothing, qrScannedAt: at(8) }, 'clicked', at(8)],
    ['replied, then opened the attachment: the first of them', { ...nothing, attachmentOpenedAt: at(9), repliedAt: at(4) }, 'clicked', at(4)],
    ['clicked and submitted', { ...nothing, clickedAt: at(6), submittedAt: at(7) }, 'submitted', at(7)],
  ] as const)('%s', (_case, moments, outcome, when) => {
    expect(headsUpOutcomeOf(moments)).toEqual({ outcome, at: when });
  });
});
