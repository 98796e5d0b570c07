import { dictionary } from '@zxcvbn-ts/language-common';

/** NIST 800-63B style: length, not composition; refuse the passwords attackers try first. */
export const passwordPolicy = { minLength: 12, maxLength: 128 } as const;

const commonPasswords = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/** What is wrong with a new password, or undefined when it is acceptable. */
export const passwordProblem = (password: string, context: string[] = []): string | undefined => {
  const length = [...password].length;
  if (length < passwordPolicy.minLength) return `The password must be at least ${passwordPolicy.minLength} characters`;
  if (length > passwordPolicy.maxLength) return `The password must be at most ${passwordPolicy.maxLength} characters`;
  const lowered = password.toLowerCase();
  if (commonPasswords.has(lowered)) return 'This password is too common; choose another';
  if (context.some((word) => word && lowered.includes(word.toLowerCase()))) return 'The password must not contain your email or name';
  return undefined;
};

/** GET /v1/auth/password/policy — the contract's fields, plus the ones we actually enforce. */
export const presentPasswordPolicy = () => ({
  minLength: passwordPolicy.minLength,
  maxLength: passwordPolicy.maxLength,
  lowercase: false,
  uppercase: false,
  number: false,
  nonAlphanumeric: false,
  blocksCommonPasswords: true,
});
