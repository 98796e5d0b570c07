import { describe, expect, it } from 'vitest';
import { type RecipientMove, type RecipientState, finalRecipientStates, nextRecipientState, retryDelayMinutes } from './recipient-state.ts';

const states: RecipientState[] = ['scheduled', 'queued', 'sending', 'sent', 'failed', 'uncertain', 'cancelled'];

// Every (state, move) pair: where it leads, or '—' when it may not happen.
const table: Record<RecipientMove, Partial<Record<RecipientState, RecipientState>>> = {
  dispatch: { scheduled: 'queued' },
  start: { queued: 'sending' },
  accepted: { sending: 'sent' },
  refused: { sending: 'failed' },
  retry: { sending: 'scheduled' },
  hold: { queued: 'scheduled' },
  requeue: { queued: 'scheduled' },
  interrupted: { sending: 'uncertain' },
  cancel: { scheduled: 'cancelled', queued: 'cancelled' },
};

describe('the recipient send state machine', () => {
  for (const [move, allowed] of Object.entries(table) as [RecipientMove, Partial<Record<RecipientState, RecipientState>>][]) {
    it.each(states)(`${move} from %s`, (state) => {
      expect(nextRecipientState(state, move)).toBe(allowed[state]);
    });
  }

  it('never leaves a final state, and never re-sends what was sent or may have been', () => {
    for (const state of finalRecipientStates) for (const move of Object.keys(table) as RecipientMove[]) expect(nextRecipientState(state, move), `${move} from ${state}`).toBeUndefined();
  });

  it('backs off temporary refusals: 1, 4, 16, 64 minutes', () => {
    expect([1, 2, 3, 4].map(retryDelayMinutes)).toEqual([1, 4, 16, 64]);
  });
});
