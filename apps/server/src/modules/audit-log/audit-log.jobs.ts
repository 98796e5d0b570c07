import { z } from 'zod';
import { defineJob } from '../../lib/jobs.ts';
import { pruneAuditLog } from './audit-log.repository.ts';

const dayMs = 24 * 60 * 60 * 1000;

/** Daily: audit entries older than the retention period are deleted. Running it twice deletes nothing more. */
export const createPruneAuditLogJob = (retentionDays: number) =>
  defineJob({
    name: 'audit-log.prune',
    payload: z.object({ retentionDays: z.int().min(1) }),
    schedule: { cron: '17 3 * * *', payload: { retentionDays } },
    handler: async ({ retentionDays: days }, { db, log }) => {
      const deleted = await pruneAuditLog(db, new Date(Date.now() - days * dayMs));
      log.info({ deleted, retentionDays: days }, 'pruned audit log');
    },
  });
