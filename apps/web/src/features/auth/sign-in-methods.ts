import type { ComponentType } from 'react';

import type { AuthMethod } from '../../lib/client-config';
import { EmailCodeSignInForm } from './components/email-code-sign-in-form';
import { PasswordSignInForm } from './components/password-sign-in-form';

/** Every method's form gets the email, shared so that switching methods keeps what was typed. */
export type SignInFormProps = {
  email: string;
  onEmailChange: (email: string) => void;
};

export type SignInMethod = {
  id: AuthMethod;
  labelKey: 'login.methods.password' | 'login.methods.otp-email';
  Form: ComponentType<SignInFormProps>;
};

/**
 * The sign-in methods this app has screens for. The extension point for the methods the server
 * may already announce: 'magiclink' and 'enchantedlink' get an entry here (id, tab label, form)
 * when their screens exist; until then they are not offered.
 */
export const signInMethods: readonly SignInMethod[] = [
  { id: 'password', labelKey: 'login.methods.password', Form: PasswordSignInForm },
  { id: 'otp-email', labelKey: 'login.methods.otp-email', Form: EmailCodeSignInForm },
];

/** The methods to offer, in the order the server announced them. */
export const getOfferedSignInMethods = (announced: readonly AuthMethod[]): SignInMethod[] =>
  announced.flatMap((id) => signInMethods.find((method) => method.id === id) ?? []);
