import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import { type FlowAnswer, type FlowComponent, asFlowAnswer, restartCodes } from './flow-types';

const inputTypes = { email: 'email', password: 'password', text: 'text', code: 'text' } as const;

/**
 * A sign-in flow the provider drives (`?flow=` on /login/): each answer is a screen of message
 * keys, inputs and buttons, rendered here whatever the step; each button is an interaction the
 * provider answers with the next screen, until it completes with a session (which the SDK stores,
 * and the sign-in page moves on).
 */
export const SignInFlow = ({ flowId }: { flowId: string }) => {
  const { t, i18n } = useTranslation();
  const sdk = useAuthSdk();
  // Each start (the first, or again after a timeout) is one query; later screens are this flow's own state.
  const [attempt, setAttempt] = useState(0);
  const started = useQuery({
    queryKey: ['sign-in-flow', flowId, attempt],
    queryFn: async () => {
      const result = await sdk.flow.start(flowId, {});
      const first = result.ok ? asFlowAnswer(result.data) : undefined;
      if (!first) throw new Error(result.error?.errorDescription ?? 'the flow did not start');
      return first;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const [later, setLater] = useState<{ attempt: number; answer: FlowAnswer } | null>(null);
  const answer = later?.attempt === attempt ? later.answer : (started.data ?? null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<'restarted' | 'failed' | null>(null);
  const fieldRefs = useRef(new Map<string, HTMLInputElement | null>());

  // Only the flow's own keys: a screen cannot show any other text of the app.
  const say = (key: string, options: Record<string, string> = {}) => (key.startsWith('flows.') && i18n.exists(key) ? t(key as 'flows.password.intro', { loginId: '', ...options }) : t('flows.errors.generic'));

  const restart = (why: 'restarted' | null) => {
    setNotice(why);
    setLater(null);
    setValues({});
    setAttempt((current) => current + 1);
  };

  // An error names the field to correct: focus goes there; a new screen focuses its first field.
  useEffect(() => {
    const state = answer?.screen?.state;
    const first = answer?.screen?.componentsConfig.components.find((c) => c.type === 'input');
    const target = state?.errorField ?? (first?.type === 'input' ? first.name : undefined);
    if (target) fieldRefs.current.get(target)?.focus();
  }, [answer]);

  const interact = async (interactionId: string) => {
    if (!answer || busy) return;
    setBusy(true);
    setNotice(null);
    const next = await sdk.flow.next(answer.executionId, answer.stepId, interactionId, undefined, undefined, values).catch(() => null);
    setBusy(false);
    const reply = next?.ok ? asFlowAnswer(next.data) : undefined;
    if (reply) {
      // A completed flow leaves the session with the SDK; the page moves on when it is published.
      if (reply.status === 'completed') return;
      // A new screen starts with empty fields; the same screen with an error keeps what was typed, but never a secret.
      setValues(reply.stepId === answer.stepId ? Object.fromEntries(Object.entries(values).filter(([name]) => !isSecret(answer, name))) : {});
      setLater({ attempt, answer: reply });
      return;
    }
    if (next && restartCodes.includes(next.error?.errorCode ?? '')) return restart('restarted');
    setNotice('failed');
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const primary = answer?.screen?.componentsConfig.components.find((c) => c.type === 'button' && c.variant === 'primary');
    if (primary?.type === 'button') void interact(primary.interactionId);
  };

  if (!answer?.screen) {
    return started.isError ? (
      <Alert severity="error" data-testid="sign-in-error" action={
          <Button
            onClick={() => restart(null)}
          >
            {t('flows.actions.tryAgain')}
          </Button>
        }>
        {t('flows.errors.generic')}
      </Alert>
    ) : (
      <CircularProgress aria-label={t('app.loading')} />
    );
  }
  const { state, componentsConfig } = answer.screen;
  const render = (component: FlowComponent, index: number) => {
    if (component.type === 'text') return <Typography key={index} variant="body2" color="text.secondary">{say(component.key, component.values)}</Typography>;
    if (component.type === 'input') {
      const wrong = state.errorField === component.name;
      return (
        <TextField
          key={`${answer.stepId}-${component.name}`}
          id={`flow-${component.name}`}
          name={component.name}
          type={inputTypes[component.inputType]}
          label={say(component.labelKey)}
          value={values[component.name] ?? ''}
          onChange={(event) => setValues((current) => ({ ...current, [component.name]: event.target.value }))}
          error={wrong}
          helperText={wrong && state.errorKey ? say(state.errorKey) : undefined}
          autoComplete={component.autoComplete}
          disabled={busy}
          fullWidth
          inputRef={(element: HTMLInputElement | null) => void fieldRefs.current.set(component.name, element)}
          slotProps={{ htmlInput: { required: component.required, ...(component.inputType === 'code' ? { inputMode: 'numeric' } : {}) } }}
        />
      );
    }
    return component.variant === 'primary' ? (
      <Button key={index} type="submit" variant="contained" size="large" loading={busy} fullWidth>
        {say(component.labelKey)}
      </Button>
    ) : (
      <Button key={index} type="button" variant="text" disabled={busy} onClick={() => void interact(component.interactionId)}>
        {say(component.labelKey)}
      </Button>
    );
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit} aria-busy={busy} data-testid={`flow-screen-${answer.stepId}`} sx={{ width: '100%', textAlign: 'left' }}>
      {notice === 'restarted' ? <Alert severity="info">{t('flows.errors.restarted')}</Alert> : null}
      {notice === 'failed' ? <Alert severity="error" data-testid="sign-in-error">{t('flows.errors.generic')}</Alert> : null}
      {state.errorKey && !state.errorField ? (
        <Alert severity="error" data-testid="sign-in-error">
          {say(state.errorKey)}
        </Alert>
      ) : null}
      {componentsConfig.components.map(render)}
    </Stack>
  );
};

const isSecret = (answer: FlowAnswer, name: string) =>
  answer.screen?.componentsConfig.components.some((c) => c.type === 'input' && c.name === name && (c.inputType === 'password' || c.inputType === 'code')) ?? false;
