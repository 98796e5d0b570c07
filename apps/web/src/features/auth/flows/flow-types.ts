// The provider's flow answers (contract §6.4) as the built-in flows send them: screens made of
// message keys, inputs and buttons, so this app renders any step without a page of its own.

export type FlowComponent =
  | { type: 'text'; key: string; values?: Record<string, string> }
  | { type: 'input'; name: string; inputType: 'email' | 'password' | 'text' | 'code'; labelKey: string; autoComplete?: string; required?: boolean }
  | { type: 'button'; interactionId: string; labelKey: string; variant: 'primary' | 'secondary' };

export type FlowAnswer = {
  executionId: string;
  stepId: string;
  status: 'waiting' | 'running' | 'completed' | 'failed';
  action?: string;
  screen?: {
    id: string;
    state: { errorKey?: string; errorField?: string; values?: Record<string, string> };
    componentsConfig: { components: FlowComponent[] };
  };
};

/** Answers after which the flow starts again: no such execution, timed out, an old nonce. */
export const restartCodes: readonly string[] = ['E102004', 'E103205', 'E108201'];

/** The SDK's `data` as a flow answer, when it is one. */
export const asFlowAnswer = (value: unknown): FlowAnswer | undefined =>
  typeof value === 'object' && value !== null && typeof (value as FlowAnswer).executionId === 'string' && typeof (value as FlowAnswer).stepId === 'string' ? (value as FlowAnswer) : undefined;
