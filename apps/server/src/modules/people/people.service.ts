import type { Db } from '@vigil/db';
import type { Tenant } from '../../lib/tenant.ts';
import { peopleRepository } from './people.repository.ts';

/** The current organisation's people who can sign in, keyed by provider user id. */
export const mapLoginsOfOrganization = async (db: Db, tenant: Tenant) =>
  new Map((await peopleRepository(db, tenant).listLogins()).map((p) => [p.authUserId!, { email: p.email, name: `${p.firstName} ${p.lastName}` }]));
