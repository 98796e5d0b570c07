import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { createAuthManagement } from '@vigil/auth-provider';
import { refreshTokens, users } from '@vigil/auth-provider/schema';
import type { Role } from '@vigil/contracts';
import { apiKeys, departments, organizations, people, rateLimitWindows, scimTokens } from '@vigil/db';
import { apiKeyRateLimitKey } from '../../modules/public-api/api-key-auth.ts';
import { buildApiKey } from '../api-key-factories.ts';
import { buildDepartment, buildOrganization, buildPerson } from '../factories.ts';
import { testProjectId, type TestContext } from '../test-app.ts';
import type { Operation } from './openapi-operations.ts';

/** Sessions older than this are renewed before a request, well inside the provider's 600 s. */
const sessionRenewAfterMs = 300_000;

/** How a generated request is signed: with the caller's live session, or with a header as it is. */
export type Credentials = { session: true } | { session: false; authorization: string | undefined };

export type FuzzCaller = {
  name: 'admin' | 'plain user' | 'anonymous';
  credentials: fc.Arbitrary<Credentials>;
  /** Puts the caller back as it was: role, active, one live session. Called before every request. */
  restore: () => Promise<void>;
  /** The Authorization header for an operation: the API takes the session token, the public API an API key, the provider `<projectId>:<refresh token>`. */
  authorizationFor: (operation: Operation) => string | undefined;
};

/** The public API's scheme (apps/server/src/plugins/openapi.ts). */
const takesApiKey = (operation: Operation) => operation.securitySchemes.includes('apiKey');
/** The API's scheme (apps/server/src/plugins/openapi.ts); any other one is the provider's. */
const takesSessionToken = (operation: Operation) => operation.securitySchemes.includes('session') || !operation.securitySchemes.length;

/** Headers of someone who is not signed in, or pretends to be. */
const anonymousHeaders = [
  undefined,
  '',
  'Bearer',
  'Bearer ',
  'Bearer garbage',
  'Bearer a.b.c',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
  'Basic dXNlcjpwYXNzd29yZA==',
  `Bearer ${'x'.repeat(8_000)}`,
  `Bearer ${testProjectId}`,
  `Bearer ${testProjectId}:garbage`,
  'Bearer P2unknownproject00000000000000:x',
];

/**
 * A fresh organisation for one fuzzing run: a managed-service provider with a client, departments,
 * people of every role (some inactive), and two people signed in through the embedded provider:
 * its primary admin (Superadmin) and a plain user. Whatever the fuzzer does to them (demote,
 * deactivate, change their email, end their sessions, change their password) is undone before the
 * next request, so no operation has to be left out for locking the fuzzer out.
 */
