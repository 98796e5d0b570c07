import type { GoogleDirectoryChange, GoogleDirectoryConnection, GoogleDirectoryRun } from '@vigil/contracts';
import type { GoogleDirectoryChange as ChangeRow, GoogleDirectoryRun as RunRow, googleDirectoryConnections } from '@vigil/db';

/** The connection as admins see it: which service account and key, never the key itself. */
export const presentConnection = (row: typeof googleDirectoryConnections.$inferSelect): GoogleDirectoryConnection => ({
  hasKey: true,
  clientEmail: row.clientEmail,
  clientId: row.clientId,
  privateKeyId: row.privateKeyId,
  subject: row.subject,
  customer: row.customer,
  domain: row.domain,
  orgUnitPath: row.orgUnitPath,
  schedule: row.schedule,
  deactivateMissing: row.deactivateMissing,
  updatedAt: row.updatedAt.toISOString(),
});

export type RunProgress = { done: number; total: number; message: string | null };

export const presentRun = (row: RunRow, progress: RunProgress | undefined): GoogleDirectoryRun => ({
  id: row.id,
  dryRun: row.dryRun,
  trigger: row.trigger,
  state: row.state,
  counts: {
    usersSeen: row.usersSeen,
    created: row.created,
    updated: row.updated,
    deactivated: row.deactivated,
    reactivated: row.reactivated,
    unchanged: row.unchanged,
    skipped: row.skipped,
    enrolledIn2Sv: row.enrolledIn2Sv,
  },
  // Only a run under way has a bar to show.
  progress: progress && (row.state === 'queued' || row.state === 'running') ? progress : null,
  error: row.error,
  heldBack: row.deactivationsHeld !== null && row.deactivationLimit !== null ? { deactivations: row.deactivationsHeld, limit: row.deactivationLimit } : null,
  confirmedDeactivations: row.confirmedDeactivations,
  createdAt: row.createdAt.toISOString(),
  startedAt: row.startedAt?.toISOString() ?? null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

export const presentChange = (row: ChangeRow): GoogleDirectoryChange => ({
  personId: row.personId,
  googleUserId: row.googleUserId,
  email: row.email,
  kind: row.kind,
  fields: row.fields,
  reason: row.reason,
});
