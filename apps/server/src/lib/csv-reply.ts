import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** A CSV file as the OpenAPI document declares it: text, not JSON. */
export const csvFileSchema = z.string().describe('A CSV file (UTF-8): a header row, then one row per entry');

/**
 * The 200 answer of a route that lists as JSON, or as a CSV download with `format=csv`: both
 * content types in the OpenAPI document, each with its own schema.
 */
export const jsonOrCsvResponse = <T extends z.ZodType>(json: T) => ({
  description: 'JSON; with format=csv, a CSV download',
  content: { 'application/json': { schema: json }, 'text/csv': { schema: csvFileSchema } },
});

/**
 * Answers with a CSV download named `{name}-{today}.csv`. The body is the whole file, or a stream
 * of it for exports too large to hold.
 */
export const replyWithCsv = (reply: FastifyReply, name: string, csv: string | Readable) => {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .send(csv);
};
