import type { Db } from '@vigil/db';
import type { Tenant } from '../../lib/tenant.ts';
import { peopleRepository } from './people.repository.ts';

/** The current organisation's people who can sign in, keyed by provider user id. */
export const mapLoginsOfOrganization = async (db: Db, tenant: Tenant) =>
  new Map((await peopleRepository(db, tenant).listLogins()).map((p) => [p.authUserId!, { email: p.email, name: `${p.firstName} ${p.lastName}` }]));

/** How many active people the current organisation has. */
export const countActivePeople = (db: Db, tenant: Tenant) => peopleRepository(db, tenant).countActive();

/** The caller's own person, wherever their session currently acts. */
export const findCallerPerson = (db: Db, tenant: Tenant) => peopleRepository(db, tenant).findCaller();

/** Renames the caller's own person; answers the updated row. */
export const renameCallerPerson = (db: Db, tenant: Tenant, names: { firstName: string; lastName: string }) =>
  peopleRepository(db, tenant).updateCallerNames(names);
