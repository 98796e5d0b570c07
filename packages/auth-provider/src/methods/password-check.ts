import argon2 from 'argon2';
import type { ProviderContext } from '../context.ts';
import { AuthError } from '../errors.ts';
import type { ClientInfo } from '../sessions/sessions.ts';
import { usersRepository } from '../users/users.repository.ts';
import { startVerification } from './verifications.ts';

// One message for every failure, so it never tells whether the account exists or is locked.
export const signInFailed = () =>
  new AuthError('invalidCredentials', 'The email or password is wrong, or the account is locked. Reset your password to unlock it.');

/**
 * Checks a password in constant shape: unknown users cost the same argon2 verification. A wrong
 * password counts towards the lock-out; the failure that locks the account mails its owner an
 * unlock link. Every failure is recorded as a failed sign-in.
 * @throws AuthError invalidCredentials, the same for every reason.
 */
export const checkPasswordOf = async (context: ProviderContext, loginId: string, password: string, client: ClientInfo) => {
  const users = usersRepository(context.db);
  const { settings } = context;
  const user = await users.findByLoginId(loginId);
  const matches = await argon2.verify(user?.passwordHash ?? context.dummyPasswordHash, password);
  const usable = user && user.status === 'enabled' && !user.lockedAt && user.passwordHash;
  if (!usable || !matches) {
    if (user && user.passwordHash && !matches) {
      const failure = await users.recordPasswordFailure(user.id, settings.lockAfterFailedPasswords);
      if (failure?.attempts === settings.lockAfterFailedPasswords && user.email && user.status === 'enabled') {
        await startVerification(context, { kind: 'password-reset', channel: 'email', loginId, user, client, purpose: 'unlock', defaultPath: '/login/reset-password/' });
      }
    }
    await context.events.record({ event: 'signin', method: 'password', success: false, userId: user?.id, loginId, reason: !user ? 'unknown login id' : !matches ? 'wrong password' : 'account locked or disabled' }, client);
    throw signInFailed();
  }
  if (user.failedPasswordAttempts > 0) await users.clearPasswordFailures(user.id);
  return user;
};
