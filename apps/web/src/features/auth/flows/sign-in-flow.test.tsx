import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { seriousAxeViolations } from '../../../testing/axe';
import { createFakeAuthSdk } from '../../../testing/fake-auth-sdk';
import { renderRoutes } from '../../../testing/test-utils';
import { SignInFlow } from './sign-in-flow';
import type { FlowAnswer } from './flow-types';

const executionId = 'sign-up-or-in|#|X1';
const identify: FlowAnswer = {
  executionId,
  stepId: 'identify',
  status: 'waiting',
  screen: {
    id: 'identify',
    state: {},
    componentsConfig: {
      components: [
        { type: 'text', key: 'flows.identify.intro' },
        { type: 'input', name: 'email', inputType: 'email', labelKey: 'flows.fields.email', autoComplete: 'username', required: true },
        { type: 'button', interactionId: 'submit', labelKey: 'flows.actions.continue', variant: 'primary' },
      ],
    },
  },
};
const password = (state: NonNullable<FlowAnswer['screen']>['state'] = {}): FlowAnswer => ({
  executionId,
  stepId: 'password',
  status: 'waiting',
  screen: {
    id: 'password',
    state,
    componentsConfig: {
      components: [
        { type: 'text', key: 'flows.password.intro', values: { loginId: 'ada@example.com' } },
        { type: 'input', name: 'password', inputType: 'password', labelKey: 'flows.fields.password', required: true },
        { type: 'button', interactionId: 'submit', labelKey: 'flows.actions.signIn', variant: 'primary' },
        { type: 'button', interactionId: 'back', labelKey: 'flows.actions.otherAddress', variant: 'secondary' },
        // A key that is not the flow's own is never shown as it is.
        { type: 'text', key: 'app.loading' },
      ],
    },
  },
});
const ok = (data: FlowAnswer) => ({ ok: true, code: 200, data }) as never;

const render = () => {
  const fake = createFakeAuthSdk();
  fake.sdk.flow.start.mockResolvedValueOnce(ok(identify));
  const view = renderRoutes([{ path: '/login/', element: <SignInFlow flowId="sign-up-or-in" /> }], '/login/', { sdk: fake.sdk });
  return { fake, ...view };
};

describe('SignInFlow', () => {
  it('renders each screen the provider sends and answers with what was typed, until the flow completes', async () => {
    const { fake, container } = render();
    const email = await screen.findByRole('textbox', { name: 'Email address' });
    expect(screen.getByText('Enter your work email address to sign in.')).toBeVisible();
    await waitFor(() => expect(email).toHaveFocus());
    expect(await seriousAxeViolations(container)).toEqual([]);

    fake.sdk.flow.next.mockResolvedValueOnce(ok(password()));
    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter the password for ada@example.com.')).toBeVisible();
    expect(fake.sdk.flow.next).toHaveBeenLastCalledWith(executionId, 'identify', 'submit', undefined, undefined, { email: 'ada@example.com' });
    expect(screen.getByText('Signing in did not work. Try again in a moment.')).toBeVisible();

    // A wrong password: the same screen with the error on the field, which is emptied and focused.
    fake.sdk.flow.next.mockResolvedValueOnce(ok(password({ errorKey: 'flows.errors.wrongPassword', errorField: 'password' })));
    const field = screen.getByLabelText(/Password/);
    fireEvent.change(field, { target: { value: 'not it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/The email address or password is not correct/)).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText(/Password/)).toHaveFocus());
    expect(screen.getByLabelText(/Password/)).toHaveValue('');

    fake.sdk.flow.next.mockResolvedValueOnce(ok({ executionId, stepId: 'password', status: 'completed' }));
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'the right one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(fake.sdk.flow.next).toHaveBeenLastCalledWith(executionId, 'password', 'submit', undefined, undefined, { password: 'the right one' }));
  });

  it('starts again, and says so, when the provider has forgotten the flow or its nonce is old', async () => {
    const { fake } = render();
    await screen.findByRole('textbox', { name: 'Email address' });
    fake.sdk.flow.next.mockResolvedValueOnce({ ok: false, code: 400, error: { errorCode: 'E103205', errorDescription: 'executionId: this flow timed out' } } as never);
    fake.sdk.flow.start.mockResolvedValueOnce(ok(identify));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The sign-in started again because the previous one timed out.')).toBeVisible();
    expect(fake.sdk.flow.start).toHaveBeenCalledTimes(2);
  });

  it('offers to try again when the flow cannot start', async () => {
    const fake = createFakeAuthSdk();
    renderRoutes([{ path: '/login/', element: <SignInFlow flowId="no-such-flow" /> }], '/login/', { sdk: fake.sdk });
    expect(await screen.findByTestId('sign-in-error')).toHaveTextContent('Signing in did not work');
    fake.sdk.flow.start.mockResolvedValueOnce(ok(identify));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Email address' })).toBeVisible();
  });
});
