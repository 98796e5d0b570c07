import type { ClientConfig, CreateOrganizationUserInput, OnboardingWizard, OrganizationUser, OrganizationUsers } from '@vigil/contracts';
import { apiPaths } from '../apps/web/src/config/paths.ts';
import { waitForMail } from './mail.ts';

// The product's own HTTP API, as the web app calls it: specs arrange and put back state through it
// (people of their own, clean-up in afterAll), so no spec depends on what another one did or left.
// Mind the provider's limit of ten password sign-ins per person in ten minutes, which the whole
// suite fits in: the demo people most specs sign in as (owen.fletcher, amelia.hart) are near it, so
// a spec that signs in again and again, or makes a password fail, does it as a person of its own.

export const demoPassword = 'vigil-demo-password';

type AuthTokens = { sessionJwt: string; refreshJwt: string };
type Body = unknown | { bytes: Buffer; type: string };

const isUpload = (body: Body): body is { bytes: Buffer; type: string } =>
  typeof body === 'object' && body !== null && 'bytes' in body && Buffer.isBuffer((body as { bytes: unknown }).bytes);

const describeFailure = async (what: string, response: Response) => new Error(`${what} answered ${response.status}: ${await response.text()}`);

const configs = new Map<string, Promise<ClientConfig>>();
const clientConfig = (baseUrl: string) => {
  if (!configs.has(baseUrl)) {
    configs.set(
      baseUrl,
      fetch(`${baseUrl}${apiPaths.clientConfig}`).then(async (response) => {
        if (!response.ok) throw await describeFailure(`GET ${apiPaths.clientConfig}`, response);
        return (await response.json()) as ClientConfig;
      }),
    );
  }
  return configs.get(baseUrl)!;
};

