import { Faker, en } from '@faker-js/faker';
import { eq } from 'drizzle-orm';
import type { Role } from '@vigil/contracts';
import {
  type Db,
  type NewDepartment,
  type NewPerson,
  type Tx,
  departmentAdminScopes,
  departments,
  organizations,
  people,
} from '@vigil/db';
import { demoId } from './demo-ids.ts';
import { storeCompanyLogo } from '../company-logos/company-logos.service.ts';
import { type DemoCompany, type WellKnownSeat, demoCompanies, demoEmail, demoManagedService } from './demo-companies.ts';
import { demoManagedServiceProfiles, officeTimeZone, planDemoProfiles } from './demo-profiles.ts';
import { renderDemoLogo } from './demo-logo.ts';
import { seedDemoTraining } from './demo-training.ts';
import { seedDemoPolicies } from './demo-policies.ts';
import { seedDemoCadence } from './demo-cadence.ts';
import { seedDemoCompliance } from './demo-compliance.ts';


/** Start dates are spread back from a fixed day so every seed is the same. */
const referenceDay = Date.UTC(2026, 0, 5);
const dayMs = 24 * 60 * 60 * 1000;
const batchSize = 400;

export type DemoSeedResult = { created: boolean; organizations: number; people: number };

const insertInBatches = async <T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) => {
  for (let i = 0; i < rows.length; i += batchSize) await insert(rows.slice(i, i + batchSize));
};

const onboardingFlags = (state: DemoCompany['onboarding']) => {
  const done = state !== 'not-started';
  return {
    isDmiCompleted: done,
    isInitialTestingCompleted: done,
    isScimCompleted: done,
    isSsoCompleted: done,
    isWatchtowerCompleted: done,
    isBraCompleted: state === 'bra-completed',
  };
};

const insertLogo = (tx: Tx, organizationId: string, slug: string, name: string, color: string) =>
  storeCompanyLogo(tx, { organizationId, slug, content: renderDemoLogo(name, color), contentType: 'image/svg+xml' });

type PlannedPerson = NewPerson & { id: string; level: number };

/**
 * One sample company: a chief executive, a head per department, team leads every eight people
 * and staff under them, with the well-known seats the README lists placed where their role fits.
 */
const planCompanyPeople = (company: DemoCompany, organizationId: string, departmentIds: string[], faker: Faker) => {
  const planned: PlannedPerson[] = [];
  const usedEmails = new Set<string>();
  const emailFor = (firstName: string, lastName: string) => {
    let email = demoEmail(firstName, lastName, company.domain);
    for (let n = 2; usedEmails.has(email); n++) email = demoEmail(firstName, `${lastName}${n}`, company.domain);
    usedEmails.add(email);
    return email;
  };
  const add = (
    key: string,
    name: { firstName: string; lastName: string },
    role: Role,
    departmentId: string | null,
    managerId: string | null,
    level: number,
  ) => {
    const id = demoId(company.slug, 'person', key);
    const daysAgo = faker.number.int({ min: 30, max: 365 * 9 });
    planned.push({
      id,
      organizationId,
      authUserId: id,
      firstName: name.firstName,
      lastName: name.lastName,
      email: emailFor(name.firstName, name.lastName),
      role,
      departmentId,
      managerId,
      startDate: new Date(referenceDay - daysAgo * dayMs).toISOString().slice(0, 10),
      // A few leavers, never among the people the README names.
      isActive: key.startsWith('staff') ? faker.number.float() > 0.03 : true,
      level,
    });
    return id;
  };
  const randomName = () => ({ firstName: faker.person.firstName(), lastName: faker.person.lastName() });
  const seat = (which: WellKnownSeat) => company.seats[which];

  const itIndex = Math.max(0, company.departments.indexOf('IT'));
  const ceo = add('ceo', randomName(), 'User', departmentIds[0]!, null, 0);
  const heads = departmentIds.map((departmentId, i) => {
    if (i === itIndex) return add('seat-superadmin', seat('superadmin'), 'Superadmin', departmentId, ceo, 1);
    if (i === 0) return add('seat-manager', seat('manager'), 'Manager', departmentId, ceo, 1);
    return add(`head-${i}`, randomName(), 'Manager', departmentId, ceo, 1);
  });
  add('seat-admin', seat('admin'), 'Admin', departmentIds[itIndex]!, heads[itIndex]!, 2);
  const secondDepartment = itIndex === 1 ? 2 : 1;
  const directManager = add('seat-direct-manager', seat('directManager'), 'User', departmentIds[secondDepartment]!, heads[secondDepartment]!, 2);
  add('seat-end-user', seat('endUser'), 'User', departmentIds[secondDepartment]!, directManager, 3);
  const departmentAdmin = add('seat-department-admin', seat('departmentAdmin'), 'User', departmentIds.at(-1)!, heads.at(-1)!, 2);

  // Everyone else: spread over departments, in teams of up to eight under a lead.
  const teamLeads = new Map<number, { id: string; size: number }>();
  for (let n = 0; planned.length < company.headcount; n++) {
    const d = n % departmentIds.length;
    const lead = teamLeads.get(d);
    if (!lead || lead.size >= 8) {
      teamLeads.set(d, { id: add(`lead-${n}`, randomName(), 'User', departmentIds[d]!, heads[d]!, 2), size: 0 });
      continue;
    }
    lead.size++;
    add(`staff-${n}`, randomName(), 'User', departmentIds[d]!, lead.id, 3);
  }
  const scopes = [0, secondDepartment].map((i) => ({
    organizationId,
    personId: departmentAdmin,
    departmentId: departmentIds[i]!,
  }));
  return { planned: planned.sort((a, b) => a.level - b.level), scopes, primaryAdminId: heads[itIndex]! };
};

