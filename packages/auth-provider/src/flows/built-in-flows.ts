import { z } from 'zod';
import { AuthError } from '../errors.ts';
import { recoveryCodesLeft, useRecoveryCode } from '../factors/recovery-codes.ts';
import { secondFactorsOf } from '../factors/second-factors.ts';
import { acceptTotpCode } from '../factors/totp.ts';
import { emailSchema } from '../http/validation.ts';
import { checkPasswordOf } from '../methods/password-check.ts';
import { throttle } from '../methods/throttle.ts';
import { hashPassword } from '../methods/password-hash.ts';
import { passwordProblem } from '../methods/password-policy.ts';
import { admitSignIn } from '../sessions/sign-in-gate.ts';
import { createUserWithLoginId } from '../users/create-user.ts';
import { type UserRow, usersRepository } from '../users/users.repository.ts';
import type { FlowCall, FlowComponent, FlowDefinition, FlowStep, Transition } from './flow-engine.ts';

/** Five wrong codes in five minutes stop a person's codes for the rest of the window, as on /totp/verify. */
const codeFailureLimit = { max: 5, windowSeconds: 5 * 60 };

const text = (key: string, values?: Record<string, string>): FlowComponent => ({ type: 'text', key, ...(values ? { values } : {}) });
const primary = (interactionId: string, labelKey: string): FlowComponent => ({ type: 'button', interactionId, labelKey, variant: 'primary' });
const secondary = (interactionId: string, labelKey: string): FlowComponent => ({ type: 'button', interactionId, labelKey, variant: 'secondary' });
const field = (input: Record<string, unknown>, name: string) => (typeof input[name] === 'string' ? (input[name] as string) : '');

const userOf = async (call: FlowCall) => (call.state.userId ? usersRepository(call.context.db).findById(call.state.userId) : undefined);

/** The end of a sign-in: the organisation's policy is asked, the success recorded, the session started. */
const signIn = async (call: FlowCall, user: UserRow, amr: string[], method: string): Promise<Transition> => {
  try {
    await admitSignIn(call.context, user, amr, method, call.state.loginId, call.client);
  } catch (error) {
    if (error instanceof AuthError) return { error: error.errorCode === 'E062112' ? 'flows.errors.ssoRequired' : 'flows.errors.methodNotAllowed' };
    throw error;
  }
  await call.context.events.record({ event: 'signin', method, success: true, userId: user.id, loginId: call.state.loginId }, call.client);
  return { complete: await call.context.sessions.start(user, amr, call.client), lastAuthMethod: method };
};

/**
 * After a first factor: the authenticator app when the person has one and a second factor is owed
 * (their own factor, their organisation's or their sign-in policy); otherwise the session now. A
 * person whose only second factor is a passkey gets a session marked `mfa_required`, which the
 * app's confirmation page completes with the passkey.
 */
const afterFirstFactor = async (call: FlowCall, user: UserRow, amr: string[], method: string, { requireApp = false } = {}): Promise<Transition> => {
  const factors = await secondFactorsOf(call.context.db, user.id);
  const owes = await call.context.sessions.owesSecondFactor(user, amr);
  if (factors.totp && (owes || requireApp)) return { next: 'second-factor', state: { ...call.state, userId: user.id, amr } };
  if (requireApp) return { error: 'flows.errors.noAuthenticatorApp' };
  return signIn(call, user, amr, method);
};

/** A code from the authenticator app, counted against the person's limit like /totp/verify. */
const confirmAppCode = async (call: FlowCall, user: UserRow, code: string) => {
  const failures = `totp.failures:${call.state.familyId ?? user.id}`;
  await call.context.limiter.refuseIfFull(failures, codeFailureLimit);
  const accepted = await acceptTotpCode(call.context, user.id, code.trim(), false);
  if (!accepted) {
    await call.context.limiter.countFailure(failures, codeFailureLimit);
    await call.context.events.record({ event: call.state.familyId ? 'mfa' : 'signin', method: 'totp', success: false, userId: user.id, loginId: call.state.loginId, reason: 'wrong, expired or used code' }, call.client);
  }
  return Boolean(accepted);
};

