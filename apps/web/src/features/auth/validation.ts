// The same pattern the SDK checks before it sends anything (core-js-sdk validators), so a value
// that passes here never makes the SDK throw, and the user gets the message beside the field.
const emailPattern = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9-]+(?:\.[a-zA-Z0-9-]+)*$/;

export type EmailProblem = 'emailRequired' | 'emailInvalid';

/** @returns what is wrong with a (trimmed) email address, or null when it can be sent */
export const checkEmail = (email: string): EmailProblem | null => {
  if (email === '') return 'emailRequired';
  return emailPattern.test(email) ? null : 'emailInvalid';
};
