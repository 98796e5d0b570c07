import { createAuthManagement } from '@vigil/auth-provider';
import { auditLog, people } from '@vigil/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { provisionFromSingleSignOn } from './just-in-time.ts';

const t = useTestApp();

describe('just-in-time provisioning from single sign-on', () => {
  it('makes a newcomer a person (role User) with a login of the organisation, audited as done by the connection', async () => {
    const organization = await buildOrganization(t.db);
    await createAuthManagement(t.db).upsertTenants([{ id: organization.id, name: organization.name }]);
    const userId = await provisionFromSingleSignOn(t.db)({ tenantId: organization.id, connectionId: 'Cjit', email: 'Mara.Lind@example.test', givenName: 'Mara', familyName: 'Lind' });
    expect(userId).toBeTruthy();
    const [person] = await t.db.select().from(people).where(eq(people.id, userId!));
    expect(person).toMatchObject({ organizationId: organization.id, authUserId: userId, email: 'Mara.Lind@example.test', firstName: 'Mara', lastName: 'Lind', role: 'User', isActive: true });
    expect(await createAuthManagement(t.db).findUsersByEmail(['mara.lind@example.test'])).toEqual(new Map([['mara.lind@example.test', userId]]));
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, organization.id), eq(auditLog.targetId, userId!)));
    expect(entry).toMatchObject({ action: 'organization.user.create', actorKind: 'sso', actorId: 'Cjit' });
  });

  it('makes nobody for an address the organisation holds already, or for an organisation that does not exist', async () => {
    const organization = await buildOrganization(t.db);
    const known = await buildPerson(t.db, organization.id, { role: 'User' });
    const provision = provisionFromSingleSignOn(t.db);
    expect(await provision({ tenantId: organization.id, connectionId: 'Cjit', email: known.email.toUpperCase(), givenName: 'X', familyName: 'Y' })).toBeUndefined();
    expect(await provision({ tenantId: '00000000-0000-4000-8000-000000000000', connectionId: 'Cjit', email: 'nobody@example.test', givenName: '', familyName: '' })).toBeUndefined();
    expect(await t.db.select().from(people).where(eq(people.email, 'nobody@example.test'))).toEqual([]);
  });
});
