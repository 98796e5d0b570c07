import { admin_directory_v1 } from '@googleapis/admin';
import { JWT } from 'google-auth-library';
import { googleDirectoryScopes } from '@vigil/contracts';
import type { ServiceAccountKey } from './service-account-key.ts';

/** Where Google's APIs answer: Google's own addresses unless the configuration says otherwise. */
export type GoogleEndpoints = { directoryUrl: string; tokenUrl: string };

/** Google's OAuth 2.0 token endpoint: the one google-auth-library posts to and the audience of its assertion. */
export const googleTokenUrl = 'https://oauth2.googleapis.com/token';
export const googleEndpointDefaults: GoogleEndpoints = { directoryUrl: 'https://admin.googleapis.com', tokenUrl: googleTokenUrl };

export type DirectoryReadSettings = {
  key: ServiceAccountKey;
  /** The Workspace admin the service account acts as (domain-wide delegation). */
  subject: string;
  customer: string;
  domain: string | null;
  orgUnitPath: string | null;
};

export type GoogleUser = admin_directory_v1.Schema$User;
export type GoogleOrgUnit = admin_directory_v1.Schema$OrgUnit;

/** What Google refused, said so an admin can fix it: `googleError` is Google's own code, for support. */
export class GoogleDirectoryError extends Error {
  constructor(
    readonly googleError: string | null,
    readonly problem: string,
  ) {
    super(problem);
    this.name = 'GoogleDirectoryError';
  }
}

type GoogleErrorBody = { error?: string | { code?: number; message?: string; status?: string; errors?: { reason?: string; message?: string }[] }; error_description?: string };

/** The answer a failed call carried (gaxios puts it on the error, google-auth-library sometimes on its cause). */
const answerOf = (error: unknown): { status?: number; data?: GoogleErrorBody } | undefined => {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 4; current = (current as { cause?: unknown }).cause, depth++) {
    const response = (current as { response?: { status?: number; data?: unknown } }).response;
    if (response) return { status: response.status, data: (response.data && typeof response.data === 'object' ? response.data : undefined) as GoogleErrorBody | undefined };
  }
  return undefined;
};

/**
 * Turns what Google answered into what the admin should do. The token endpoint's OAuth errors
 * (RFC 6749 §5.2) say whether delegation, the subject or the key is wrong; the Directory API's
 * errors whether the subject may read the directory and the customer, domain or org unit exist.
 */
export const explainGoogleError = (error: unknown, settings: Pick<DirectoryReadSettings, 'subject' | 'key' | 'customer' | 'domain' | 'orgUnitPath'>): GoogleDirectoryError => {
  if (error instanceof GoogleDirectoryError) return error;
  const answer = answerOf(error);
  const message = error instanceof Error ? error.message : String(error);
  const oauthError = typeof answer?.data?.error === 'string' ? answer.data.error : /^(invalid_grant|unauthorized_client|invalid_client|invalid_scope|access_denied)\b/.exec(message)?.[1];
  const description = answer?.data?.error_description ?? message;
  const clientId = settings.key.clientId ?? settings.key.clientEmail;
  if (oauthError === 'unauthorized_client' || oauthError === 'access_denied' || oauthError === 'invalid_scope') {
    return new GoogleDirectoryError(
      oauthError,
      `Google refused to let the service account act as ${settings.subject}: domain-wide delegation is not granted. In the Admin console (Security › Access and data control › API controls › Manage domain-wide delegation) add client ID ${clientId} with the scopes ${googleDirectoryScopes.join(', ')}; a new grant can take a few minutes to apply.`,
    );
  }
  if (oauthError === 'invalid_grant' && /email|user id|subject|sub\b/i.test(description)) {
    return new GoogleDirectoryError(oauthError, `Google does not know ${settings.subject}: the admin to act as must be an existing, active user of your Workspace account (an admin who may read users and org units).`);
  }
  if (oauthError === 'invalid_grant' || oauthError === 'invalid_client') {
    return new GoogleDirectoryError(
      oauthError,
      `Google refused the service account's key (${description.replace(/[.\s]+$/, '')}): the key was deleted or disabled in Google Cloud, or the server's clock is off. Create a new JSON key for ${settings.key.clientEmail} and upload it.`,
    );
  }
  const apiError = typeof answer?.data?.error === 'object' ? answer.data.error : undefined;
  const reason = apiError?.errors?.[0]?.reason ?? apiError?.status ?? null;
  const status = answer?.status ?? apiError?.code;
  if (status === 403 && /accessNotConfigured|SERVICE_DISABLED/i.test(`${reason} ${apiError?.message ?? ''}`)) {
    return new GoogleDirectoryError(reason, "The Admin SDK API is not enabled in the service account's Google Cloud project: enable it (APIs & Services › Library › Admin SDK API) and test again.");
  }
  if (status === 401 || status === 403) {
    return new GoogleDirectoryError(reason ?? String(status), `${settings.subject} may not read the directory (Google answered: ${apiError?.message ?? 'not authorized'}). Act as a Workspace admin whose role can read users and org units.`);
  }
  if (status === 400 || status === 404) {
    const where = settings.domain ? `the domain ${settings.domain}` : `the customer ${settings.customer}`;
    return new GoogleDirectoryError(
      reason ?? String(status),
      `Google could not find what the settings name (${apiError?.message ?? 'not found'}): check ${where}${settings.orgUnitPath ? ` and the org unit ${settings.orgUnitPath}` : ''}.`,
    );
  }
  if (status && status >= 500) return new GoogleDirectoryError(reason ?? String(status), `Google's directory answered with an error (${status}); the next run tries again.`);
  const code = (error as { code?: unknown }).code;
  return new GoogleDirectoryError(typeof code === 'string' ? code : null, `Could not reach Google (${message}); the next run tries again.`);
};

