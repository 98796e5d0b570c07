import { and, eq, gt, sql } from 'drizzle-orm';
import type { ProviderContext } from '../context.ts';
import { keyedHash, randomId, randomToken, sameSecret } from '../crypto.ts';
import { AuthError } from '../errors.ts';
import { flowExecutions } from '../schema/index.ts';
import type { ClientInfo } from '../sessions/sessions.ts';

/**
 * One thing on a screen. Texts and labels are message keys (with values) the app translates, so a
 * screen reads in the person's language and a new step needs no new page, only its keys.
 */
export type FlowComponent =
  | { type: 'text'; key: string; values?: Record<string, string> }
  | { type: 'input'; name: string; inputType: 'email' | 'password' | 'text' | 'code'; labelKey: string; autoComplete?: string; required?: boolean }
  | { type: 'button'; interactionId: string; labelKey: string; variant: 'primary' | 'secondary' };

/** What the app shows: the screen's components, and its state (an error to show, values to keep). */
export type FlowScreen = { id: string; state: { errorKey?: string; errorField?: string; values?: Record<string, string> }; componentsConfig: { components: FlowComponent[] } };

/** What a flow has learnt so far, kept with the execution between calls. */
export type FlowState = {
  loginId?: string;
  userId?: string;
  /** Methods proved so far, as a session's `amr`. */
  amr?: string[];
  /** step-up: the signed-in session being confirmed. */
  familyId?: string;
  givenName?: string;
  familyName?: string;
};

/** Where an interaction leads: another step, the same step with an error, or the end with a session. */
export type Transition =
  | { next: string; state?: FlowState }
  | { error: string; field?: string }
  | { complete: Record<string, unknown>; lastAuthMethod: string };

export type FlowCall = { context: ProviderContext; client: ClientInfo; state: FlowState; input: Record<string, unknown>; refreshToken?: string };

export type FlowStep = {
  name: string;
  screen: (state: FlowState) => FlowScreen['componentsConfig']['components'];
  interactions: Record<string, (call: FlowCall) => Promise<Transition>>;
};

export type FlowDefinition = {
  id: string;
  /** The first step, given what `flow/start` brought (a session for step-up). */
  begin: (call: FlowCall) => Promise<{ step: string; state: FlowState }>;
  steps: Record<string, FlowStep>;
};

/** An execution lives 15 minutes from its last call: a person may fetch a code from their mailbox. */
const executionSeconds = 15 * 60;
const separator = '|#|';

/**
 * The contract's flow nonce (§6.3): `<sequence>.<random>`, a new one with every answer; the next
 * call must bring the latest. A replayed or forged call (an old nonce, another browser's) is refused.
 */
const newNonce = (sequence: number) => `${sequence}.${randomToken(18)}`;

export type FlowAnswer = { body: Record<string, unknown>; nonce: string };

const screenOf = (step: FlowStep, stepId: string, state: FlowState, error?: { error: string; field?: string }): FlowScreen => ({
  id: stepId,
  state: {
    ...(error ? { errorKey: error.error, ...(error.field ? { errorField: error.field } : {}) } : {}),
    ...(state.loginId ? { values: { loginId: state.loginId } } : {}),
  },
  componentsConfig: { components: step.screen(state) },
});

/**
 * Runs server-driven flows: each answer is a screen (or the end, with `authInfo`), each call an
 * interaction on the current screen. Executions are rows, so any server continues any flow.
 */
