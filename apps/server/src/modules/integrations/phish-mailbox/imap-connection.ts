import { isIP } from 'node:net';
import { ImapFlow } from 'imapflow';
import type { PhishMailboxRow } from '@vigil/db';
import type { Config } from '../../../config.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import { OutboundRefusedError, resolveAllowedAddresses } from '../../phishing/delivery/outbound-guard.ts';
import { TokenError, googleImapToken, microsoftImapToken, parseServiceAccountKey } from './oauth-tokens.ts';

/**
 * Opens the organisation's reported-phish mailbox over IMAP (imapflow): credentials opened from
 * their sealed form only here, the host checked by the outbound guard after DNS (the connection is
 * made to the checked address, TLS still verifies the certificate against the host name), and every
 * failure turned into a `MailboxError` that says which step failed in words an admin can act on,
 * with what the server said and never a secret.
 */

export type MailboxStage = 'token' | 'connect' | 'login' | 'folder';

export class MailboxError extends Error {
  constructor(
    readonly stage: MailboxStage,
    message: string,
    readonly serverResponse: string | null,
  ) {
    super(message);
    this.name = 'MailboxError';
  }
}

export type ConnectionSettings = Pick<
  PhishMailboxRow,
  'host' | 'port' | 'tlsMode' | 'username' | 'authMethod' | 'passwordSealed' | 'microsoftTenantId' | 'microsoftClientId' | 'microsoftClientSecretSealed' | 'googleKeySealed'
>;

export type ConnectionContext = { secrets: SecretBox; config: Pick<Config, 'outboundAllowedHosts' | 'phishMailbox'>; timeoutMs?: number };

/** Never lets a secret through in text shown to admins or logged: the server may echo what it was sent. */
const withoutSecrets = (text: string, secrets: readonly string[]) =>
  secrets.filter((secret) => secret.length >= 4).reduce((clean, secret) => clean.split(secret).join('[hidden]'), text);

const openSealed = (secrets: SecretBox, sealed: string | null, what: string) => {
  if (!sealed) throw new MailboxError('login', `No ${what} is saved: enter it in the settings`, null);
  try {
    return secrets.open(sealed);
  } catch {
    throw new MailboxError('login', `The saved ${what} cannot be opened (was AUTH_SECRET changed?): enter it again`, null);
  }
};

/** The IMAP credentials: the password, or an access token fetched for this connection. */
const credentialsOf = async (settings: ConnectionSettings, context: ConnectionContext): Promise<{ pass: string } | { accessToken: string }> => {
  if (settings.authMethod === 'password') return { pass: openSealed(context.secrets, settings.passwordSealed, 'password') };
  try {
    if (settings.authMethod === 'microsoft') {
      const clientSecret = openSealed(context.secrets, settings.microsoftClientSecretSealed, 'client secret');
      return {
        accessToken: await microsoftImapToken(context.config.phishMailbox.microsoftLoginUrl, {
          tenantId: settings.microsoftTenantId ?? '',
          clientId: settings.microsoftClientId ?? '',
          clientSecret,
        }),
      };
    }
    const parsed = parseServiceAccountKey(openSealed(context.secrets, settings.googleKeySealed, 'service account key'));
    if ('problem' in parsed) throw new MailboxError('token', `The saved service account key ${parsed.problem}`, null);
    return { accessToken: await googleImapToken(context.config.phishMailbox.googleTokenUrl, parsed.key, settings.username) };
  } catch (error) {
    if (error instanceof TokenError) throw new MailboxError('token', error.message, error.serverResponse);
    throw error;
  }
};

type ImapFailure = Error & { code?: string; authenticationFailed?: boolean; responseText?: string; responseStatus?: string; serverResponseCode?: string };

/** An imapflow or socket failure as a MailboxError, its text cleaned of the secrets in play. */
const describeImapFailure = (error: unknown, settings: ConnectionSettings, secretsInPlay: readonly string[]): MailboxError => {
  if (error instanceof MailboxError) return error;
  if (error instanceof OutboundRefusedError) return new MailboxError('connect', error.message, null);
  const failure = error as ImapFailure;
  const response = failure.responseText ? withoutSecrets(`${failure.responseStatus ?? ''} ${failure.serverResponseCode ? `[${failure.serverResponseCode}] ` : ''}${failure.responseText}`.trim(), secretsInPlay) : null;
  const where = `${settings.host}:${settings.port}`;
  if (failure.authenticationFailed) {
    return new MailboxError('login', `The server refused the sign-in as ${settings.username}: check the ${settings.authMethod === 'password' ? 'password' : 'app’s access to this mailbox'}`, response);
  }
  switch (failure.code) {
    case 'ECONNREFUSED':
      return new MailboxError('connect', `Nothing answers on ${where}: check the host and port`, null);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new MailboxError('connect', `The host ${settings.host} cannot be found`, null);
    case 'ETIMEDOUT':
    case 'CONNECT_TIMEOUT':
    case 'GREETING_TIMEOUT':
      return new MailboxError('connect', `${where} did not answer in time`, null);
    case 'NoConnection':
    case 'EConnectionClosed':
    case 'ECONNRESET':
      return new MailboxError('connect', `${where} closed the connection`, response);
    default:
      break;
  }
  if (/certificate|SSL|TLS|self.signed|wrong version number/i.test(`${failure.code ?? ''} ${failure.message}`)) {
    return new MailboxError('connect', `The TLS connection to ${where} failed: check the TLS mode (${settings.tlsMode}) and the server's certificate`, withoutSecrets(failure.message, secretsInPlay));
  }
  return new MailboxError('connect', `The IMAP connection to ${where} failed`, response ?? withoutSecrets(failure.message, secretsInPlay));
};

/**
 * A signed-in IMAP client on the mailbox; the caller logs out.
 * @throws MailboxError naming the step that failed
 */
export const openMailbox = async (settings: ConnectionSettings, context: ConnectionContext): Promise<ImapFlow> => {
  const credentials = await credentialsOf(settings, context);
  const secretsInPlay = 'pass' in credentials ? [credentials.pass] : [credentials.accessToken];
  const timeoutMs = context.timeoutMs ?? 20_000;
  let client: ImapFlow | undefined;
  try {
    const [address] = await resolveAllowedAddresses({ host: settings.host, port: settings.port, allowedHosts: context.config.outboundAllowedHosts });
    client = new ImapFlow({
      host: address!,
      port: settings.port,
      secure: settings.tlsMode === 'tls',
      // STARTTLS is required when asked for; `none` stays in clear text (a loopback or test server).
      doSTARTTLS: settings.tlsMode === 'starttls' ? true : settings.tlsMode === 'none' ? false : undefined,
      ...(isIP(settings.host) ? {} : { servername: settings.host }),
      auth: { user: settings.username, ...credentials },
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs * 3,
      clientInfo: { name: 'Vigil' },
    });
    // A failure after connect (the server closing on us) surfaces as the next command's error.
    client.on('error', () => undefined);
    await client.connect();
    return client;
  } catch (error) {
    client?.close();
    throw describeImapFailure(error, settings, secretsInPlay);
  }
};

/** A MailboxError for a failure during the work on an open connection (selecting, fetching, moving). */
export const describeMailboxFailure = (error: unknown, settings: ConnectionSettings) => {
  const described = describeImapFailure(error, settings, []);
  return described.stage === 'connect' && (error as ImapFailure).responseStatus === 'NO'
    ? new MailboxError('folder', 'The server refused a command on the folder', described.serverResponse)
    : described;
};