/** A search clause value in single quotes (Google's user search syntax). */
const quoted = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * Reads a Workspace directory with Google's own client libraries: google-auth-library signs the
 * JWT-bearer assertion (RFC 7523) for the service account, as `subject`, with the read-only scopes;
 * @googleapis/admin calls the Directory API (users.list, orgunits.list).
 */
export const createDirectoryClient = (settings: DirectoryReadSettings, endpoints: GoogleEndpoints) => {
  const auth = new JWT({
    email: settings.key.clientEmail,
    key: settings.key.privateKey,
    ...(settings.key.privateKeyId ? { keyId: settings.key.privateKeyId } : {}),
    subject: settings.subject,
    scopes: [...googleDirectoryScopes],
  });
  if (endpoints.tokenUrl !== googleTokenUrl) {
    // The library posts to Google's token URL (also the assertion's audience); another configured
    // endpoint (a proxy, the tests' local Google) receives that same request.
    auth.transporter.interceptors.request.add({
      resolved: async (options) => {
        if (options.url.toString() === googleTokenUrl) options.url = new URL(endpoints.tokenUrl);
        return options;
      },
    });
  }
  const directory = new admin_directory_v1.Admin({ auth, rootUrl: `${endpoints.directoryUrl.replace(/\/+$/, '')}/`, timeout: 30_000 });
  const listParams: admin_directory_v1.Params$Resource$Users$List = {
    ...(settings.domain ? { domain: settings.domain } : { customer: settings.customer }),
    maxResults: 500,
    projection: 'full',
    viewType: 'admin_view',
    ...(settings.orgUnitPath && settings.orgUnitPath !== '/' ? { query: `orgUnitPath=${quoted(settings.orgUnitPath)}` } : {}),
  };
  const explained = async <T>(call: () => Promise<T>) => {
    try {
      return await call();
    } catch (error) {
      throw explainGoogleError(error, settings);
    }
  };
  const usersPage = async (pageToken?: string) => (await explained(() => directory.users.list({ ...listParams, ...(pageToken ? { pageToken } : {}) }))).data;

  return {
    /** One page of users (up to 500) and whether more follow. */
    firstUsersPage: async () => {
      const page = await usersPage();
      return { users: page.users ?? [], more: Boolean(page.nextPageToken) };
    },
    /**
     * Every user in scope, page by page (500 a page, Google's largest). `stopping` is checked
     * between pages.
     * @throws GoogleDirectoryError
     */
    listUsers: async (stopping?: AbortSignal): Promise<GoogleUser[]> => {
      const users: GoogleUser[] = [];
      let pageToken: string | undefined;
      do {
        if (stopping?.aborted) throw new Error('stopping');
        const page = await usersPage(pageToken);
        users.push(...(page.users ?? []));
        pageToken = page.nextPageToken ?? undefined;
      } while (pageToken);
      return users;
    },
    /** Every org unit of the customer. @throws GoogleDirectoryError */
    listOrgUnits: async (): Promise<GoogleOrgUnit[]> =>
      (await explained(() => directory.orgunits.list({ customerId: settings.customer === '' ? 'my_customer' : settings.customer, type: 'all' }))).data.organizationUnits ?? [],
  };
};

export type DirectoryClient = ReturnType<typeof createDirectoryClient>;
