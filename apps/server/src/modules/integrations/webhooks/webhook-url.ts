import { isIP } from 'node:net';
import { fieldError } from '../../../lib/app-error.ts';
import { type LookupAll, OutboundRefusedError, hostProblem, isAllowListed, normalizeHost, resolveAllowedAddresses } from '../../phishing/delivery/outbound-guard.ts';

/** How long saving waits for DNS before it leaves the check to the first delivery. */
const saveLookupTimeoutMs = 3_000;

const portOf = (url: URL) => Number(url.port) || (url.protocol === 'https:' ? 443 : 80);

/**
 * Reads a receiver's address as an admin typed it, and refuses one Vigil must not POST to, as a 400
 * naming body.url: not an absolute URL; not HTTPS (plain HTTP only to a host the operator lists in
 * OUTBOUND_ALLOWED_HOSTS, such as a test receiver); user name or password in it (they would sit in
 * the settings in clear); a host the outbound guard refuses, literally (10.0.0.1, [::1],
 * [::ffff:192.168.0.1], 169.254.169.254, metadata.google.internal) or through what its name resolves
 * to now. A name that does not resolve yet is accepted: every delivery checks it again at connect time.
 * @returns the URL as it will be stored
 * @throws AppError VALIDATION_FAILED naming body.url
 */
export const checkWebhookUrl = async (text: string, settings: { allowedHosts: readonly string[]; lookup?: LookupAll }): Promise<string> => {
  const refuse = (problem: string) => fieldError('VALIDATION_FAILED', 'body.url', problem);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse('must be an absolute URL such as https://hooks.example.com/vigil');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('must be an https:// URL');
  if (url.username || url.password) throw refuse('must not carry a user name or password; the signature proves the sender');
  if (url.hash) throw refuse('must not have a #fragment');
  const target = { host: url.hostname, port: portOf(url), allowedHosts: settings.allowedHosts };
  const problem = hostProblem(target);
  if (problem) throw refuse(`${normalizeHost(url.hostname)} ${problem}`);
  if (url.protocol === 'http:' && !isAllowListed(settings.allowedHosts, url.hostname, target.port)) throw refuse('must be an https:// URL');
  if (!isIP(normalizeHost(url.hostname))) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), saveLookupTimeoutMs)));
    try {
      await Promise.race([resolveAllowedAddresses(target, settings.lookup), timeout]);
    } catch (error) {
      if (error instanceof OutboundRefusedError) throw refuse(error.message);
      // Not resolvable now (a receiver set up later, a resolver hiccup): the delivery checks again.
    } finally {
      clearTimeout(timer);
    }
  }
  return url.href;
};
