import { type AuthDb, createAuthManagement } from '@vigil/auth-provider';
import type { Db, Tx } from '@vigil/db';
import type { LoginDirectory } from './login-directory.ts';

/**
 * The embedded provider: its tables live in Vigil's database, so the logins are written in the
 * caller's transaction and commit or roll back with the change they follow.
 */
export const embeddedLoginDirectory = (db: Db | Tx): LoginDirectory => {
  const management = createAuthManagement(db as unknown as AuthDb);
  return {
    kind: 'embedded',
    upsertTenants: (list) => management.upsertTenants(list),
    upsertLogins: async (list) => {
      await management.upsertUsers(list);
      return new Map(list.map((login) => [login.userId, login.userId]));
    },
    setLoginTenants: (userId, memberships) => management.setUserTenants(userId, memberships),
    changeLoginEmail: (userId, email) => management.changeUserEmail(userId, email),
    updateLoginNames: async (userId, names) => void (await management.updateUserNames(userId, names)),
    disableLogin: (userId) => management.disableUser(userId),
    enableLogin: async (userId) => void (await management.enableUser(userId)),
    revokeSessions: (userId) => management.revokeAllSessions(userId),
    setSignInPolicy: (userId, policy) => management.setSignInPolicy(userId, policy),
    findUsersByEmail: (emails) => management.findUsersByEmail(emails),
    findMadeFor: async () => new Set<string>(),
    countUsers: (userIds) => management.countUsers(userIds),
  };
};
