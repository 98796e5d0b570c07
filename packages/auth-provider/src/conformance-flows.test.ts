// @vitest-environment jsdom
/**
 * Flows (contract §6) through the published @descope/web-js-sdk: `flow.start` and `flow.next`
 * drive the built-in flows screen by screen. The SDK keeps the flow nonce itself (§6.3): it stores
 * the nonce of each answer and sends it with the next call, which the provider insists on.
 */
import createSdk from '@descope/web-js-sdk';
import { Secret, TOTP } from 'otpauth';
import { beforeEach, describe, expect, it } from 'vitest';
import { projectId, useProvider } from './test/provider-harness.ts';

const provider = useProvider({ selfSignUp: true });
const device = () => createSdk({ projectId, baseUrl: provider.baseUrl, persistTokens: false, autoRefresh: false });
const codeAt = (key: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(key), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

type FlowAnswer = {
  executionId: string;
  stepId: string;
  status: string;
  screen?: { id: string; state: { errorKey?: string; errorField?: string }; componentsConfig: { components: { type: string; name?: string; interactionId?: string }[] } };
  authInfo?: { sessionJwt: string; refreshJwt: string; claims: { amr: string[] }; user: { userId: string } };
};

/** One browser running a flow: each call answers the next screen, the SDK carrying the nonce. */
const runFlow = async (flowId: string, sdk = device()) => {
  const started = await sdk.flow.start(flowId, {});
  expect(started.ok, JSON.stringify(started.error)).toBe(true);
  let current = started.data as unknown as FlowAnswer;
  const step = async (interactionId: string, input: Record<string, string> = {}) => {
    const answer = await sdk.flow.next(current.executionId, current.stepId, interactionId, undefined, undefined, input as Record<string, string>);
    expect(answer.ok, JSON.stringify(answer.error)).toBe(true);
    current = answer.data as unknown as FlowAnswer;
    return current;
  };
  return { first: current, step, sdk };
};

beforeEach(() => localStorage.clear());

describe('the sign-up-or-in flow', () => {
  it('asks for the address, then the password, and completes with a session (a wrong password stays on the screen)', async () => {
    const user = await provider.buildUser();
    const { first, step } = await runFlow('sign-up-or-in');
    expect(first.executionId).toMatch(/^sign-up-or-in\|#\|X[0-9a-f]+$/);
    expect(first.screen?.componentsConfig.components.filter((c) => c.type === 'input').map((c) => c.name)).toEqual(['email']);
    expect((await step('submit', { email: 'not an address' })).screen?.state).toMatchObject({ errorKey: 'flows.errors.email', errorField: 'email' });
    expect((await step('submit', { email: user.email })).stepId).toBe('password');
    expect((await step('submit', { password: 'not the password' })).screen?.state.errorKey).toBe('flows.errors.wrongPassword');
    const done = await step('submit', { password: user.password });
    expect(done.status).toBe('completed');
    expect(done.authInfo?.user.userId).toBe(user.userId);
    expect(done.authInfo?.claims.amr).toEqual(['pwd']);
  });

  it('asks for the authenticator app of a person who has one, refusing a wrong code, and signs in with both factors', async () => {
    const user = await provider.buildUser();
    const session = (await device().password.signIn(user.email, user.password)).data!;
    const key = (await device().totp.update(user.email, session.refreshJwt)).data!.key;
    expect((await device().totp.verify(user.email, codeAt(key), undefined, session.refreshJwt)).ok).toBe(true);

    const { step } = await runFlow('sign-up-or-in');
    await step('submit', { email: user.email });
    expect((await step('submit', { password: user.password })).stepId).toBe('second-factor');
    expect((await step('submit', { code: '000000' })).screen?.state.errorKey).toBe('flows.errors.wrongCode');
    const done = await step('submit', { code: codeAt(key, 30) });
    expect(done.authInfo?.claims.amr).toEqual(expect.arrayContaining(['pwd', 'totp', 'mfa']));
  });

  it('creates an account for a new address where self sign-up is open', async () => {
    const email = `new.${Date.now().toString(36)}@vigil.test`;
    const { step } = await runFlow('sign-up-or-in');
    expect((await step('submit', { email })).stepId).toBe('sign-up');
    expect((await step('submit', { givenName: 'Nadia', familyName: 'Okafor', password: 'password' })).screen?.state.errorKey).toBe('flows.errors.weakPassword');
    const done = await step('submit', { givenName: 'Nadia', familyName: 'Okafor', password: 'tangerine orbit sextant 48' });
    expect(done.status).toBe('completed');
    expect((await device().password.signIn(email, 'tangerine orbit sextant 48')).ok).toBe(true);
  });
});

describe('the flow nonce and the other built-in flows', () => {
  it('refuses a call without the latest nonce, a replayed one, and an unknown flow', async () => {
    const { first, step } = await runFlow('sign-up-or-in');
    const raw = (nonce?: string) =>
      fetch(`${provider.baseUrl}/v1/flow/next`, {
        method: 'POST',
        headers: { authorization: `Bearer ${projectId}`, 'content-type': 'application/json', ...(nonce ? { 'x-descope-flow-nonce': nonce } : {}) },
        body: JSON.stringify({ executionId: first.executionId, stepId: 'identify', interactionId: 'submit', input: { email: 'someone@vigil.test' } }),
      });
    const missing = await raw();
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { errorCode: string }).errorCode).toBe('E108201');
    // The SDK's own call works; the nonce it used cannot be used again.
    const stored = Object.entries(localStorage).find(([name]) => name.startsWith('descopeFlowNonce'))!;
    const usedNonce = (JSON.parse(stored[1]) as { value: string }).value;
    await step('submit', { email: 'someone@vigil.test' });
    expect((await raw(usedNonce)).status).toBe(401);
    const unknown = await device().flow.start('no-such-flow', {});
    expect(unknown.error?.errorCode).toBe('E102004');
  });

  it('counts its password attempts with /password/signin’s: no way around the per-address limit', async () => {
    const user = await provider.buildUser();
    // The harness allows 10 attempts per address in ten minutes; the flow spends them all.
    for (let attempt = 0; attempt < 10; attempt++) {
      const { step } = await runFlow('sign-up-or-in');
      await step('submit', { email: user.email });
      expect((await step('submit', { password: `wrong ${attempt}` })).screen?.state.errorKey).toBe('flows.errors.wrongPassword');
    }
    const direct = await device().password.signIn(user.email, user.password);
    expect(direct.ok).toBe(false);
    expect([429, 401]).toContain(direct.code);
  });

  it('sign-in-mfa asks everyone for the authenticator app: without one it does not complete', async () => {
    const user = await provider.buildUser();
    const { step } = await runFlow('sign-in-mfa');
    await step('submit', { email: user.email });
    const refused = await step('submit', { password: user.password });
    expect(refused.status).toBe('waiting');
    expect(refused.screen?.state.errorKey).toBe('flows.errors.noAuthenticatorApp');
  });

  it('step-up confirms the signed-in session with the app and answers it stepped up', async () => {
    const user = await provider.buildUser();
    const session = (await device().password.signIn(user.email, user.password)).data!;
    const key = (await device().totp.update(user.email, session.refreshJwt)).data!.key;
    const confirmed = (await device().totp.verify(user.email, codeAt(key), undefined, session.refreshJwt)).data!;
    const later = (await device().password.signIn(user.email, user.password)).data!;
    expect(later.claims?.mfa_required).toBe(true);

    const sdk = device();
    // The session to confirm goes with the start, as the SDK sends it for a signed-in call.
    const started = await sdk.httpClient.post('/v1/flow/start', { flowId: 'step-up', isCustomScreen: false }, { token: later.refreshJwt });
    const first = (await started.json()) as FlowAnswer;
    expect(first.stepId).toBe('second-factor');
    const nonce = started.headers.get('x-descope-flow-nonce')!;
    const next = await fetch(`${provider.baseUrl}/v1/flow/next`, {
      method: 'POST',
      headers: { authorization: `Bearer ${projectId}`, 'content-type': 'application/json', 'x-descope-flow-nonce': nonce },
      body: JSON.stringify({ executionId: first.executionId, stepId: 'second-factor', interactionId: 'submit', input: { code: codeAt(key, 30) } }),
    });
    const done = (await next.json()) as FlowAnswer;
    expect(done.status).toBe('completed');
    expect(done.authInfo?.claims.amr).toEqual(expect.arrayContaining(['pwd', 'totp', 'mfa']));
    // The stepped-up session replaces the one it confirmed.
    expect((await device().refresh(later.refreshJwt)).ok).toBe(false);
    expect(confirmed.claims?.amr).toContain('mfa');
    expect((await device().flow.start('step-up', {})).error?.errorCode).toBe('E061001');
  });
});
