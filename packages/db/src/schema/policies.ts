import { sql } from 'drizzle-orm';
import { check, customType, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { people } from './people.ts';
import { tenantOwnerColumn } from './tenant-owner.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A policy document people must read and acknowledge (an acceptable use policy, say). Who must:
 * the contract's audience, resolved when asked (`organization`: everyone active), so a new hire is
 * asked without anyone re-publishing. An archived policy is asked of no one any more; its versions
 * and acknowledgements stay as evidence.
 */
export const policies = pgTable(
  'policies',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    title: text().notNull(),
    description: text().notNull().default(''),
    /** The contract's audience: { kind, ids? }. */
    audience: jsonb().$type<{ kind: 'organization' | 'departments' | 'manager' | 'people'; ids?: string[] }>().notNull(),
    createdByPersonId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('policies_org_created_idx').on(t.organizationId, t.createdAt, t.id)],
);

export const policyFormatEnum = pgEnum('policy_format', ['markdown', 'pdf']);

/**
 * One published text of a policy. Versions are never changed: a correction is a new version, which
 * asks everyone again. The document lives in the row (Markdown text or PDF bytes), so every server
 * of a deployment serves it; `sha256` is of those bytes, for an auditor to match a copy.
 */
export const policyVersions = pgTable(
  'policy_versions',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    policyId: uuid()
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    /** 1, 2, 3 … within the policy; the highest is the current one. */
    version: integer().notNull(),
    format: policyFormatEnum().notNull(),
    markdown: text(),
    pdf: bytea(),
    byteSize: integer().notNull(),
    sha256: text().notNull(),
    changeNote: text().notNull().default(''),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    publishedByPersonId: uuid(),
  },
  (t) => [
    uniqueIndex('policy_versions_policy_version_idx').on(t.policyId, t.version),
    check('policy_versions_one_body', sql`(${t.format} = 'markdown' and ${t.markdown} is not null and ${t.pdf} is null) or (${t.format} = 'pdf' and ${t.pdf} is not null and ${t.markdown} is null)`),
  ],
);

/** A person's "I have read and understood" of one version; at most one per person and version. */
export const policyAcknowledgements = pgTable(
  'policy_acknowledgements',
  {
    organizationId: tenantOwnerColumn(),
    policyId: uuid()
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    versionId: uuid()
      .notNull()
      .references(() => policyVersions.id, { onDelete: 'cascade' }),
    personId: uuid()
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    acknowledgedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.versionId, t.personId] }),
    // The learner's list: what one person has acknowledged.
    index('policy_acknowledgements_person_idx').on(t.organizationId, t.personId),
  ],
);

export type PolicyRow = typeof policies.$inferSelect;
export type NewPolicyRow = typeof policies.$inferInsert;
export type PolicyVersionRow = typeof policyVersions.$inferSelect;
export type NewPolicyVersionRow = typeof policyVersions.$inferInsert;
export type PolicyAcknowledgementRow = typeof policyAcknowledgements.$inferSelect;
