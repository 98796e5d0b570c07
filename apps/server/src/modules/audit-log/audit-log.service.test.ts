import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '@vigil/db';
import { jobActor } from '../../lib/scope.ts';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { resolveTenant } from '../../lib/tenant-resolver.ts';
import { recordAudit, recordAuditAs } from './audit-log.service.ts';

const t = useTestApp();

describe('the audit log records who acted', () => {
  it('a signed-in person by their ids and email; a job by its kind and name, in the organisation it acted for', async () => {
    const organization = await buildOrganization(t.db);
    const admin = await buildPerson(t.db, organization.id, { role: 'Admin' });
    const tenant = await resolveTenant(t.db, { sub: admin.authUserId! } as never);
    await recordAudit(t.db, tenant, { action: 'test.by-person' });
    await recordAuditAs(t.db, { organizationId: organization.id }, jobActor('campaigns.dispatch', organization.id), { action: 'test.by-job', targetType: 'campaign', targetId: 'c1' });
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.organizationId, organization.id)).orderBy(auditLog.createdAt);
    expect(rows.map(({ action, actorKind, actorId, actorPersonId, actorEmail }) => ({ action, actorKind, actorId, actorPersonId, actorEmail }))).toEqual([
      { action: 'test.by-person', actorKind: 'person', actorId: null, actorPersonId: admin.id, actorEmail: admin.email },
      { action: 'test.by-job', actorKind: 'job', actorId: 'campaigns.dispatch', actorPersonId: null, actorEmail: null },
    ]);
  });
});
