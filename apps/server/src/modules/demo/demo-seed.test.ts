import { describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { personLanguages, phoneSchema, timeZoneSchema } from '@vigil/contracts';
import { departmentAdminScopes, departments, organizations, people } from '@vigil/db';
import { useTestApp } from '../../test/test-app.ts';
import { demoCompanies, demoEmail, demoManagedService } from './demo-companies.ts';
import { demoManagedServiceId, seedDemo } from './demo-seed.ts';

const t = useTestApp();

describe('demo data', () => {
  it('seeds a managed-service organisation whose clients are six sample companies, and a second seed changes nothing', async () => {
    const first = await seedDemo(t.db);
    // On a shared PostgreSQL another run may have seeded it already; either way it is there once.
    const second = await seedDemo(t.db);
    expect(second).toEqual({ created: false, organizations: 0, people: 0 });
    if (first.created) expect(first.organizations).toBe(7);

    const clients = await t.db
      .select()
      .from(organizations)
      .where(eq(organizations.managedByOrganizationId, demoManagedServiceId))
      .orderBy(organizations.name);
    expect(clients.map((c) => c.name)).toEqual(demoCompanies.map((c) => c.name).sort());
    expect(clients.every((c) => c.domain.endsWith('.example') && c.pictureFileName)).toBe(true);
  });

  it('gives each company 150 to 400 people with departments, a manager hierarchy and every role and flag', async () => {
    await seedDemo(t.db);
    for (const company of demoCompanies) {
      const [org] = await t.db.select().from(organizations).where(eq(organizations.domain, company.domain));
      const staff = await t.db.select().from(people).where(eq(people.organizationId, org!.id));
      expect(staff.length).toBeGreaterThanOrEqual(150);
      expect(staff.length).toBeLessThanOrEqual(400);
      expect(new Set(staff.map((p) => p.role))).toEqual(new Set(['Superadmin', 'Admin', 'Manager', 'User']));
      // Everyone but the chief executive has a manager; managers exist inside the same company.
      const ids = new Set(staff.map((p) => p.id));
      expect(staff.filter((p) => !p.managerId)).toHaveLength(1);
      expect(staff.every((p) => !p.managerId || ids.has(p.managerId))).toBe(true);
      const [departmentCount] = await t.db.select({ n: count() }).from(departments).where(eq(departments.organizationId, org!.id));
      expect(departmentCount!.n).toBe(company.departments.length);
      const [scoped] = await t.db
        .select({ n: count() })
        .from(departmentAdminScopes)
        .where(eq(departmentAdminScopes.organizationId, org!.id));
      expect(scoped!.n).toBeGreaterThan(0);
      expect(org!.primaryAdminPersonId).toBeTruthy();
    }
  });

  it('has the README sign-ins: each seat with the role or flag it stands for', async () => {
    await seedDemo(t.db);
    const company = demoCompanies[0]!;
    const emailOf = (seat: keyof typeof company.seats) =>
      demoEmail(company.seats[seat].firstName, company.seats[seat].lastName, company.domain);
    const seats = await t.db
      .select()
      .from(people)
      .where(inArray(people.email, Object.keys(company.seats).map((s) => emailOf(s as keyof typeof company.seats))));
    const bySeat = (seat: keyof typeof company.seats) => seats.find((p) => p.email === emailOf(seat))!;
    expect(bySeat('superadmin').role).toBe('Superadmin');
    expect(bySeat('admin').role).toBe('Admin');
    expect(bySeat('manager').role).toBe('Manager');
    expect(bySeat('endUser').role).toBe('User');
    expect(bySeat('endUser').managerId).toBe(bySeat('directManager').id);
    const [views] = await t.db
      .select({ n: count() })
      .from(departmentAdminScopes)
      .where(and(eq(departmentAdminScopes.personId, bySeat('departmentAdmin').id)));
    expect(views!.n).toBe(2);
    const [operator] = await t.db.select().from(people).where(eq(people.email, demoManagedService.operator.email));
    expect(operator).toMatchObject({ role: 'Superadmin', organizationId: demoManagedServiceId });
  });

  it('gives people job titles, E.164 phones, and offices in several time zones and languages; each company its own time zone', async () => {
    await seedDemo(t.db);
    const companyZones = new Set<string>();
    const demoOrganizationIds: string[] = [];
    for (const company of demoCompanies) {
      const [org] = await t.db.select().from(organizations).where(eq(organizations.domain, company.domain));
      companyZones.add(org!.timeZone);
      demoOrganizationIds.push(org!.id);
      const staff = await t.db.select().from(people).where(eq(people.organizationId, org!.id));
      expect(staff.every((p) => p.jobTitle)).toBe(true);
      expect(new Set(staff.map((p) => p.jobTitle)).size).toBeGreaterThan(20);
      const phones = staff.flatMap((p) => (p.phone ? [p.phone] : []));
      expect(phones.length).toBeGreaterThan(staff.length * 0.75);
      expect(phones.every((phone) => phoneSchema.safeParse(phone).data === phone)).toBe(true);
      // The head office follows the company's zone (none of their own); the other offices have theirs.
      const zones = new Set(staff.map((p) => p.timeZone));
      expect(zones.has(null)).toBe(true);
      expect(zones.size).toBeGreaterThan(1);
      expect(zones.has(org!.timeZone)).toBe(false);
      for (const zone of zones) if (zone) expect(timeZoneSchema.safeParse(zone).data).toBe(zone);
      expect(staff.every((p) => p.preferredLanguage === null || (personLanguages as readonly string[]).includes(p.preferredLanguage))).toBe(true);
    }
    expect(companyZones.size).toBeGreaterThanOrEqual(4);

    // The demo companies' people only: on PostgreSQL other test files' people share the database.
    const everyone = await t.db.select({ timeZone: people.timeZone, language: people.preferredLanguage, phone: people.phone }).from(people).where(inArray(people.organizationId, demoOrganizationIds));
    const kolkata = everyone.filter((p) => p.timeZone === 'Asia/Kolkata');
    expect(kolkata.some((p) => p.language === 'hi_in') && kolkata.some((p) => p.phone?.startsWith('+91'))).toBe(true);
    expect(new Set(everyone.map((p) => p.language))).toEqual(new Set([null, ...personLanguages.filter((code) => code !== 'en_us')]));
  });

  it('titles the README seats by where they sit, and puts each company where its head office is', async () => {
    await seedDemo(t.db);
    const titleOf = async (firstName: string, lastName: string) =>
      (await t.db.select().from(people).where(eq(people.email, demoEmail(firstName, lastName, 'northwind-logistics.example'))))[0]?.jobTitle;
    expect(await titleOf('Amelia', 'Hart')).toBe('Head of IT');
    expect(await titleOf('Priya', 'Raman')).toBe('VP of Operations');
    expect(await titleOf('Marcus', 'Bell')).toBe('IT Team Lead');
    const [org] = await t.db.select().from(organizations).where(eq(organizations.domain, 'verdant-energy.example'));
    expect(org?.timeZone).toBe('Europe/Berlin');
  });

  it('lets the managed-service operator list the six companies through the API', async () => {
    await seedDemo(t.db);
    const [operator] = await t.db.select().from(people).where(eq(people.email, 'demo@vigil.example'));
    const response = await t.app.inject({ url: '/api/mssp_company_list/', headers: await t.authAs(operator!) });
    expect(response.json().mssp_company_names.map((c: { company_name: string }) => c.company_name)).toEqual(
      demoCompanies.map((c) => c.name).sort((a, b) => a.localeCompare(b)),
    );
  });
});
