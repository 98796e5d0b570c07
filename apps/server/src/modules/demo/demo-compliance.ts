import type { Tx } from '@vigil/db';
import { chooseComplianceFramework } from '../compliance/index.ts';
import { demoTenantOf } from './demo-tenant.ts';

/**
 * The demo company follows ISO/IEC 27001 and the GDPR, chosen by its admin through the compliance
 * service the way /compliance/ does it: the catalogue's modules, and the yearly and on-hire cadence
 * rules they imply (the hourly cadence job assigns them).
 */
export const seedDemoCompliance = async (tx: Tx, demo: Readonly<{ organizationId: string; adminId: string }>) => {
  const tenant = await demoTenantOf(tx, demo.organizationId, demo.adminId);
  for (const framework of ['iso27001', 'gdpr']) {
    await chooseComplianceFramework(tx, tenant, framework, { applyCadence: true });
  }
};
