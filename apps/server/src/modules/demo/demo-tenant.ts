import { eq } from 'drizzle-orm';
import { type Tx, people } from '@vigil/db';
import type { Tenant } from '../../lib/tenant.ts';

/** The demo company's admin as a signed-in caller, so the seed acts through the services as they would. */
export const demoTenantOf = async (tx: Tx, organizationId: string, personId: string): Promise<Tenant> => {
  const [person] = await tx.select({ id: people.id, email: people.email, role: people.role, authUserId: people.authUserId }).from(people).where(eq(people.id, personId));
  if (!person) throw new Error(`demo person ${personId} is missing`);
  return { organizationId, homeOrganizationId: organizationId, personId: person.id, authUserId: person.authUserId ?? person.id, email: person.email, role: person.role, viaManagedService: false };
};