/** A call to the authentication provider; `refreshJwt` goes after the project id, as the SDK sends it. */
const callProvider = async <T>(baseUrl: string, path: string, body: unknown, refreshJwt?: string): Promise<T> => {
  const { authProjectId, authBaseUrl } = await clientConfig(baseUrl);
  const response = await fetch(`${(authBaseUrl || baseUrl).replace(/\/+$/, '')}/v1/auth${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${authProjectId}${refreshJwt ? `:${refreshJwt}` : ''}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await describeFailure(`POST /v1/auth${path}`, response);
  return (await response.json()) as T;
};

export type ApiSession = {
  email: string;
  /** Calls /api as this person; answers the parsed JSON (or text), and throws on anything but 2xx. */
  call: <T = unknown>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: Body) => Promise<T>;
  /** Ends this session (its refresh family) at the provider. */
  signOut: () => Promise<void>;
};

const sessionFor = (baseUrl: string, email: string, tokens: AuthTokens): ApiSession => ({
  email,
  call: async <T>(method: string, path: string, body?: Body) => {
    const headers: Record<string, string> = { authorization: `Bearer ${tokens.sessionJwt}` };
    let payload: BodyInit | undefined;
    if (isUpload(body)) {
      headers['content-type'] = body.type;
      payload = new Uint8Array(body.bytes);
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: payload });
    if (!response.ok) throw await describeFailure(`${method} ${path} as ${email}`, response);
    const text = await response.text();
    return (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
  },
  signOut: async () => {
    await callProvider(baseUrl, '/logout', {}, tokens.refreshJwt);
  },
});

/** Signs in through the provider's password endpoint, as the sign-in page does. */
export const apiSignIn = async (baseUrl: string, email: string, password = demoPassword): Promise<ApiSession> =>
  sessionFor(baseUrl, email, await callProvider<AuthTokens>(baseUrl, '/password/signin', { loginId: email, password }));

/**
 * Signs in as `email`, runs `work`, and signs out again whatever happened, so clean-up code leaves
 * no session of its own behind in anyone's list of sessions.
 */
export const asPerson = async <T>(baseUrl: string, email: string, work: (session: ApiSession) => Promise<T>): Promise<T> => {
  const session = await apiSignIn(baseUrl, email);
  try {
    return await work(session);
  } finally {
    await session.signOut();
  }
};

/**
 * Adds a person of the admin's organisation (a login that signs in by emailed code) and, when
 * `password` is given, gives them that password the way a person would set one: a code from the
 * email, then the provider's password update with that session.
 */
export const createPerson = async (
  baseUrl: string,
  mailDir: string,
  admin: ApiSession,
  person: CreateOrganizationUserInput,
  password?: string,
): Promise<OrganizationUser> => {
  const created = await admin.call<OrganizationUser>('POST', apiPaths.organizationUsers.list, person);
  if (password) {
    const sent = Date.now();
    await callProvider(baseUrl, '/otp/signin/email', { loginId: person.email });
    const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];
    const code = codeIn((await waitForMail(mailDir, person.email, { since: sent, match: (mail) => codeIn(mail.text) !== undefined })).text)!;
    const tokens = await callProvider<AuthTokens>(baseUrl, '/otp/verify/email', { loginId: person.email, code });
    await callProvider(baseUrl, '/password/update', { loginId: person.email, newPassword: password }, tokens.refreshJwt);
    await callProvider(baseUrl, '/logout', {}, tokens.refreshJwt);
  }
  return created;
};

/** Every person of the admin's organisation, active or not, whose name or email matches `search`. */
export const findPeople = async (admin: ApiSession, search: string): Promise<OrganizationUser[]> => {
  const found: OrganizationUser[] = [];
  for (let page = 1; ; page += 1) {
    const query = new URLSearchParams({ search, status: 'all', page: String(page), pageSize: '100' });
    const result = await admin.call<OrganizationUsers>('GET', `${apiPaths.organizationUsers.list}?${query}`);
    found.push(...result.items);
    if (found.length >= result.total || result.items.length === 0) return found;
  }
};

/**
 * Takes admin rights away from these people and deactivates them (their sessions end). People
 * cannot be deleted through the API; deactivated ones are out of every list of active people.
 * Idempotent: people already deactivated are left alone.
 */
export const retirePeople = async (admin: ApiSession, people: readonly OrganizationUser[]) => {
  for (const person of people) {
    if (person.role === 'Admin' || person.role === 'Superadmin') await admin.call('DELETE', apiPaths.organizationUsers.admin(person.id));
    if (person.isActive) await admin.call('POST', apiPaths.organizationUsers.deactivate(person.id));
  }
};

// Harbor & Pike Legal is the demo's one company still onboarding, and onboarding.spec.ts completes
// it. Its admin Julian Harbor is signed in by no spec's browser, so resetting through him uses up
// none of the sign-ins of the people the specs sign in as.
export const notOnboardedAdmin = 'margaret.pike@harborpike.example';
const notOnboardedCoAdmin = 'julian.harbor@harborpike.example';

/**
 * Puts Harbor & Pike back to "not onboarded" as far as the API allows: the five onboarding steps
 * no longer done and no active SCIM token. The settings saved in the wizard (SSO, DMI, Watchtower)
 * and a launched baseline test cannot be removed through the API; they only pre-fill the wizard's
 * forms. Whether a company counts as onboarded (§4 and §6 redirects, the shell) follows the five
 * steps alone, so specs that need an admin still onboarding call this first, whatever ran before.
 */
export const resetOnboarding = (baseUrl: string) =>
  asPerson(baseUrl, notOnboardedCoAdmin, async (admin) => {
    const wizard = await admin.call<OnboardingWizard>('GET', apiPaths.onboarding.wizard);
    if (wizard.scimToken) await admin.call('DELETE', apiPaths.onboarding.scimToken(wizard.scimToken.id));
    // The wizard's single sign-on connection lives in the provider: it goes too.
    if (wizard.sso) await admin.call('DELETE', apiPaths.sso.connection(wizard.sso.connectionId)).catch(() => undefined);
    await admin.call('PATCH', '/api/organization/onboarding/', {
      is_dmi_completed: false,
      is_initial_testing_completed: false,
      is_scim_completed: false,
      is_sso_completed: false,
      is_watchtower_completed: false,
    });
  });

/** Runs every clean-up step even when one fails, then reports all failures together. */
export const cleanUp = async (steps: readonly (() => Promise<unknown>)[]) => {
  const failures: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, `${failures.length} clean-up steps failed`);
};
