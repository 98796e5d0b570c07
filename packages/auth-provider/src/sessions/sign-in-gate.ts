import type { ProviderContext } from '../context.ts';
import { AuthError } from '../errors.ts';
import type { UserRow } from '../users/users.repository.ts';
import type { ClientInfo } from './sessions.ts';

/**
 * Lets a verified first factor through only where the person's organisations allow it (single
 * sign-on required, allowed methods). A refusal is recorded as a failed sign-in with its reason, not
 * as a success, so the login log and the risk facts tell the truth.
 * @throws AuthError ssoRequired or methodNotAllowed.
 */
export const admitSignIn = async (context: ProviderContext, user: UserRow, amr: readonly string[], method: string, loginId: string | undefined, client: ClientInfo) => {
  try {
    await context.sessions.enforceSignInPolicy(user, amr);
  } catch (error) {
    if (error instanceof AuthError) {
      await context.events.record({ event: 'signin', method, success: false, userId: user.id, loginId, reason: 'refused by the organization’s sign-in policy' }, client);
    }
    throw error;
  }
};
