import { randomUUID } from 'node:crypto';
import type { Role } from '@vigil/contracts';
import {
  type Db,
  type NewOrganization,
  type NewPerson,
  departmentAdminScopes,
  departments,
  organizations,
  people,
} from '@vigil/db';

const unique = () => randomUUID().slice(0, 8);

export const buildOrganization = async (db: Db, overrides: Partial<NewOrganization> = {}) =>
  (
    await db
      .insert(organizations)
      .values({ name: `Org ${unique()}`, domain: `${unique()}.example`, ...overrides })
      .returning()
  )[0]!;

export const buildDepartment = async (db: Db, organizationId: string, name = `Department ${unique()}`) =>
  (await db.insert(departments).values({ organizationId, name }).returning())[0]!;

/** A person with a login: `authUserId` is what the session token's `sub` carries. */
export const buildPerson = async (
  db: Db,
  organizationId: string,
  overrides: Partial<Omit<NewPerson, 'organizationId'>> & { role?: Role } = {},
) => {
  const id = randomUUID();
  const tag = unique();
  return (
    await db
      .insert(people)
      .values({
        id,
        organizationId,
        authUserId: `U${id}`,
        firstName: 'Test',
        lastName: `Person ${tag}`,
        email: `person.${tag}@example.com`,
        ...overrides,
      })
      .returning()
  )[0]!;
};

export const grantDepartmentView = async (db: Db, organizationId: string, personId: string, departmentId: string) =>
  db.insert(departmentAdminScopes).values({ organizationId, personId, departmentId });
