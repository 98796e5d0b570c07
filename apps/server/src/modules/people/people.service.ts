import type { Db } from '@vigil/db';
import type { Tenant } from '../../lib/tenant.ts';
import { peopleRepository } from './people.repository.ts';

/** The provider user ids of the current organisation's people. */
export const listLoginIdsOfOrganization = (db: Db, tenant: Tenant) => peopleRepository(db, tenant).listAuthUserIds();
