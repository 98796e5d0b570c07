import type { Role } from '@vigil/contracts';
import type { Tenant } from './tenant.ts';

/**
 * The organisation a piece of work is done in: all a repository takes. Every tenant-owned query
 * adds it; nothing else about the caller reaches the data layer.
 */
export type OrgScope = Readonly<{ organizationId: string }>;

/**
 * Who acts, for policies and the audit log. Not every caller is a signed-in person: a tracking hit
 * on the phishing listener, a job, a SCIM client or an API key act for an organisation too.
 */
export type Actor = Readonly<
  | { kind: 'person'; id: string; organizationId: string; role: Role; email: string; authUserId: string }
  | { kind: 'job'; id: string; organizationId: string }
  | { kind: 'tracking'; id: string; organizationId: string }
  | { kind: 'apiKey'; id: string; organizationId: string }
  | { kind: 'scim'; id: string; organizationId: string }
  /** An organisation's identity provider, through its single sign-on connection (just-in-time provisioning). */
  | { kind: 'sso'; id: string; organizationId: string }
>;

/** The scope of a signed-in person's request: the organisation their session acts in. */
export const scopeOf = (holder: { organizationId: string }): OrgScope => ({ organizationId: holder.organizationId });

/** A signed-in person as an actor. */
export const personActor = (tenant: Tenant): Actor => ({
  kind: 'person',
  id: tenant.personId,
  organizationId: tenant.organizationId,
  role: tenant.role,
  email: tenant.email,
  authUserId: tenant.authUserId,
});

/** A background job acting for an organisation (its payload names it; the job checks the rows it touches). */
export const jobActor = (jobName: string, organizationId: string): Actor => ({ kind: 'job', id: jobName, organizationId });
