import { uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';

/** The `organization_id` every tenant-owned row carries; the rows go when their organisation does. */
export const tenantOwnerColumn = () =>
  uuid()
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });
