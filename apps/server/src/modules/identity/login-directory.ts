import type { Db, Tx } from '@vigil/db';
import { embeddedLoginDirectory } from './embedded-login-directory.ts';
import { type RemoteDirectorySettings, remoteLoginDirectory } from './remote-login-directory.ts';

/** A login as Vigil keeps it in step with a person: their email is its login id. */
export type LoginProfile = {
  userId: string;
  email: string;
  givenName: string;
  familyName: string;
  /** Tenant (organisation) id → role names there. */
  tenants: Record<string, string[]>;
  /**
   * The organisation whose change makes the login. A remote provider's login keeps it as Vigil's
   * mark (see remote-login-directory.ts): only a login marked for the organisation is ever adopted.
   */
  organizationId: string;
};

/** What adaptive controls ask of a person's sign-ins (see adaptive-controls.engine.ts). */
export type SignInPolicy = { requireMfa: boolean; sessionMaxSeconds: number | null; reason: string };

/**
 * Whether `next` asks more of a person's sign-ins than `previous`: a second factor it did not ask
 * for, or a shorter session. Lifting one rule while another stays in force asks nothing more.
 */
export const policyTightens = (previous: SignInPolicy | null, next: SignInPolicy | null) => {
  if (!next) return false;
  if (next.requireMfa && !previous?.requireMfa) return true;
  return next.sessionMaxSeconds !== null && (previous?.sessionMaxSeconds == null || next.sessionMaxSeconds < previous.sessionMaxSeconds);
};

/**
 * The address already signs in at the provider as a login Vigil did not make for this organisation
 * (someone registered it there, or another organisation's change made it): it is not adopted.
 */
export class LoginAddressTaken extends Error {
  constructor(readonly email: string) {
    super('The address signs in at the authentication provider as a login Vigil did not make for this organisation');
  }
}

/**
 * The one way Vigil creates, changes, deactivates and reactivates people's logins and ends their
 * sessions, whichever provider of the authentication contract serves them: the embedded one (its
 * tables, in the caller's transaction) or another one reached through its management API.
 */
export type LoginDirectory = {
  readonly kind: 'embedded' | 'remote';
  /** Creates these tenants or renames them; people can only join a tenant the provider knows. */
  upsertTenants: (list: { id: string; name: string }[]) => Promise<void>;
  /**
   * Creates the logins that do not exist and updates the others: names, email, and the roles in the
   * tenants listed (memberships not listed stay).
   * @returns the provider's user id for each requested one: the same id, except where a remote
   *   provider made the login and chose its own (Descope's create takes none).
   * @throws LoginAddressTaken when a remote login has the address and Vigil did not make it for the
   *   profile's organisation (callers check `findUsersByEmail` first: only a race gets here).
   */
  upsertLogins: (list: LoginProfile[]) => Promise<Map<string, string>>;
  /** Replaces the login's tenant memberships with exactly these. */
  setLoginTenants: (userId: string, memberships: Record<string, string[]>) => Promise<void>;
  /**
   * Moves the login to a new address: the login id that was the old address follows it.
   * @returns false when there is no such login or another login signs in with the address.
   */
  changeLoginEmail: (userId: string, email: string) => Promise<boolean>;
  updateLoginNames: (userId: string, names: { givenName: string; familyName: string }) => Promise<void>;
  /** Stops the login signing in and ends every session and refresh family it has, at once. */
  disableLogin: (userId: string) => Promise<void>;
  enableLogin: (userId: string) => Promise<void>;
  /** Ends every session and refresh family; the person may sign in again. */
  revokeSessions: (userId: string) => Promise<void>;
  /**
   * Applies adaptive controls to the login's sign-ins (null: none); `previous` is the policy in
   * force until now. The embedded provider enforces the policy at every sign-in and refresh. The
   * published management API has no such policy: a remote provider's sessions are ended when the
   * policy tightens (`policyTightens`), and Vigil itself refuses a session the policy does not allow
   * (see tenant-resolver.ts).
   */
  setSignInPolicy: (userId: string, policy: SignInPolicy | null, previous: SignInPolicy | null) => Promise<void>;
  /** Who signs in with these emails (as their email or a login id): lower-case email → user id. */
  findUsersByEmail: (emails: string[]) => Promise<Map<string, string>>;
  /**
   * Of these users, the logins Vigil made for this organisation (a remote login carrying its mark):
   * left by a change whose local transaction rolled back, so a retry may adopt them. The embedded
   * provider's logins commit or roll back with Vigil's rows: none is ever left to adopt.
   */
  findMadeFor: (userIds: string[], organizationId: string) => Promise<Set<string>>;
  /** How many of these user ids the provider has. */
  countUsers: (userIds: string[]) => Promise<number>;
};

let remoteSettings: RemoteDirectorySettings | undefined;

/**
 * Chooses, once at start-up, where logins live: with an outside provider (AUTH_BASE_URL elsewhere)
 * and its management key, its management API; otherwise the embedded provider's tables. Settings
 * only: nothing here changes per request, so every process configured alike chooses alike.
 */
export const chooseLoginDirectory = (config: { embedded: boolean; baseUrl: string; projectId: string; managementKey?: string }) => {
  remoteSettings = !config.embedded && config.managementKey ? { baseUrl: config.baseUrl, projectId: config.projectId, managementKey: config.managementKey } : undefined;
};

/**
 * Whether people's logins live in the embedded provider's tables (in Vigil's database), so that
 * views of their sessions, factors and sign-in history can be read there. With another provider
 * they live there, and only that provider can show them.
 */
export const loginsLiveInVigil = () => remoteSettings === undefined;

/**
 * The directory for work done in this database handle: pass the transaction of the change the
 * logins follow, so that with the embedded provider they commit or roll back together.
 */
export const loginDirectoryFor = (db: Db | Tx): LoginDirectory => (remoteSettings ? remoteLoginDirectory(remoteSettings) : embeddedLoginDirectory(db));
