import type { ComponentType } from 'react';

import type { AuthMethod } from '../../lib/client-config';
import { EmailCodeSignInForm } from './components/email-code-sign-in-form';
import { EnchantedLinkSignInForm } from './components/enchanted-link-sign-in-form';
import { MagicLinkSignInForm } from './components/magic-link-sign-in-form';
import { PasskeySignInForm } from './components/passkey-sign-in-form';
import { SsoSignInForm } from './components/sso-sign-in-form';
import { WhatsAppSignInForm } from './components/whatsapp-sign-in-form';
import { PasswordSignInForm } from './components/password-sign-in-form';

/** Every method's form gets the email, shared so that switching methods keeps what was typed. */
export type SignInFormProps = {
  email: string;
  onEmailChange: (email: string) => void;
};

export type SignInMethod = {
  id: AuthMethod;
  labelKey: `login.methods.${AuthMethod}`;
  Form: ComponentType<SignInFormProps>;
  /** Tabs are the ways in with an email address; alternatives (passkey, SSO) are offered below them. */
  placement: 'tab' | 'alternative';
  /** An alternative's button, which opens its form. */
  offerKey?: 'login.secondFactor.passkey.use' | 'login.sso.continue' | 'login.whatsapp.offer';
};

/**
 * The sign-in methods this app has screens for (id, tab label, form): the extension point for
 * methods the server may announce. One the server announces without an entry here is not offered.
 */
export const signInMethods: readonly SignInMethod[] = [
  { id: 'password', labelKey: 'login.methods.password', Form: PasswordSignInForm, placement: 'tab' },
  { id: 'otp-email', labelKey: 'login.methods.otp-email', Form: EmailCodeSignInForm, placement: 'tab' },
  { id: 'magiclink', labelKey: 'login.methods.magiclink', Form: MagicLinkSignInForm, placement: 'tab' },
  { id: 'enchantedlink', labelKey: 'login.methods.enchantedlink', Form: EnchantedLinkSignInForm, placement: 'tab' },
  { id: 'passkey', labelKey: 'login.methods.passkey', Form: PasskeySignInForm, placement: 'alternative', offerKey: 'login.secondFactor.passkey.use' },
  { id: 'sso', labelKey: 'login.methods.sso', Form: SsoSignInForm, placement: 'alternative', offerKey: 'login.sso.continue' },
  { id: 'whatsapp', labelKey: 'login.methods.whatsapp', Form: WhatsAppSignInForm, placement: 'alternative', offerKey: 'login.whatsapp.offer' },
];

/** The methods to offer, in the order the server announced them. */
export const getOfferedSignInMethods = (announced: readonly AuthMethod[]): SignInMethod[] =>
  announced.flatMap((id) => signInMethods.find((method) => method.id === id) ?? []);
