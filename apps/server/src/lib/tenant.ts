import type { Role } from '@vigil/contracts';

/**
 * Who is calling and in which organisation, derived once from the verified session.
 * Every repository of tenant data is built with one of these.
 */
export type Tenant = Readonly<{
  /** The organisation the session currently acts in (the token's current tenant). */
  organizationId: string;
  /** The caller's own person, which lives in their home organisation. */
  personId: string;
  homeOrganizationId: string;
  /** The provider's user id (`sub`). */
  authUserId: string;
  email: string;
  role: Role;
  /** True when a managed-service operator acts in one of their client organisations. */
  viaManagedService: boolean;
}>;
