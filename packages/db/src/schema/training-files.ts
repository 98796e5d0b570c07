import { bigint, customType, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { trainingModules } from './training.ts';
import { tenantOwnerColumn } from './tenant-owner.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** How many bytes one row of training_file_chunks holds (the last chunk of a file may hold fewer). */
export const trainingFileChunkBytes = 1024 * 1024;

/**
 * A file of an organisation's own training module: its video and captions, or one file of its SCORM
 * package (`path` relative to the package root, normalised and checked at upload). Kept in the
 * database so every server of a deployment serves it; the bytes are in training_file_chunks.
 */
export const trainingFiles = pgTable(
  'training_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    moduleId: uuid()
      .notNull()
      .references(() => trainingModules.id, { onDelete: 'cascade' }),
    path: text().notNull(),
    contentType: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.moduleId, t.path)],
);

/** A file's bytes in chunks of trainingFileChunkBytes, so a range request reads only the chunks it covers. */
export const trainingFileChunks = pgTable(
  'training_file_chunks',
  {
    fileId: uuid()
      .notNull()
      .references(() => trainingFiles.id, { onDelete: 'cascade' }),
    index: integer().notNull(),
    data: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.index] })],
);

export type TrainingFileRow = typeof trainingFiles.$inferSelect;
