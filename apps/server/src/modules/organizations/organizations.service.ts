import type { Db } from '@vigil/db';
import type { Tenant } from '../../lib/tenant.ts';
import { organizationsRepository } from './organizations.repository.ts';

/** The organisation the caller's session currently acts in. */
export const findCurrentOrganization = (db: Db, tenant: Tenant) => organizationsRepository(db, tenant).findCurrent();
