import { Resolver } from 'node:dns/promises';
import type { ResolveTxt } from '@vigil/auth-provider';

/**
 * TXT lookups through the configured DNS servers (DNS_SERVERS), else the system's. A short timeout
 * and two tries: an admin is waiting on the answer.
 */
export const txtResolver = (servers: readonly string[]): ResolveTxt => {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  if (servers.length) resolver.setServers([...servers]);
  return (name) => resolver.resolveTxt(name);
};
