import { eq } from 'drizzle-orm';
import { type Tx, people } from '@vigil/db';
import type { Tenant } from '../../lib/tenant.ts';
import { chooseComplianceFramework } from '../compliance/index.ts';

/**
 * The demo company follows ISO/IEC 27001 and the GDPR, chosen by its admin through the compliance
 * service the way /compliance/ does it: the catalogue's modules, and the yearly and on-hire cadence
 * rules they imply (the hourly cadence job assigns them).
 */
export const seedDemoCompliance = async (tx: Tx, demo: Readonly<{ organizationId: string; adminId: string }>) => {
  const [admin] = await tx.select({ id: people.id, email: people.email, role: people.role, authUserId: people.authUserId }).from(people).where(eq(people.id, demo.adminId));
  const tenant: Tenant = {
    organizationId: demo.organizationId,
    homeOrganizationId: demo.organizationId,
    personId: admin!.id,
    authUserId: admin!.authUserId ?? admin!.id,
    email: admin!.email,
    role: admin!.role,
    viaManagedService: false,
  };
  for (const framework of ['iso27001', 'gdpr']) {
    await chooseComplianceFramework(tx, tenant, framework, { applyCadence: true });
  }
};
