import * as oidc from 'openid-client';
import type { ProviderContext } from '../context.ts';

const isLoopback = (hostname: string) => ['localhost', '127.0.0.1', '[::1]'].includes(hostname);

/**
 * How openid-client reaches an identity provider: through the host's outbound guard when it gave
 * one, and over plain http only to a loopback address (a test peer, a lab).
 */
export const outboundOptions = (context: ProviderContext, url: URL) => ({
  ...(context.outboundFetch ? { [oidc.customFetch]: context.outboundFetch as oidc.CustomFetch } : {}),
  ...(url.protocol === 'http:' && isLoopback(url.hostname) ? { execute: [oidc.allowInsecureRequests] } : {}),
});

/** Token and userinfo requests go the same guarded way as discovery. */
export const keepOutboundFetch = (context: ProviderContext, configuration: oidc.Configuration) => {
  if (context.outboundFetch) configuration[oidc.customFetch] = context.outboundFetch as oidc.CustomFetch;
  return configuration;
};

// Discovery documents change rarely: each server keeps a provider's configuration ten minutes (a
// cache only: any server fetches its own; a failed fetch is forgotten at once).
const configurations = new Map<string, { at: number; configuration: Promise<oidc.Configuration> }>();

/** The configuration under `key`, made by `make` when there is none younger than ten minutes. */
export const cachedConfiguration = (key: string, make: () => Promise<oidc.Configuration>) => {
  const cached = configurations.get(key);
  if (cached && Date.now() - cached.at < 10 * 60 * 1000) return cached.configuration;
  const configuration = make();
  configuration.catch(() => configurations.delete(key));
  configurations.set(key, { at: Date.now(), configuration });
  return configuration;
};