/** The end of a confirmation: a new sign-in's session, or the signed-in session stepped up. */
const finishSecondFactor = async (call: FlowCall, user: UserRow, method: 'totp' | 'recovery_code'): Promise<Transition> => {
  if (call.state.familyId) {
    await call.context.events.record({ event: 'mfa', method, success: true, userId: user.id, loginId: call.state.loginId }, call.client);
    return { complete: await call.context.sessions.stepUp(user, call.state.familyId, method, call.client), lastAuthMethod: method };
  }
  return signIn(call, user, [...(call.state.amr ?? []), method, 'mfa'], call.state.amr?.includes('pwd') ? 'password' : method);
};

const secondFactorStep: FlowStep = {
  name: 'Confirm with your authenticator app',
  screen: () => [text('flows.secondFactor.intro'), { type: 'input', name: 'code', inputType: 'code', labelKey: 'flows.fields.appCode', autoComplete: 'one-time-code', required: true }, primary('submit', 'flows.actions.confirm'), secondary('use-recovery-code', 'flows.actions.useRecoveryCode')],
  interactions: {
    submit: async (call) => {
      const user = await userOf(call);
      if (!user) return { error: 'flows.errors.expired' };
      if (!(await confirmAppCode(call, user, field(call.input, 'code')))) return { error: 'flows.errors.wrongCode', field: 'code' };
      return finishSecondFactor(call, user, 'totp');
    },
    'use-recovery-code': async () => ({ next: 'recovery-code' }),
  },
};

const recoveryCodeStep: FlowStep = {
  name: 'Use a recovery code',
  screen: () => [text('flows.recoveryCode.intro'), { type: 'input', name: 'code', inputType: 'text', labelKey: 'flows.fields.recoveryCode', autoComplete: 'off', required: true }, primary('submit', 'flows.actions.confirm'), secondary('back', 'flows.actions.useApp')],
  interactions: {
    submit: async (call) => {
      const user = await userOf(call);
      if (!user) return { error: 'flows.errors.expired' };
      const failures = `totp.failures:${call.state.familyId ?? user.id}`;
      await call.context.limiter.refuseIfFull(failures, codeFailureLimit);
      if (!(await useRecoveryCode(call.context.db, call.context.secret, user.id, field(call.input, 'code').trim()))) {
        await call.context.limiter.countFailure(failures, codeFailureLimit);
        await call.context.events.record({ event: 'mfa', method: 'recovery_code', success: false, userId: user.id, loginId: call.state.loginId, reason: 'wrong or used recovery code' }, call.client);
        return { error: 'flows.errors.wrongRecoveryCode', field: 'code' };
      }
      await call.context.events.record({ event: 'mfa', method: 'recovery_code', success: true, userId: user.id, loginId: call.state.loginId, reason: `${await recoveryCodesLeft(call.context.db, user.id)} recovery codes left` }, call.client);
      return finishSecondFactor(call, user, 'recovery_code');
    },
    back: async () => ({ next: 'second-factor' }),
  },
};

const identifyStep = (allowSignUp: boolean): FlowStep => ({
  name: 'Who is signing in',
  screen: () => [text('flows.identify.intro'), { type: 'input', name: 'email', inputType: 'email', labelKey: 'flows.fields.email', autoComplete: 'username', required: true }, primary('submit', 'flows.actions.continue')],
  interactions: {
    submit: async (call) => {
      const parsed = emailSchema.safeParse(field(call.input, 'email'));
      if (!parsed.success) return { error: 'flows.errors.email', field: 'email' };
      const loginId = parsed.data;
      // Only where anyone may sign up does an unknown address lead elsewhere than the password:
      // otherwise the next screen is the same for everyone, and tells nothing about who has an account.
      if (allowSignUp && !(await usersRepository(call.context.db).findByLoginId(loginId))) return { next: 'sign-up', state: { loginId } };
      return { next: 'password', state: { loginId } };
    },
  },
});

const passwordStep = (options: { requireApp: boolean }): FlowStep => ({
  name: 'Password',
  screen: (state) => [
    text('flows.password.intro', { loginId: state.loginId ?? '' }),
    { type: 'input', name: 'password', inputType: 'password', labelKey: 'flows.fields.password', autoComplete: 'current-password', required: true },
    primary('submit', 'flows.actions.signIn'),
    secondary('back', 'flows.actions.otherAddress'),
  ],
  interactions: {
    submit: async (call) => {
      const password = field(call.input, 'password');
      if (!password) return { error: 'flows.errors.passwordMissing', field: 'password' };
      // Counted with /password/signin's attempts: a flow is no way around the per-address limit.
      await throttle(call.context, 'password.signin', call.client.ip, call.state.loginId);
      let user: UserRow;
      try {
        user = await checkPasswordOf(call.context, call.state.loginId!, password, call.client);
      } catch (error) {
        if (error instanceof AuthError && error.errorCode === 'E061004') return { error: 'flows.errors.wrongPassword', field: 'password' };
        throw error;
      }
      return afterFirstFactor(call, user, ['pwd'], 'password', options);
    },
    back: async () => ({ next: 'identify', state: {} }),
  },
});

