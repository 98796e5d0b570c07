import type { AuthResult, AuthSdk } from '../../../lib/auth/auth-sdk';

export type ReplacePasswordBody = {
  loginId: string;
  oldPassword: string;
  newPassword: string;
  /** Our provider's option: without it every other session of the person ends. */
  keepOtherSessions: boolean;
};

/**
 * `POST /v1/auth/password/replace` (contract §2.12). The SDK's `password.replace` has no argument
 * for `keepOtherSessions`, so this goes through the SDK's own HTTP client: the same headers and
 * stored refresh token on the way out, and the new session stored and published on the way back.
 * Answers the SDK's result shape (contract §3.2).
 * @throws when the provider cannot be reached, as the SDK's methods do
 */
export const replacePassword = async (sdk: AuthSdk, body: ReplacePasswordBody): Promise<AuthResult> => {
  const response = await sdk.httpClient.post('/v1/auth/password/replace', body);
  const json: unknown = await response.json().catch(() => undefined);
  if (response.ok) return { ok: true, code: response.status, response, data: json as AuthResult['data'] };
  return { ok: false, code: response.status, response, error: json as AuthResult['error'] };
};
