// The same pattern the SDK checks before it sends anything (core-js-sdk validators), so a value
// that passes here never makes the SDK throw, and the user gets the message beside the field.
const emailPattern = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9-]+(?:\.[a-zA-Z0-9-]+)*$/;

export type EmailProblem = 'emailRequired' | 'emailInvalid';

/** @returns what is wrong with a (trimmed) email address, or null when it can be sent */
export const checkEmail = (email: string): EmailProblem | null => {
  if (email === '') return 'emailRequired';
  return emailPattern.test(email) ? null : 'emailInvalid';
};

/**
 * The auth provider's rule for new passwords (NIST 800-63B: length, not composition). It also
 * refuses common passwords and ones containing the user's name or email; only the server can tell.
 */
export const newPasswordRule = { minLength: 12, maxLength: 128 } as const;

export type NewPasswordProblem = 'passwordRequired' | 'passwordTooShort' | 'passwordTooLong';

/** @returns what is wrong with a new password's length, or null when the server may judge it */
export const checkNewPassword = (password: string): NewPasswordProblem | null => {
  // Counted in code points, as the server counts: an emoji is one character, not two.
  const length = [...password].length;
  if (length === 0) return 'passwordRequired';
  if (length < newPasswordRule.minLength) return 'passwordTooShort';
  return length > newPasswordRule.maxLength ? 'passwordTooLong' : null;
};
