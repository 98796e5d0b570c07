import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { isUniqueViolation } from '@vigil/auth-provider';
import { type Db, organizations, people } from '@vigil/db';
import { recordAuditAs } from '../audit-log/audit-log.service.ts';
import { loginDirectoryFor } from '../identity/login-directory.ts';

/** What the provider passes for a newcomer its connection vouches for. */
export type SsoNewcomer = { tenantId: string; connectionId: string; email: string; givenName: string; familyName: string };

/**
 * Just-in-time provisioning: a newcomer an organisation's identity provider vouches for (at one of
 * the connection's domains, with just-in-time provisioning on) becomes a person of that
 * organisation, role User, with a login, in one transaction, audited as done by the connection.
 * The provider then signs them in. Someone the organisation already holds without a login of their
 * own (their address signs in elsewhere) is not given one here.
 * @returns the new login's user id, or undefined when nobody may be made.
 */
export const provisionFromSingleSignOn =
  (db: Db) =>
  async (newcomer: SsoNewcomer): Promise<string | undefined> => {
    try {
      return await provision(db, newcomer);
    } catch (error) {
      // Two first sign-ins of the same newcomer at once: the other one made them; theirs is the login.
      if (!isUniqueViolation(error)) throw error;
      const [made] = await db
        .select({ authUserId: people.authUserId })
        .from(people)
        .where(and(eq(people.organizationId, newcomer.tenantId), sql`lower(${people.email}) = ${newcomer.email.toLowerCase()}`))
        .limit(1);
      return made?.authUserId ?? undefined;
    }
  };

const provision = (db: Db, { tenantId, connectionId, email, givenName, familyName }: SsoNewcomer) =>
    db.transaction(async (tx) => {
      const [organization] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, tenantId)).limit(1);
      if (!organization) return undefined;
      const [known] = await tx
        .select({ id: people.id })
        .from(people)
        .where(and(eq(people.organizationId, tenantId), sql`lower(${people.email}) = ${email.toLowerCase()}`))
        .limit(1);
      if (known) return undefined;
      const id = randomUUID();
      const firstName = givenName.trim() || email.split('@')[0]!;
      await tx.insert(people).values({ id, organizationId: tenantId, authUserId: id, email, firstName, lastName: familyName.trim(), role: 'User', source: 'sso' });
      const made = await loginDirectoryFor(tx).upsertLogins([{ userId: id, email, givenName: firstName, familyName: familyName.trim(), tenants: { [tenantId]: [] }, organizationId: tenantId }]);
      // A provider that chose its own id for the login: the person holds that one.
      const authUserId = made.get(id) ?? id;
      if (authUserId !== id) await tx.update(people).set({ authUserId }).where(eq(people.id, id));
      await recordAuditAs(tx, { organizationId: tenantId }, { kind: 'sso', id: connectionId, organizationId: tenantId }, {
        action: 'organization.user.create',
        targetType: 'person',
        targetId: id,
        details: { email, role: 'User', via: 'single sign-on (just in time)' },
      });
      return authUserId;
    });
