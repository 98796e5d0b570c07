/**
 * A recipient's send state machine: the idempotency key of sending. Only these moves happen, each
 * guarded by the state it starts from, in one statement or a transaction holding the row lock, so a
 * crash or a second worker can never mail a person twice:
 *
 *   scheduled ──dispatch──► queued ──send starts──► sending ──accepted──► sent
 *       ▲                    │   │                     │ ├──refused for good──► failed
 *       └──retry later / paused / lost job───────────┘ │ └──temporary refusal──► scheduled (later)
 *                            └──cancel──► cancelled     └──interrupted (crash)──► uncertain
 */
export type RecipientState = 'scheduled' | 'queued' | 'sending' | 'sent' | 'failed' | 'uncertain' | 'cancelled';

export type RecipientMove =
  | 'dispatch' // picked for a send job
  | 'start' // the send job takes it, just before talking to the mail server
  | 'accepted' // the mail server accepted the message
  | 'refused' // the mail server refused it for good (or retries ran out)
  | 'retry' // a temporary refusal: back to the schedule, later
  | 'hold' // the campaign is paused: back to the schedule
  | 'requeue' // its send job was lost: back to the schedule (nothing was sent)
  | 'interrupted' // found still sending long after: the server may or may not have accepted it
  | 'cancel';

const moves: Record<RecipientMove, { from: readonly RecipientState[]; to: RecipientState }> = {
  dispatch: { from: ['scheduled'], to: 'queued' },
  start: { from: ['queued'], to: 'sending' },
  accepted: { from: ['sending'], to: 'sent' },
  refused: { from: ['sending'], to: 'failed' },
  retry: { from: ['sending'], to: 'scheduled' },
  hold: { from: ['queued'], to: 'scheduled' },
  requeue: { from: ['queued'], to: 'scheduled' },
  interrupted: { from: ['sending'], to: 'uncertain' },
  cancel: { from: ['scheduled', 'queued'], to: 'cancelled' },
};

/** The state a move leads to, or undefined when it may not happen from `state` (someone else got there first). */
export const nextRecipientState = (state: RecipientState, move: RecipientMove): RecipientState | undefined =>
  moves[move].from.includes(state) ? moves[move].to : undefined;

/** The states a move may start from (for `where state in (…)` in the single-statement moves). */
export const statesBefore = (move: RecipientMove): readonly RecipientState[] => moves[move].from;

/** States a recipient will not leave: the campaign is done when every recipient is in one. */
export const finalRecipientStates: readonly RecipientState[] = ['sent', 'failed', 'uncertain', 'cancelled'];

/** Temporary refusals wait longer each time: 1, 4, 16, 64 minutes, then the send fails for good. */
export const maxSendAttempts = 5;
export const retryDelayMinutes = (attempts: number) => 4 ** Math.max(0, attempts - 1);

/** A send still in `sending` after this long was interrupted (a send takes seconds; SMTP times out in one minute). */
export const interruptedAfterMinutes = 10;
/** A queued recipient whose job has not started after this long had its job lost (nothing was sent). */
export const lostJobAfterMinutes = 30;
