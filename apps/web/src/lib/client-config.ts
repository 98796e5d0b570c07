import { createContext, useContext } from 'react';

import { apiPaths } from '../config/paths';

// Every sign-in method the server may announce; the sign-in page offers those it has screens for.
export const authMethods = ['password', 'otp-email', 'magiclink', 'enchantedlink', 'passkey', 'sso', 'oauth', 'whatsapp'] as const;
export type AuthMethod = (typeof authMethods)[number];

// The social providers the server may offer for `oauth`, in the contract's names.
export const oauthProviders = ['google', 'microsoft', 'apple', 'github', 'gitlab', 'facebook', 'discord', 'linkedin', 'slack'] as const;
export type OAuthProvider = (typeof oauthProviders)[number];

/** What the web app needs before it can create the auth SDK (GET /api/client-config/, public). */
export type ClientConfig = {
  authProjectId: string;
  authBaseUrl: string;
  authMethods: AuthMethod[];
  /** Social providers to offer when `authMethods` has `oauth`. */
  oauthProviders: OAuthProvider[];
};

export class ClientConfigError extends Error {
  override readonly name = 'ClientConfigError';
}

const isAuthMethod = (value: unknown): value is AuthMethod =>
  (authMethods as readonly unknown[]).includes(value);
const isOAuthProvider = (value: unknown): value is OAuthProvider => (oauthProviders as readonly unknown[]).includes(value);

const isAbsoluteUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks the body by hand rather than with zod, so the start-up bundle stays small.
 * Methods this build does not know are dropped: a newer server must not break an older client.
 * @throws ClientConfigError when a field is missing or of the wrong type
 */
export const parseClientConfig = (body: unknown): ClientConfig => {
  if (!isRecord(body)) throw new ClientConfigError('The client configuration is not a JSON object');
  const { authProjectId, authBaseUrl, authMethods: methods, oauthProviders: providers } = body;
  if (typeof authProjectId !== 'string' || authProjectId === '') {
    throw new ClientConfigError('The client configuration has no authProjectId');
  }
  if (!isAbsoluteUrl(authBaseUrl)) {
    throw new ClientConfigError('The client configuration has no absolute authBaseUrl');
  }
  if (!Array.isArray(methods)) {
    throw new ClientConfigError('The client configuration has no authMethods list');
  }
  // An older server announces no providers: no social buttons, nothing broken.
  return { authProjectId, authBaseUrl, authMethods: methods.filter(isAuthMethod), oauthProviders: Array.isArray(providers) ? providers.filter(isOAuthProvider) : [] };
};

/**
 * Loads the public client configuration; runs once at start-up, before the auth SDK exists.
 * @throws ClientConfigError on a network failure, a non-2xx answer or an unusable body
 */
export const fetchClientConfig = async (signal?: AbortSignal): Promise<ClientConfig> => {
  let response: Response;
  try {
    response = await fetch(apiPaths.clientConfig, { headers: { Accept: 'application/json' }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ClientConfigError('The server could not be reached', { cause: error });
  }
  if (!response.ok) throw new ClientConfigError(`HTTP Error! Status: ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new ClientConfigError('The client configuration is not valid JSON', { cause: error });
  }
  return parseClientConfig(body);
};

export const ClientConfigContext = createContext<ClientConfig | null>(null);

export const useClientConfig = (): ClientConfig => {
  const config = useContext(ClientConfigContext);
  if (!config) throw new Error('useClientConfig needs the client configuration to be loaded first');
  return config;
};
