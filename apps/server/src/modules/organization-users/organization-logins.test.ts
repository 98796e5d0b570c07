import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAuthManagement } from '@vigil/auth-provider';
import { loginIds, users } from '@vigil/auth-provider/schema';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { resolveTenantFor } from '../../test/tenants.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createLoginSync } from './organization-logins.ts';

const t = useTestApp();

describe('createLoginSync', () => {
  it('refuses to move a login to an address another login signs in with, and leaves the login as it was', async () => {
    const org = await buildOrganization(t.db);
    const admin = await buildPerson(t.db, org.id, { role: 'Admin', email: `ada@${org.domain}` });
    const worker = await buildPerson(t.db, org.id, { firstName: 'Will', email: `will@${org.domain}` });
    const elsewhere = await buildPerson(t.db, (await buildOrganization(t.db)).id, { email: `eve@${org.domain}.other` });
    await createAuthManagement(t.db).upsertUsers(
      [admin, worker, elsewhere].map((p) => ({ userId: p.authUserId!, email: p.email, givenName: p.firstName, familyName: p.lastName, tenants: {} })),
    );
    // Eve's login still answers to an earlier address of hers.
    const earlier = `eve.earlier@${org.domain}.other`;
    await t.db.insert(loginIds).values({ loginId: earlier, userId: elsewhere.authUserId! });

    const sync = createLoginSync(t.db, await resolveTenantFor(t.db, admin));
    const moving = sync.syncLogins([{ authUserId: worker.authUserId!, email: earlier, firstName: 'Willa', lastName: worker.lastName, role: 'User' }], {
      emailChanged: true,
    });

    await expect(moving).rejects.toMatchObject({ code: 'CONFLICT', details: [{ field: 'body.email', problem: expect.not.stringContaining('organization') }] });
    expect((await t.db.select().from(users).where(eq(users.id, worker.authUserId!)))[0]).toMatchObject({ email: worker.email, givenName: 'Will' });
    expect((await t.db.select().from(loginIds).where(eq(loginIds.loginId, earlier)))[0]?.userId).toBe(elsewhere.authUserId);
  });
});
