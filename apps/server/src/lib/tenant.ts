import { type Role, isAdminRole } from '@vigil/contracts';
import { AppError } from './app-error.ts';

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
  /** The provider's session (refresh family) this request was made with, when the token names it (`sid`). */
  sessionId?: string;
}>;

/**
 * Lets only an admin or superadmin of the organisation the session acts in go on.
 * @throws AppError FORBIDDEN with `message` (say what only an admin may do).
 */
export const requireAdminRole = (tenant: Tenant, message: string) => {
  if (!isAdminRole(tenant.role)) throw new AppError('FORBIDDEN', message);
};
