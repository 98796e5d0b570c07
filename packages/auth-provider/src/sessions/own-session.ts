import type { ProviderContext } from '../context.ts';
import { AuthError } from '../errors.ts';
import { hasSecondFactor, secondFactorsOf } from '../factors/second-factors.ts';
import { requireToken } from '../http/request-context.ts';
import { normaliseLoginId, usersRepository } from '../users/users.repository.ts';

/**
 * The session of the refresh token a call came with, which must belong to the user signing in
 * with `loginId`: a person changes only their own factors, addresses and password. A session that
 * still owes a second factor may only confirm one (`confirmingSecondFactor`): it cannot change an
 * address, a password or a factor, which would let a password alone take over the account.
 * @throws AuthError unauthorized without a valid token, or when the login id is someone else's;
 *   secondFactorRequired for a session that owes one.
 */
export const ownSession = async (
  context: ProviderContext,
  token: string | undefined,
  loginId: string,
  /** True, or a test of the session's methods (a reset link's session may set a password). */
  { confirmingSecondFactor = false }: { confirmingSecondFactor?: boolean | ((amr: readonly string[]) => boolean) } = {},
) => {
  const session = await context.sessions.verifyRefresh(requireToken(token));
  if (!(await usersRepository(context.db).listLoginIds(session.user.id)).includes(normaliseLoginId(loginId))) {
    throw new AuthError('unauthorized', 'loginId: this session belongs to another user');
  }
  const mayOwe = typeof confirmingSecondFactor === 'function' ? confirmingSecondFactor(session.row.amr) : confirmingSecondFactor;
  if (!mayOwe && (await context.sessions.owesSecondFactor(session.user, session.row.amr))) {
    throw new AuthError('secondFactorRequired', 'Confirm it is you with your second factor first');
  }
  return session;
};

/**
 * Changing how a person signs in (setting up an authenticator app, adding a passkey) needs a
 * session that signed in recently and, once the person has a second factor, one that confirmed it:
 * a password alone must not be enough to replace the factor that protects it.
 * @throws AuthError recentSignInRequired or secondFactorRequired, saying what to do first.
 */
export const requireFactorChangeAllowed = async (context: ProviderContext, session: Awaited<ReturnType<typeof ownSession>>, change: string) => {
  await context.sessions.requireRecentSignIn(session.row.familyId, change);
  if (!session.row.amr.includes('mfa') && hasSecondFactor(await secondFactorsOf(context.db, session.user.id))) {
    throw new AuthError('secondFactorRequired', `Confirm this session with your authenticator app, passkey or a recovery code first, then ${change}`);
  }
};
