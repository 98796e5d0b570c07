import { LoginAddressTaken, type LoginDirectory, policyTightens } from './login-directory.ts';

export type RemoteDirectorySettings = { baseUrl: string; projectId: string; managementKey: string };

/** A user as the management API answers it (the contract's UserResponse, the fields read here). */
type ProviderUser = {
  userId: string;
  loginIds: string[];
  email?: string;
  phone?: string;
  givenName?: string;
  middleName?: string;
  familyName?: string;
  picture?: string;
  verifiedEmail?: boolean;
  verifiedPhone?: boolean;
  roleNames?: string[];
  userTenants?: { tenantId: string; roleNames: string[] }[];
  customAttributes?: Record<string, unknown>;
  status?: string;
};

/** A refusal from the provider's management API, in the contract's error shape. Never carries the key. */
export class ManagementApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    description: string,
    readonly path: string,
  ) {
    super(`The authentication provider refused ${path} (${status} ${errorCode}): ${description}`);
  }
}

/** The provider did not answer (down, unreachable, too slow): no refusal to read. */
export class ProviderUnreachable extends Error {
  constructor(path: string, cause: unknown) {
    super(`The authentication provider could not be reached for ${path}`, { cause });
  }
}

/** Descope's "no such user" (the go SDK's ErrManagementUserNotFound), or a plain 404. */
const isUserNotFound = (error: unknown) => error instanceof ManagementApiError && (error.errorCode === 'E112102' || error.status === 404);
const isConflict = (error: unknown) => error instanceof ManagementApiError && error.status === 409;

const normalised = (email: string) => email.trim().toLowerCase();
const chunks = <T>(list: T[], size: number) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));
const tenantList = (memberships: Record<string, string[]>) => Object.entries(memberships).map(([tenantId, roleNames]) => ({ tenantId, roleNames }));
const requestTimeoutMs = 10_000;
/**
 * Calls to the provider at once for a list of logins (a directory sync writes 250 people per
 * transaction): enough that a batch does not hold its locks for hundreds of round trips one after
 * another, few enough not to flood the provider.
 */
const callsAtOnce = 8;
/**
 * The custom attribute Vigil marks the logins it creates with: the organisation they are for. A
 * person cannot set it (only the management key can), so a login carrying it was made by Vigil.
 * In Descope, create a custom user attribute of this name (type text) before connecting Vigil, and
 * let no sign-up flow write it.
 */
export const vigilMarkAttribute = 'vigilOrganizationId';