const seedCompany = async (tx: Tx, company: DemoCompany, managedById: string, index: number) => {
  const organizationId = demoId(company.slug);
  const faker = new Faker({ locale: [en] });
  faker.seed(1000 + index);
  const pictureFileName = await insertCompanyOrganization(tx, organizationId, company, managedById);
  const departmentRows: NewDepartment[] = company.departments.map((name) => ({
    id: demoId(company.slug, 'department', name),
    organizationId,
    name,
  }));
  await tx.insert(departments).values(departmentRows);
  const { planned, scopes, primaryAdminId } = planCompanyPeople(
    company,
    organizationId,
    departmentRows.map((d) => d.id!),
    faker,
  );
  // A faker of its own, so the names stay those the company has always had.
  const profileFaker = new Faker({ locale: [en] });
  profileFaker.seed(2000 + index);
  const departmentNames = new Map(departmentRows.map((d) => [d.id!, d.name]));
  const profiles = planDemoProfiles(planned, company.offices, (id) => (id ? departmentNames.get(id) ?? '' : ''), profileFaker);
  await insertInBatches(planned, (batch) =>
    tx.insert(people).values(batch.map(({ level: _level, ...row }) => ({ ...row, ...profiles.get(row.id) }))),
  );
  await tx.insert(departmentAdminScopes).values(scopes);
  await tx
    .update(organizations)
    .set({ primaryAdminPersonId: primaryAdminId, pictureFileName })
    .where(eq(organizations.id, organizationId));
  return planned.length;
};

const insertCompanyOrganization = async (tx: Tx, organizationId: string, company: DemoCompany, managedById: string) => {
  await tx.insert(organizations).values({
    id: organizationId,
    name: company.name,
    domain: company.domain,
    hasPaidAccess: company.hasPaidAccess,
    managedByOrganizationId: managedById,
    timeZone: officeTimeZone(company.offices[0]![0]),
    ...onboardingFlags(company.onboarding),
  });
  return insertLogo(tx, organizationId, company.slug, company.name, company.color);
};

/** The demo managed-service organisation's id; its presence means the demo is seeded. */
export const demoManagedServiceId = demoId(demoManagedService.slug);

/**
 * Seeds the demo account on an empty database: a managed-service organisation and its six
 * sample client companies. Idempotent: a database that has it already is left as it is.
 * Everything is written in one transaction, so an interrupted seed leaves nothing behind.
 */
export const seedDemo = async (db: Db): Promise<DemoSeedResult> => {
  const [existing] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, demoManagedServiceId));
  if (existing) return { created: false, organizations: 0, people: 0 };

  return db.transaction(async (tx) => {
    const msp = demoManagedService;
    await tx.insert(organizations).values({
      id: demoManagedServiceId,
      name: msp.name,
      domain: msp.domain,
      timeZone: demoManagedServiceProfiles.timeZone,
      hasPaidAccess: true,
      ...onboardingFlags('bra-completed'),
    });
    const operatorId = demoId(msp.slug, 'person', 'operator');
    const mspPeople: NewPerson[] = [
      {
        id: operatorId,
        organizationId: demoManagedServiceId,
        authUserId: operatorId,
        ...msp.operator,
        ...demoManagedServiceProfiles.operator,
        startDate: '2021-03-01',
      },
      ...msp.analysts.map((analyst, i) => {
        const id = demoId(msp.slug, 'person', `analyst-${i}`);
        return {
          id,
          organizationId: demoManagedServiceId,
          authUserId: id,
          ...analyst,
          ...demoManagedServiceProfiles.analysts[i],
          email: demoEmail(analyst.firstName, analyst.lastName, msp.domain),
          managerId: operatorId,
          startDate: '2022-09-12',
        };
      }),
    ];
    await tx.insert(people).values(mspPeople);
    const pictureFileName = await insertLogo(tx, demoManagedServiceId, msp.slug, msp.name, msp.color);
    await tx
      .update(organizations)
      .set({ primaryAdminPersonId: operatorId, pictureFileName })
      .where(eq(organizations.id, demoManagedServiceId));

    let total = mspPeople.length;
    for (const [index, company] of demoCompanies.entries()) {
      total += await seedCompany(tx, company, demoManagedServiceId, index);
    }
    // A little training history in the first company, around the end user the README names.
    const [first] = demoCompanies;
    const endUserId = demoId(first!.slug, 'person', 'seat-end-user');
    const [endUser] = await tx.select({ departmentId: people.departmentId }).from(people).where(eq(people.id, endUserId));
    await seedDemoTraining(tx, { organizationId: demoId(first!.slug), endUserId, directManagerId: demoId(first!.slug, 'person', 'seat-direct-manager'), departmentId: endUser!.departmentId! });
    await seedDemoCompliance(tx, { organizationId: demoId(first!.slug), adminId: demoId(first!.slug, 'person', 'seat-admin') });
    await seedDemoCadence(tx, { organizationId: demoId(first!.slug), adminId: demoId(first!.slug, 'person', 'seat-admin'), staffIds: Array.from({ length: 40 }, (_, n) => demoId(first!.slug, 'person', `staff-${n + 20}`)) });
    await seedDemoPolicies(tx, { organizationId: demoId(first!.slug), adminId: demoId(first!.slug, 'person', 'seat-admin'), endUserId });
    return { created: true, organizations: demoCompanies.length + 1, people: total };
  });
};
