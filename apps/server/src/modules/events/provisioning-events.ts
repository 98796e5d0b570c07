import type { ProvisioningEventType, ProvisioningSource } from '@vigil/contracts';
import type { Db, Tx } from '@vigil/db';
import type { OrgScope } from '../../lib/scope.ts';
import { appendEvents } from './events.repository.ts';

export type ProvisioningChange = {
  type: ProvisioningEventType;
  personId: string;
  /** The attributes that changed (names only: the values stay in the people table). */
  fields?: readonly string[];
};

/**
 * Records what a directory changed, in the transaction that changed it, so the log never tells of
 * a change that rolled back. One call per batch: a sync of 1,000 people is one insert.
 */
export const appendProvisioningEvents = async (db: Db | Tx, scope: OrgScope, source: ProvisioningSource, changes: readonly ProvisioningChange[], occurredAt = new Date()) => {
  if (!changes.length) return;
  await appendEvents(
    db,
    changes.map((change) => ({
      organizationId: scope.organizationId,
      personId: change.personId,
      type: change.type,
      occurredAt,
      data: { source, ...(change.fields?.length ? { fields: [...change.fields] } : {}) },
    })),
  );
};

/** What a directory may set on a person, by attribute name: the fields a `person_updated` event names. */
const directoryFields = ['email', 'firstName', 'lastName', 'jobTitle', 'phone', 'timeZone', 'preferredLanguage', 'employeeNumber', 'departmentId', 'managerId', 'externalId'] as const;

type PersonState = { id: string; isActive: boolean } & Partial<Record<(typeof directoryFields)[number], unknown>>;

/**
 * The event a directory's write of one person amounts to: created, (re)activated, deactivated, or
 * updated with the attributes that changed; nothing when the write changed nothing a reader cares about.
 */
export const provisioningChangeOf = (before: PersonState | undefined, after: PersonState): ProvisioningChange | undefined => {
  if (!before) return { type: 'person_provisioned', personId: after.id };
  if (before.isActive && !after.isActive) return { type: 'person_deprovisioned', personId: after.id };
  if (!before.isActive && after.isActive) return { type: 'person_reactivated', personId: after.id };
  const fields = directoryFields.filter((field) => (before[field] ?? null) !== (after[field] ?? null));
  return fields.length ? { type: 'person_updated', personId: after.id, fields } : undefined;
};