/** Runs `work` for each item, at most `limit` at a time; the first failure is thrown once the calls under way have settled. */
const eachAtMost = async <T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) => {
  let next = 0;
  const failures: unknown[] = [];
  const worker = async () => {
    // After a failure no further item starts: the caller's change is abandoned anyway.
    while (next < items.length && !failures.length) {
      const item = items[next++]!;
      await work(item).catch((error: unknown) => void failures.push(error));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failures.length) throw failures[0];
};

/**
 * Another provider of the contract, reached through Descope's published management REST API with
 * `Authorization: Bearer <project id>:<management key>`: users are created, updated (a full
 * replace: every call sends what the user should keep), enabled, disabled, signed out and searched;
 * tenants created and renamed.
 *
 * These calls cannot join Vigil's database transaction. The callers make them inside their unit of
 * work, before it commits: a provider that refuses or cannot be reached aborts the local change, so
 * Vigil never records a login change the provider did not take. The other way round (the provider
 * took it, then the local transaction rolled back) every write here is idempotent and keyed by the
 * user or login id: tenants are created or renamed, statuses set rather than toggled, memberships
 * replaced, and a create whose login already exists adopts it, but only when Vigil made it for the
 * same organisation (its mark, `vigilMarkAttribute`). So the retry (SCIM clients retry; an admin
 * saves again) converges, and meanwhile a login no person holds reaches nothing: the API finds no
 * person for it. A login with the address that someone else registered at the provider is never
 * adopted: its password and factors are not Vigil's to hand to the person.
 */
export const remoteLoginDirectory = ({ baseUrl, projectId, managementKey }: RemoteDirectorySettings): LoginDirectory => {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${projectId}:${managementKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new ProviderUnreachable(path.split('?')[0]!, error);
    }
    // Every answer of the contract is JSON (§1.6); anything else (a proxy's error page) reads as empty.
    const parsed: unknown = (() => {
      try {
        return text ? JSON.parse(text) : {};
      } catch {
        return {};
      }
    })();
    if (!response.ok) {
      const error = parsed as { errorCode?: unknown; errorDescription?: unknown };
      throw new ManagementApiError(response.status, String(error.errorCode ?? ''), String(error.errorDescription ?? response.statusText), path.split('?')[0]!);
    }
    return parsed as T;
  };

  const load = async (query: { userId: string } | { loginId: string }) => {
    try {
      return (await call<{ user: ProviderUser }>('GET', `/v1/mgmt/user?${new URLSearchParams(query)}`)).user;
    } catch (error) {
      if (isUserNotFound(error)) return undefined;
      throw error;
    }
  };

  /** Descope's update replaces the whole user: send what it has, with these changes. */
  const update = (user: ProviderUser, changes: Partial<Pick<ProviderUser, 'email' | 'givenName' | 'familyName' | 'verifiedEmail'>> & { tenants?: Record<string, string[]> }) => {
    const givenName = changes.givenName ?? user.givenName ?? '';
    const familyName = changes.familyName ?? user.familyName ?? '';
    return call<{ user: ProviderUser }>('POST', '/v1/mgmt/user/update', {
      loginId: user.userId,
      email: (changes.email ?? user.email) || undefined,
      verifiedEmail: changes.verifiedEmail ?? user.verifiedEmail,
      phone: user.phone || undefined,
      verifiedPhone: user.phone ? user.verifiedPhone : undefined,
      displayName: `${givenName} ${familyName}`.trim(),
      givenName,
      middleName: user.middleName || undefined,
      familyName,
      picture: user.picture || undefined,
      customAttributes: user.customAttributes && Object.keys(user.customAttributes).length ? user.customAttributes : undefined,
      roleNames: user.roleNames ?? [],
      userTenants: changes.tenants ? tenantList(changes.tenants) : (user.userTenants ?? []).map(({ tenantId, roleNames }) => ({ tenantId, roleNames })),
    });
  };

  const search = async (filter: { emails?: string[]; loginIds?: string[]; userIds?: string[] }, limit: number) =>
    call<{ users: ProviderUser[]; total?: number }>('POST', '/v2/mgmt/user/search', { ...filter, limit, page: 0 });

  const findUsersByEmail = async (emails: string[]) => {
    const wanted = [...new Set(emails.map(normalised))];
    const owners = new Map<string, string>();
    for (const chunk of chunks(wanted, 100)) {
      const inChunk = new Set(chunk);
      // Login ids first, then emails: as the embedded provider, the email's own user wins.
      for (const user of (await search({ loginIds: chunk }, chunk.length)).users) {
        for (const loginId of user.loginIds ?? []) if (inChunk.has(normalised(loginId))) owners.set(normalised(loginId), user.userId);
      }
      for (const user of (await search({ emails: chunk }, chunk.length)).users) {
        if (user.email && inChunk.has(normalised(user.email))) owners.set(normalised(user.email), user.userId);
      }
    }
    return owners;
  };

  const setStatus = async (userId: string, status: 'enabled' | 'disabled') => {
    try {
      await call('POST', '/v1/mgmt/user/update/status', { loginId: userId, status });
      return true;
    } catch (error) {
      // As the embedded provider: a login it does not have is left alone.
      if (isUserNotFound(error)) return false;
      throw error;
    }
  };
  const logout = async (userId: string) => {
    try {
      await call('POST', '/v1/mgmt/user/logout', { userId });
    } catch (error) {
      if (!isUserNotFound(error)) throw error;
    }
  };

  return {
    kind: 'remote',
    upsertTenants: async (list) => {
      for (const tenant of list) {
        try {
          await call('POST', '/v1/mgmt/tenant/create', { id: tenant.id, name: tenant.name });
        } catch (error) {
          if (!isConflict(error)) throw error;
          await call('POST', '/v1/mgmt/tenant/update', { id: tenant.id, name: tenant.name });
        }
      }
    },
    upsertLogins: async (list) => {
      const ids = new Map<string, string>();
      await eachAtMost(list, callsAtOnce, async (login) => {
        let existing = await load({ userId: login.userId });
        let adopted = false;
        if (!existing) {
          try {
            const { user } = await call<{ user: ProviderUser }>('POST', '/v1/mgmt/user/create', {
              loginId: login.email,
              email: login.email,
              verifiedEmail: true,
              displayName: `${login.givenName} ${login.familyName}`.trim(),
              givenName: login.givenName,
              familyName: login.familyName,
              userTenants: tenantList(login.tenants),
              customAttributes: { [vigilMarkAttribute]: login.organizationId },
            });
            ids.set(login.userId, user.userId);
            return;
          } catch (error) {
            // The login exists already. Made by an earlier attempt for this organisation whose local
            // change rolled back, it is adopted; anyone else's is not.
            if (!isConflict(error)) throw error;
            existing = await load({ loginId: login.email });
            if (!existing) throw error;
            if (existing.customAttributes?.[vigilMarkAttribute] !== login.organizationId) throw new LoginAddressTaken(login.email);
            adopted = true;
          }
        }
        const tenants = Object.fromEntries((existing.userTenants ?? []).map((t) => [t.tenantId, t.roleNames]));
        // Vigil vouches for an address it moves a login of its own to; an adopted login keeps what the provider knows.
        const verifiedEmail = adopted || normalised(existing.email ?? '') === normalised(login.email) ? existing.verifiedEmail : true;
        await update(existing, { email: login.email, verifiedEmail, givenName: login.givenName, familyName: login.familyName, tenants: { ...tenants, ...login.tenants } });
        ids.set(login.userId, existing.userId);
      });
      return ids;
    },
    setLoginTenants: async (userId, memberships) => {
      const user = await load({ userId });
      if (user) await update(user, { tenants: memberships });
    },
    changeLoginEmail: async (userId, email) => {
      const user = await load({ userId });
      if (!user) return false;
      if (user.email === email) return true;
      const owner = (await findUsersByEmail([email])).get(normalised(email));
      if (owner !== undefined && owner !== userId) return false;
      const oldLoginId = user.loginIds.find((loginId) => normalised(loginId) === normalised(user.email ?? ''));
      if (oldLoginId && normalised(oldLoginId) !== normalised(email)) {
        try {
          await call('POST', '/v1/mgmt/user/update/loginid', { loginId: oldLoginId, newLoginId: email });
        } catch (error) {
          if (isConflict(error)) return false;
          throw error;
        }
      }
      await update(user, { email, verifiedEmail: true });
      return true;
    },
    updateLoginNames: async (userId, names) => {
      const user = await load({ userId });
      if (user) await update(user, names);
    },
    disableLogin: async (userId) => {
      // Disabled, then signed out everywhere: the provider may let a disabled user's refresh run out otherwise.
      if (await setStatus(userId, 'disabled')) await logout(userId);
    },
    enableLogin: async (userId) => void (await setStatus(userId, 'enabled')),
    revokeSessions: logout,
    // The management API has no sign-in policy: sessions signed in under a looser one end, and
    // Vigil refuses what the policy does not allow (tenant-resolver.ts).
    setSignInPolicy: async (userId, policy, previous) => {
      if (policyTightens(previous, policy)) await logout(userId);
    },
    findUsersByEmail,
    findMadeFor: async (userIds, organizationId) => {
      const made = new Set<string>();
      for (const chunk of chunks([...new Set(userIds)], 100)) {
        for (const user of (await search({ userIds: chunk }, chunk.length)).users) {
          if (user.customAttributes?.[vigilMarkAttribute] === organizationId) made.add(user.userId);
        }
      }
      return made;
    },
    countUsers: async (userIds) => {
      let total = 0;
      for (const chunk of chunks([...new Set(userIds)], 100)) total += (await search({ userIds: chunk }, chunk.length)).users.length;
      return total;
    },
  };
};
