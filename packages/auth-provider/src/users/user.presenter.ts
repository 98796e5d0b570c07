import type { SecondFactors } from '../factors/second-factors.ts';
import type { UserRow } from './users.repository.ts';

export type UserTenant = { tenantId: string; tenantName: string; roleNames: string[] };

/** The contract's UserResponse (§2.3), with its exact casing (TOTP, SAML, SCIM, OAuth upper-case). */
export const presentUser = (user: UserRow, loginIds: string[], userTenants: UserTenant[], factors: SecondFactors) => ({
  userId: user.id,
  loginIds,
  email: user.email ?? '',
  phone: user.phone ?? '',
  name: user.name,
  givenName: user.givenName,
  middleName: '',
  familyName: user.familyName,
  picture: user.picture,
  verifiedEmail: user.verifiedEmail,
  verifiedPhone: user.verifiedPhone,
  roleNames: user.roleNames,
  userTenants: userTenants.map((t) => ({ ...t, permissions: [] as string[] })),
  createdTime: Math.floor(user.createdAt.getTime() / 1000),
  status: user.status,
  TOTP: factors.totp,
  SAML: false,
  SCIM: false,
  OAuth: {} as Record<string, boolean>,
  password: Boolean(user.passwordHash),
  webauthn: factors.passkeys > 0,
  externalIds: [] as string[],
  customAttributes: user.customAttributes,
  test: false,
});

export type UserResponse = ReturnType<typeof presentUser>;

/** `ad***@example.com`: enough for a person to recognise, not enough to harvest. */
export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}${'*'.repeat(Math.max(3, local.length - 2))}@${domain}`;
};
