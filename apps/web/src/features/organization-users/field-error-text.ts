import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';

/**
 * What to say under a field: the server's own words, or, for the form's own checks (the contract's
 * schema), a sentence from the catalogue chosen by the kind of problem.
 */
export const fieldErrorText = (t: TFunction, error: FieldError | undefined, kind: 'name' | 'email' | 'date' | 'choice' | 'phone' = 'name') => {
  if (!error) return undefined;
  if (error.type === 'server' && error.message) return error.message;
  if (error.type === 'too_small') return t('organizationUsers.validation.required');
  if (error.type === 'too_big') return t('organizationUsers.validation.tooLong');
  if (kind === 'email') return t('organizationUsers.validation.email');
  if (kind === 'date') return t('organizationUsers.validation.date');
  if (kind === 'phone') return t('organizationUsers.validation.phone');
  return t('organizationUsers.validation.invalid');
};
