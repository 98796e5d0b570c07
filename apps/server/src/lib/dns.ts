import { Resolver } from 'node:dns/promises';
import type { ResolveTxt } from '@vigil/auth-provider';
import type { LookupAll } from '../modules/phishing/delivery/outbound-guard.ts';

/**
 * TXT lookups through the configured DNS servers (DNS_SERVERS), else the system's. A short timeout
 * and two tries: an admin is waiting on the answer.
 */
export const txtResolver = (servers: readonly string[]): ResolveTxt => {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  if (servers.length) resolver.setServers([...servers]);
  return (name) => resolver.resolveTxt(name);
};

/**
 * Address lookups (A and AAAA) for outbound connections that go through the outbound guard, asked
 * as DNS queries (c-ares) of the configured DNS servers (DNS_SERVERS), else of the system's
 * (/etc/resolv.conf; /etc/hosts is not read). Never the system's getaddrinfo: that runs on libuv's
 * small thread pool, which file and crypto work share, and cannot be given up on. Each query times
 * out; every address found is returned, so the guard checks them all.
 */
export const addressLookup = (servers: readonly string[], { timeoutMs = 3_000 }: { timeoutMs?: number } = {}): LookupAll => {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (servers.length) resolver.setServers([...servers]);
  const noAddresses = (error: NodeJS.ErrnoException) => (error.code === 'ENODATA' || error.code === 'ENOTFOUND' ? [] : Promise.reject(error));
  return async (host) => {
    const [v4, v6] = await Promise.all([resolver.resolve4(host).catch(noAddresses), resolver.resolve6(host).catch(noAddresses)]);
    const found = [...v4.map((address) => ({ address, family: 4 })), ...v6.map((address) => ({ address, family: 6 }))];
    if (!found.length) throw Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' });
    return found;
  };
};