export const buildFuzzOrganization = async (t: TestContext) => {
  const { db, app } = t;
  const management = createAuthManagement(db);
  const organization = await buildOrganization(db, { name: 'Fuzz MSP', pictureFileName: 'fuzz-msp-0123456789ab.png' });
  const client = await buildOrganization(db, { name: 'Fuzz Client', managedByOrganizationId: organization.id });
  const [finance, sales] = [await buildDepartment(db, organization.id, 'Finance'), await buildDepartment(db, organization.id, 'Sales')];
  const admin = await buildPerson(db, organization.id, { role: 'Superadmin', departmentId: finance!.id, startDate: '2020-01-01' });
  await db.update(organizations).set({ primaryAdminPersonId: admin.id }).where(eq(organizations.id, organization.id));
  const user = await buildPerson(db, organization.id, { role: 'User', departmentId: sales!.id, managerId: admin.id });
  for (const [role, isActive] of [['Admin', true], ['Manager', true], ['User', true], ['User', false], ['Admin', false]] as [Role, boolean][]) {
    await buildPerson(db, organization.id, { role, isActive, departmentId: finance!.id, managerId: admin.id });
  }
  await buildPerson(db, client.id, { role: 'User' });
  await management.upsertTenants([organization, client].map(({ id, name }) => ({ id, name })));

  // The public API's callers: the admin's integration holds a key with both scopes, the plain user's a read-only one.
  const keys = { admin: await buildApiKey(db, organization.id, { name: 'Fuzz admin key' }), 'plain user': await buildApiKey(db, organization.id, { name: 'Fuzz read key', scopes: ['read'] }) };
  const signedIn = (person: typeof admin, name: 'admin' | 'plain user', tenants: Record<string, string[]>): FuzzCaller => {
    let session = { sessionJwt: '', refreshJwt: '', familyId: '', startedAt: 0 };
    const signIn = async () => {
      await management.enableUser(person.authUserId!);
      await management.setUserTenants(person.authUserId!, tenants);
      const [login] = await db.select().from(users).where(eq(users.id, person.authUserId!));
      // What the provider does after a correct password, without the password (a fuzzed one may have replaced it).
      const started = await app.authProvider.sessions.start(login!, ['pwd'], { ip: '127.0.0.1', userAgent: 'openapi-fuzz' });
      session = { sessionJwt: started.sessionJwt, refreshJwt: started.refreshJwt, familyId: String(started.claims.sid), startedAt: Date.now() };
    };
    return {
      name,
      credentials: fc.constant({ session: true }),
      authorizationFor: (operation) => {
        if (takesApiKey(operation)) return keys[name].headers.authorization;
        return takesSessionToken(operation) ? `Bearer ${session.sessionJwt}` : `Bearer ${testProjectId}:${session.refreshJwt}`;
      },
      restore: async () => {
        await db
          .update(people)
          .set({ role: person.role, isActive: true, email: person.email, departmentId: person.departmentId, managerId: person.managerId })
          .where(eq(people.id, person.id));
        // The caller's API key works again (the fuzzer may have revoked it) and has its whole minute ahead.
        await db.update(apiKeys).set({ revokedAt: null, expiresAt: keys[name].key.expiresAt }).where(eq(apiKeys.id, keys[name].key.id));
        await db.delete(rateLimitWindows).where(eq(rateLimitWindows.key, apiKeyRateLimitKey(keys[name].key.id)));
        // One live token in the family: a fuzzed refresh rotated it, a logout or deactivation revoked it.
        const family = await db
          .select({ status: refreshTokens.status, userStatus: users.status })
          .from(refreshTokens)
          .innerJoin(users, eq(users.id, refreshTokens.userId))
          .where(eq(refreshTokens.familyId, session.familyId));
        const live = family.length === 1 && family[0]!.status === 'active' && family[0]!.userStatus === 'enabled';
        if (!live || Date.now() - session.startedAt > sessionRenewAfterMs) await signIn();
      },
    };
  };

  await management.upsertUsers(
    [admin, user].map((person) => ({ userId: person.authUserId!, email: person.email, givenName: person.firstName, familyName: person.lastName, tenants: {} })),
  );
  const callers: FuzzCaller[] = [
    signedIn(admin, 'admin', { [organization.id]: ['Superadmin'], [client.id]: ['Superadmin'] }),
    signedIn(user, 'plain user', { [organization.id]: [] }),
    {
      name: 'anonymous',
      credentials: fc.constantFrom(...anonymousHeaders).map((authorization) => ({ session: false, authorization })),
      authorizationFor: () => undefined,
      restore: async () => undefined,
    },
  ];

  /** Ids and names of real rows this organisation can reach, and its people's emails: values drawn from them go past "not found". */
  const knownIds: string[] = [];
  const knownEmails: string[] = [];
  const refreshKnownIds = async () => {
    const orgIds = [organization.id, client.id];
    const rows = await Promise.all([
      db.select({ id: people.id, email: people.email }).from(people).where(eq(people.organizationId, organization.id)),
      db.select({ id: departments.id }).from(departments).where(eq(departments.organizationId, organization.id)),
      db.select({ id: scimTokens.id }).from(scimTokens).where(eq(scimTokens.organizationId, organization.id)),
      db.select({ id: organizations.id, logo: organizations.pictureFileName }).from(organizations).where(inArray(organizations.id, orgIds)),
      db.select({ id: refreshTokens.familyId }).from(refreshTokens).where(inArray(refreshTokens.userId, [admin.authUserId!, user.authUserId!])),
      db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.organizationId, organization.id)),
    ]);
    const found = rows.flat().flatMap((row) => [row.id, ...('logo' in row && row.logo ? [row.logo] : [])]);
    knownIds.splice(0, knownIds.length, ...new Set([...found, testProjectId]));
    knownEmails.splice(0, knownEmails.length, ...rows[0].map((row) => row.email));
  };
  return { organization, callers, knownIds: () => knownIds, knownEmails: () => knownEmails, refreshKnownIds };
};
