import type { Db } from '@vigil/db';
import { resolveTenant } from '../lib/tenant-resolver.ts';

/** The tenancy scope a person gets at home, for reading back what a route wrote. */
export const resolveTenantFor = (db: Db, person: { authUserId: string | null }) =>
  resolveTenant(db, { sub: person.authUserId! });
