import { queryOptions, useQuery } from '@tanstack/react-query';

import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import type { AuthSdk } from '../../../lib/auth/auth-sdk';

/** What the provider enforces, as far as the browser can check it; the provider judges the rest. */
export type PasswordRule = { minLength: number; maxLength: number };

// The embedded provider's rule (NIST 800-63B: length, not composition), used until its answer arrives.
export const defaultPasswordRule: PasswordRule = { minLength: 12, maxLength: 128 };

/** @throws Error when the provider cannot be asked; the form then keeps the default rule */
export const getPasswordRule = async (sdk: AuthSdk): Promise<PasswordRule> => {
  const result = await sdk.password.policy();
  if (!result.ok || !result.data) throw new Error(result.error?.errorDescription ?? 'The password policy could not be read');
  // The contract names minLength only; our provider adds maxLength.
  const { maxLength } = result.data as { maxLength?: unknown };
  return {
    minLength: result.data.minLength || defaultPasswordRule.minLength,
    maxLength: typeof maxLength === 'number' && maxLength > 0 ? maxLength : defaultPasswordRule.maxLength,
  };
};

export const passwordRuleQueryOptions = (sdk: AuthSdk) =>
  queryOptions({ queryKey: ['account', 'password-policy'], queryFn: () => getPasswordRule(sdk), staleTime: Infinity });

export const usePasswordRule = (): PasswordRule => {
  const sdk = useAuthSdk();
  return useQuery(passwordRuleQueryOptions(sdk)).data ?? defaultPasswordRule;
};
