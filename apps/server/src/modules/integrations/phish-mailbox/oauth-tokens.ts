import { JWT } from 'google-auth-library';
import { z } from 'zod';

/**
 * Access tokens for IMAP's XOAUTH2, from the two providers whose mail services refuse passwords
 * for app access:
 *
 * - Microsoft 365: the OAuth 2.0 client-credentials grant against the tenant's v2.0 token endpoint
 *   (`{login}/{tenant}/oauth2/v2.0/token`) with scope `https://outlook.office365.com/.default`: the
 *   app-only IMAP access Exchange Online documents (the app holds IMAP.AccessAsApp and a service
 *   principal with FullAccess on the mailbox).
 * - Google Workspace: a service account with domain-wide delegation signs a JWT for the mailbox's
 *   address (`sub`) with scope `https://mail.google.com/`, exchanged at Google's token endpoint by
 *   Google's own library.
 *
 * Both endpoints come from the configuration, so tests point them at a local server that speaks
 * the same published API.
 */

export const microsoftImapScope = 'https://outlook.office365.com/.default';
export const googleMailScope = 'https://mail.google.com/';
const googleDefaultTokenUrl = 'https://oauth2.googleapis.com/token';

/** A token endpoint refused or could not be reached; `serverResponse` is what it said (never a secret we sent). */
export class TokenError extends Error {
  constructor(
    message: string,
    readonly serverResponse: string | null,
  ) {
    super(message);
    this.name = 'TokenError';
  }
}

const tokenResponseSchema = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().optional() });
const errorResponseSchema = z.object({ error: z.string(), error_description: z.string().optional() });

/** What a token endpoint said about an error, in one line (`invalid_client: AADSTS7000215: …`). */
const describeTokenError = (body: unknown) => {
  const parsed = errorResponseSchema.safeParse(body);
  if (!parsed.success) return null;
  return parsed.data.error_description ? `${parsed.data.error}: ${parsed.data.error_description.split(/\r?\n/)[0]}` : parsed.data.error;
};

/**
 * An app-only access token for Exchange Online's IMAP.
 * @throws TokenError naming what the endpoint answered
 */
export const microsoftImapToken = async (
  loginUrl: string,
  app: { tenantId: string; clientId: string; clientSecret: string },
  { timeoutMs = 15_000 }: { timeoutMs?: number } = {},
): Promise<string> => {
  const url = `${loginUrl}/${encodeURIComponent(app.tenantId)}/oauth2/v2.0/token`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ client_id: app.clientId, client_secret: app.clientSecret, scope: microsoftImapScope, grant_type: 'client_credentials' }),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    throw new TokenError(`Microsoft's token endpoint could not be reached (${(error as Error).name === 'TimeoutError' ? 'timed out' : 'connection failed'})`, null);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new TokenError(`Microsoft refused the app’s credentials (HTTP ${response.status})`, describeTokenError(body));
  const token = tokenResponseSchema.safeParse(body);
  if (!token.success) throw new TokenError('Microsoft answered without an access token', null);
  return token.data.access_token;
};

/** The fields of a Google service account key file that signing needs. */
export const serviceAccountKeySchema = z.object({
  type: z.literal('service_account', { error: 'is not a service account key (its "type" must be "service_account")' }),
  client_email: z.email({ error: 'has no valid "client_email"' }),
  private_key: z.string({ error: 'has no "private_key"' }).includes('PRIVATE KEY', { error: 'has no PEM "private_key"' }),
  private_key_id: z.string().optional(),
});
export type ServiceAccountKey = z.infer<typeof serviceAccountKeySchema>;

/**
 * Reads a service account key file as downloaded from Google Cloud.
 * @returns the key, or the problem to show next to the field
 */
export const parseServiceAccountKey = (text: string): { key: ServiceAccountKey } | { problem: string } => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: 'is not JSON: paste the whole key file Google Cloud downloaded' };
  }
  const parsed = serviceAccountKeySchema.safeParse(json);
  return parsed.success ? { key: parsed.data } : { problem: parsed.error.issues[0]?.message ?? 'is not a service account key' };
};

/**
 * An access token for Gmail's IMAP as `mailbox`, through the service account's domain-wide delegation.
 * @throws TokenError naming what the endpoint answered
 */
export const googleImapToken = async (tokenUrl: string, key: ServiceAccountKey, mailbox: string): Promise<string> => {
  const client = new JWT({ email: key.client_email, key: key.private_key, keyId: key.private_key_id, scopes: [googleMailScope], subject: mailbox });
  if (tokenUrl !== googleDefaultTokenUrl) {
    // The library posts to Google's fixed token URL; an operator's (or a test's) endpoint replaces it on the way out.
    client.transporter.interceptors.request.add({
      resolved: async (options) => {
        if (String(options.url) === googleDefaultTokenUrl) options.url = new URL(tokenUrl);
        return options;
      },
    });
  }
  try {
    const credentials = await client.authorize();
    if (!credentials.access_token) throw new TokenError('Google answered without an access token', null);
    return credentials.access_token;
  } catch (error) {
    if (error instanceof TokenError) throw error;
    const data = (error as { response?: { data?: unknown; status?: number } }).response;
    if (data) throw new TokenError(`Google refused the service account (HTTP ${data.status ?? '?'})`, describeTokenError(data.data));
    throw new TokenError('Google’s token endpoint could not be reached', null);
  }
};