export const flowEngine = (context: ProviderContext, definitions: readonly FlowDefinition[]) => {
  const byId = new Map(definitions.map((definition) => [definition.id, definition]));

  const answer = async (definition: FlowDefinition, executionId: string, stepId: string, state: FlowState, sequence: number, error?: { error: string; field?: string }): Promise<FlowAnswer> => {
    const step = definition.steps[stepId]!;
    const nonce = newNonce(sequence);
    await context.db
      .update(flowExecutions)
      .set({ stepId, state, nonceSequence: sequence, nonceHash: keyedHash(context.secret, nonce), expiresAt: new Date(Date.now() + executionSeconds * 1000), updatedAt: new Date() })
      .where(eq(flowExecutions.id, executionId));
    return {
      nonce,
      body: { executionId: `${definition.id}${separator}${executionId}`, stepId, stepName: step.name, status: 'waiting', action: 'screen', screen: screenOf(step, stepId, state, error) },
    };
  };

  return {
    has: (flowId: string) => byId.has(flowId),
    start: async (flowId: string, call: Omit<FlowCall, 'state'>): Promise<FlowAnswer> => {
      const definition = byId.get(flowId);
      if (!definition) throw new AuthError('flowNotFound', `flowId: no flow ${flowId.slice(0, 60)} here; the built-in flows are ${[...byId.keys()].join(', ')}`);
      const { step, state } = await definition.begin({ ...call, state: {} });
      const id = randomId('X');
      await context.db.insert(flowExecutions).values({ id, flowId, stepId: step, state, nonceHash: '', expiresAt: new Date(Date.now() + executionSeconds * 1000) });
      return answer(definition, id, step, state, 1);
    },
    /**
     * An interaction on the execution's current screen, with the latest nonce.
     * @throws AuthError flowNotFound, flowTimedOut or flowNonceInvalid (the app starts again).
     */
    next: async (ids: { executionId: string; stepId: string; interactionId: string }, nonce: string | undefined, call: Omit<FlowCall, 'state'>): Promise<FlowAnswer> => {
      const [flowId, id] = ids.executionId.split(separator);
      const definition = flowId ? byId.get(flowId) : undefined;
      const [row] = id && definition ? await context.db.select().from(flowExecutions).where(and(eq(flowExecutions.id, id), eq(flowExecutions.flowId, flowId!))).limit(1) : [];
      if (!row || !definition) throw new AuthError('flowNotFound', 'executionId: no such flow execution; start the flow again');
      if (row.expiresAt.getTime() <= Date.now()) throw new AuthError('flowTimedOut', 'executionId: this flow timed out; start it again');
      if (!nonce || !row.nonceHash || !sameSecret(row.nonceHash, keyedHash(context.secret, nonce))) throw new AuthError('flowNonceInvalid', 'X-Descope-Flow-Nonce: not the latest nonce of this execution');
      if (ids.stepId !== row.stepId) throw new AuthError('invalidArguments', `stepId: the flow is at ${row.stepId}, not ${ids.stepId.slice(0, 40)}`);
      // The nonce is used up before the interaction runs: two racing calls with one nonce cannot both pass.
      const [claimed] = await context.db
        .update(flowExecutions)
        .set({ nonceHash: '' })
        .where(and(eq(flowExecutions.id, row.id), eq(flowExecutions.nonceHash, row.nonceHash), gt(flowExecutions.expiresAt, sql`now()`)))
        .returning();
      if (!claimed) throw new AuthError('flowNonceInvalid', 'X-Descope-Flow-Nonce: this nonce was used already');
      const step = definition.steps[row.stepId]!;
      const interaction = step.interactions[ids.interactionId];
      const state = row.state as FlowState;
      if (!interaction) return answer(definition, row.id, row.stepId, state, row.nonceSequence + 1, { error: 'flows.errors.unknownInteraction' });
      let transition: Transition;
      try {
        transition = await interaction({ ...call, state });
      } catch (error) {
        // Refused before it could answer (too many attempts): the same nonce stays good for the next try.
        await context.db.update(flowExecutions).set({ nonceHash: row.nonceHash }).where(and(eq(flowExecutions.id, row.id), eq(flowExecutions.nonceHash, '')));
        throw error;
      }
      if ('complete' in transition) {
        await context.db.delete(flowExecutions).where(eq(flowExecutions.id, row.id));
        return {
          nonce: newNonce(row.nonceSequence + 1),
          body: { executionId: ids.executionId, stepId: row.stepId, stepName: step.name, status: 'completed', action: 'none', authInfo: transition.complete, lastAuth: { authMethod: transition.lastAuthMethod } },
        };
      }
      if ('error' in transition) return answer(definition, row.id, row.stepId, state, row.nonceSequence + 1, transition);
      return answer(definition, row.id, transition.next, transition.state ?? state, row.nonceSequence + 1);
    },
  };
};
