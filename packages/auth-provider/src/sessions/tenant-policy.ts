import { eq } from 'drizzle-orm';
import type { AuthDb } from '../database.ts';
import { AuthError } from '../errors.ts';
import { tenantSignInPolicies, userTenants } from '../schema/index.ts';

export type FirstFactor = 'sso' | 'password' | 'email' | 'passkey' | 'social' | 'totp' | 'other';
export const policyMethods = ['password', 'email', 'passkey', 'social'] as const;

/** Which first factor a session's methods (`amr`) came from, in the policy's words. */
export const firstFactorOf = (amr: readonly string[]): FirstFactor => {
  if (amr.includes('sso')) return 'sso';
  if (amr.includes('webauthn')) return 'passkey';
  if (amr.includes('oauth')) return 'social';
  // A password-reset link's session exists to set a password: it is judged as one.
  if (amr.includes('pwd') || amr.includes('reset')) return 'password';
  if (amr.some((method) => ['email', 'sms', 'whatsapp'].includes(method))) return 'email';
  if (amr.includes('totp')) return 'totp';
  return 'other';
};

const isAdmin = (roleNames: readonly string[]) => roleNames.includes('Admin') || roleNames.includes('Superadmin');

/** The sign-in policies of every organisation the person belongs to, with their role there. */
export const tenantPoliciesOf = (db: AuthDb, userId: string) =>
  db
    .select({ policy: tenantSignInPolicies, roleNames: userTenants.roleNames })
    .from(userTenants)
    .innerJoin(tenantSignInPolicies, eq(tenantSignInPolicies.tenantId, userTenants.tenantId))
    .where(eq(userTenants.userId, userId));

export type TenantPolicies = Awaited<ReturnType<typeof tenantPoliciesOf>>;

/**
 * Refuses a sign-in that an organisation of the person's does not allow: every organisation's
 * policy applies (the strictest wins). Single sign-on is always allowed; where it is required,
 * only the organisation's admins may still use a password (break-glass, when the IdP is down).
 * @throws AuthError ssoRequired or methodNotAllowed.
 */
export const enforceTenantPolicies = (policies: TenantPolicies, userRoles: readonly string[], amr: readonly string[]) => {
  const factor = firstFactorOf(amr);
  if (factor === 'sso') return;
  for (const { policy, roleNames } of policies) {
    const admin = isAdmin(roleNames) || isAdmin(userRoles);
    if (policy.requireSso) {
      if (admin && factor === 'password') continue;
      throw new AuthError('ssoRequired', 'Your organization signs in with single sign-on: choose "Sign in with SSO"');
    }
    if (factor !== 'totp' && factor !== 'other' && !policy.allowedMethods.includes(factor)) {
      throw new AuthError('methodNotAllowed', `Your organization does not allow signing in with ${factor === 'email' ? 'emailed codes or links' : factor === 'passkey' ? 'passkeys' : factor === 'social' ? 'Google, Microsoft or other accounts' : 'a password'}: choose another way to sign in`);
    }
  }
};

/** An organisation of the person's asks every session for a second factor. */
export const tenantRequiresMfa = (policies: TenantPolicies) => policies.some(({ policy }) => policy.requireMfa);
