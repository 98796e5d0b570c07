import type { PolicyAcknowledgementRow, PolicySummary, PolicyVersion } from '@vigil/contracts';
import type { PolicyRow } from '@vigil/db';
import type { PolicyVersionFacts } from './policies.repository.ts';

export const presentVersion = (version: PolicyVersionFacts): PolicyVersion => ({
  id: version.id,
  version: version.version,
  format: version.format,
  byteSize: version.byteSize,
  sha256: version.sha256,
  changeNote: version.changeNote,
  publishedAt: version.publishedAt.toISOString(),
  publishedBy: version.publishedByFirstName === null ? null : `${version.publishedByFirstName} ${version.publishedByLastName ?? ''}`.trim(),
});

export const presentPolicy = (row: PolicyRow, current: PolicyVersionFacts | null, counts: { required: number; acknowledged: number }): PolicySummary => ({
  id: row.id,
  title: row.title,
  description: row.description,
  audience: row.audience,
  archived: row.archivedAt !== null,
  createdAt: row.createdAt.toISOString(),
  currentVersion: current ? presentVersion(current) : null,
  acknowledged: counts.acknowledged,
  required: counts.required,
});

export const presentAcknowledgementRow = (row: {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  department: string | null;
  acknowledgedAt: Date | null;
  previousVersion: number | null;
}): PolicyAcknowledgementRow => ({
  personId: row.id,
  name: `${row.firstName} ${row.lastName}`,
  email: row.email,
  department: row.department,
  status: row.acknowledgedAt ? 'acknowledged' : 'pending',
  acknowledgedAt: row.acknowledgedAt ? row.acknowledgedAt.toISOString() : null,
  previousVersion: row.previousVersion === null ? null : Number(row.previousVersion),
});