const signUpSchema = z.object({ givenName: z.string().trim().min(1).max(100), familyName: z.string().trim().max(100), password: z.string().min(1).max(4096) });

/** Self sign-up inside a flow (only where it is open): a name and a password the policy accepts. */
const signUpStep: FlowStep = {
  name: 'Create your account',
  screen: (state) => [
    text('flows.signUp.intro', { loginId: state.loginId ?? '' }),
    { type: 'input', name: 'givenName', inputType: 'text', labelKey: 'flows.fields.givenName', autoComplete: 'given-name', required: true },
    { type: 'input', name: 'familyName', inputType: 'text', labelKey: 'flows.fields.familyName', autoComplete: 'family-name' },
    { type: 'input', name: 'password', inputType: 'password', labelKey: 'flows.fields.newPassword', autoComplete: 'new-password', required: true },
    primary('submit', 'flows.actions.createAccount'),
    secondary('back', 'flows.actions.otherAddress'),
  ],
  interactions: {
    submit: async (call) => {
      // Counted with /password/signup's attempts, as the same thing done another way.
      await throttle(call.context, 'password.signup', call.client.ip, call.state.loginId);
      const parsed = signUpSchema.safeParse({ givenName: field(call.input, 'givenName'), familyName: field(call.input, 'familyName'), password: field(call.input, 'password') });
      if (!parsed.success) return { error: 'flows.errors.nameMissing', field: 'givenName' };
      const loginId = call.state.loginId!;
      const { givenName, familyName, password } = parsed.data;
      if (passwordProblem(password, [loginId.split('@')[0]!, givenName, familyName])) return { error: 'flows.errors.weakPassword', field: 'password' };
      const users = usersRepository(call.context.db);
      // Someone else signed up with this address meanwhile: sign in instead.
      if (await users.findByLoginId(loginId)) return { next: 'password' };
      const user = await createUserWithLoginId(call.context.db, loginId, { email: loginId, givenName, familyName, name: [givenName, familyName].filter(Boolean).join(' '), passwordHash: await hashPassword(password) });
      await call.context.events.record({ event: 'signin', method: 'password', success: true, userId: user.id, loginId, reason: 'sign-up' }, call.client);
      return { complete: await call.context.sessions.start(user, ['pwd'], call.client, null, true), lastAuthMethod: 'password' };
    },
    back: async () => ({ next: 'identify', state: {} }),
  },
};

/**
 * The built-in flows (contract §6): `sign-up-or-in` (an address, then a password or, where sign-up
 * is open and the address is new, an account; the authenticator app when a second factor is owed),
 * `sign-in-mfa` (a password and always the authenticator app) and `step-up` (the signed-in session
 * confirms itself with the app or a recovery code).
 */
export const builtInFlows = (selfSignUp: boolean): FlowDefinition[] => [
  {
    id: 'sign-up-or-in',
    begin: async () => ({ step: 'identify', state: {} }),
    steps: {
      identify: identifyStep(selfSignUp),
      password: passwordStep({ requireApp: false }),
      ...(selfSignUp ? { 'sign-up': signUpStep } : {}),
      'second-factor': secondFactorStep,
      'recovery-code': recoveryCodeStep,
    },
  },
  {
    id: 'sign-in-mfa',
    begin: async () => ({ step: 'identify', state: {} }),
    steps: { identify: identifyStep(false), password: passwordStep({ requireApp: true }), 'second-factor': secondFactorStep, 'recovery-code': recoveryCodeStep },
  },
  {
    id: 'step-up',
    // The session to confirm comes with the call (the refresh token, as for every signed-in call).
    begin: async (call) => {
      if (!call.refreshToken) throw new AuthError('unauthorized', 'The step-up flow confirms a signed-in session: sign in first');
      const { user, row } = await call.context.sessions.verifyRefresh(call.refreshToken);
      return { step: 'second-factor', state: { userId: user.id, familyId: row.familyId, loginId: user.email ?? undefined } };
    },
    steps: { 'second-factor': secondFactorStep, 'recovery-code': recoveryCodeStep },
  },
];
