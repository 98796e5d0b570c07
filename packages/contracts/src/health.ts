import { z } from 'zod';

export const livenessSchema = z.object({ status: z.literal('ok') });

export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['pglite', 'postgres']),
  migrations: z.object({ applied: z.int(), expected: z.int() }),
  problem: z.string().optional(),
});
export type Readiness = z.infer<typeof readinessSchema>;
