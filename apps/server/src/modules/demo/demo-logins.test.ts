import { describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { createAuthManagement } from '@vigil/auth-provider';
import { auditLog, people } from '@vigil/db';
import { providerCall, testProjectId, useTestApp } from '../../test/test-app.ts';
import { demoCompanies, demoEmail } from './demo-companies.ts';
import { demoId } from './demo-ids.ts';
import { demoLoginsPresent, seedDemoLogins } from './demo-logins.ts';
import { seedDemo } from './demo-seed.ts';

const t = useTestApp({}, { embeddedAuth: true });
const demoPassword = 'vigil-demo-password';

const provider = (path: string, body: unknown, token?: string) => providerCall(t.app)(path, body, token);

const seedEverything = async () => {
  await seedDemo(t.db);
  const management = createAuthManagement(t.db);
  if (!(await demoLoginsPresent(management, t.db))) await seedDemoLogins(t.db, management, demoPassword);
};

describe('demo sign-in through the embedded provider', () => {
  it('a demo person signs in with the demo password and the API answers with their record', async () => {
    await seedEverything();
    const company = demoCompanies[0]!;
    const seat = company.seats.manager;
    const email = demoEmail(seat.firstName, seat.lastName, company.domain);
    const signIn = await provider('/password/signin', { loginId: email, password: demoPassword });
    expect(signIn.statusCode).toBe(200);
    const { sessionJwt } = signIn.json();
    const response = await t.app.inject({ url: '/api/personal_user_data/', headers: { authorization: `Bearer ${sessionJwt}` } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email, first_name: seat.firstName, role: 'Manager', company: company.name });
  });

  it("the managed-service operator selects a client tenant and the API then answers for that company", async () => {
    await seedEverything();
    const signIn = (await provider('/password/signin', { loginId: 'demo@vigil.example', password: demoPassword })).json();
    const list = await t.app.inject({ url: '/api/mssp_company_list/', headers: { authorization: `Bearer ${signIn.sessionJwt}` } });
    const [first] = list.json().mssp_company_names as { company_id: string; company_name: string }[];
    const selected = await provider('/tenant/select', { tenant: first!.company_id }, signIn.refreshJwt);
    expect(selected.statusCode).toBe(200);
    const response = await t.app.inject({ url: '/api/personal_user_data/', headers: { authorization: `Bearer ${selected.json().sessionJwt}` } });
    expect(response.json()).toMatchObject({ email: 'demo@vigil.example', company: first!.company_name, role: 'Superadmin' });
    // The switch is in the client organisation's audit log, with who made it.
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, first!.company_id), eq(auditLog.action, 'organization.switch')));
    expect(entry).toMatchObject({ actorEmail: 'demo@vigil.example', targetId: first!.company_id });
  });

  it('a plain demo user cannot select another company', async () => {
    await seedEverything();
    const company = demoCompanies[1]!;
    const seat = company.seats.endUser;
    const signIn = (await provider('/password/signin', { loginId: demoEmail(seat.firstName, seat.lastName, company.domain), password: demoPassword })).json();
    const other = (await t.app.inject({ url: '/api/client-config/' })).json();
    expect(other.authMethods).toEqual(['password', 'otp-email', 'magiclink', 'enchantedlink', 'passkey', 'sso']);
    const refused = await provider('/tenant/select', { tenant: '00000000-0000-4000-8000-000000000000' }, signIn.refreshJwt);
    expect(refused.statusCode).toBe(403);
  });

  it('about a third of the people with a work phone confirmed it as a second factor, each number once', async () => {
    await seedEverything();
    const logins = await t.db.select({ authUserId: people.authUserId, phone: people.phone }).from(people).where(and(isNotNull(people.authUserId), inArray(people.organizationId, demoCompanies.map((company) => demoId(company.slug)))));
    const factors = await createAuthManagement(t.db).describeFactors(logins.map((login) => login.authUserId!));
    const withPhone = logins.filter((login) => login.phone).length;
    const confirmed = factors.filter((factor) => factor.phone).length;
    expect(confirmed / withPhone).toBeGreaterThan(0.25);
    expect(confirmed / withPhone).toBeLessThan(0.45);
    expect(factors.every((factor) => factor.password && factor.email)).toBe(true);
  });

  it('tells the web app where the provider is', async () => {
    const response = await t.app.inject({ url: '/api/client-config/' });
    expect(response.json()).toEqual({ authProjectId: testProjectId, authBaseUrl: 'http://vigil.test', authMethods: ['password', 'otp-email', 'magiclink', 'enchantedlink', 'passkey', 'sso'], oauthProviders: [] });
  });
});
