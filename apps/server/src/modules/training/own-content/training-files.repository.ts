import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, between, eq } from 'drizzle-orm';
import { type Db, type Tx, trainingFileChunkBytes, trainingFileChunks, trainingFiles } from '@vigil/db';

/** A stored file as the serving routes need it (no bytes). */
export type StoredFile = Readonly<{ id: string; path: string; contentType: string; size: number; sha256: string; createdAt: Date }>;

const fileColumns = {
  id: trainingFiles.id,
  path: trainingFiles.path,
  contentType: trainingFiles.contentType,
  size: trainingFiles.size,
  sha256: trainingFiles.sha256,
  createdAt: trainingFiles.createdAt,
};

/**
 * Stores one file of an own module from a stream, in chunks of trainingFileChunkBytes, replacing a
 * file of the same path (captions uploaded again). Only one chunk is in memory at a time.
 */
export const storeTrainingFile = async (
  tx: Tx,
  file: { organizationId: string; moduleId: string; path: string; contentType: string },
  source: AsyncIterable<Buffer | Uint8Array>,
): Promise<StoredFile> => {
  await tx.delete(trainingFiles).where(and(eq(trainingFiles.moduleId, file.moduleId), eq(trainingFiles.path, file.path)));
  const id = randomUUID();
  await tx.insert(trainingFiles).values({ id, ...file, size: 0, sha256: '' });
  const hash = createHash('sha256');
  let size = 0;
  let index = 0;
  let pending: Buffer[] = [];
  let pendingLength = 0;
  const flush = async (all: boolean) => {
    while (pendingLength >= trainingFileChunkBytes || (all && pendingLength > 0)) {
      const joined = Buffer.concat(pending);
      const data = joined.subarray(0, trainingFileChunkBytes);
      const rest = joined.subarray(data.length);
      await tx.insert(trainingFileChunks).values({ fileId: id, index, data: Buffer.from(data) });
      index += 1;
      pending = rest.length ? [rest] : [];
      pendingLength = rest.length;
    }
  };
  for await (const piece of source) {
    const buffer = Buffer.isBuffer(piece) ? piece : Buffer.from(piece);
    hash.update(buffer);
    size += buffer.length;
    pending.push(buffer);
    pendingLength += buffer.length;
    if (pendingLength >= trainingFileChunkBytes) await flush(false);
  }
  await flush(true);
  const sha256 = hash.digest('hex');
  const [stored] = await tx.update(trainingFiles).set({ size, sha256 }).where(eq(trainingFiles.id, id)).returning(fileColumns);
  return stored!;
};

/**
 * One file of a module, for the public serving routes: their signed address is the authorisation
 * (given out only to those who may see the module), so this read is not scoped to an organisation.
 */
export const findTrainingFile = async (db: Db | Tx, moduleId: string, path: string): Promise<StoredFile | undefined> =>
  (await db.select(fileColumns).from(trainingFiles).where(and(eq(trainingFiles.moduleId, moduleId), eq(trainingFiles.path, path))).limit(1))[0];

/** The paths of a module's files (the admin's preview says which caption languages it has). */
export const listTrainingFilePaths = async (db: Db | Tx, moduleId: string) =>
  (await db.select({ path: trainingFiles.path }).from(trainingFiles).where(eq(trainingFiles.moduleId, moduleId))).map((row) => row.path);

/** Bytes `start` to `end` (inclusive) of a stored file, read a chunk at a time: only the chunks the range covers. */
export const readTrainingFileRange = (db: Db, file: StoredFile, start: number, end: number): Readable => {
  const first = Math.floor(start / trainingFileChunkBytes);
  const last = Math.floor(end / trainingFileChunkBytes);
  return Readable.from(
    (async function* () {
      // A few chunks per query: fewer round trips, and never more than 4 MiB in memory.
      for (let from = first; from <= last; from += 4) {
        const to = Math.min(last, from + 3);
        const rows = await db
          .select({ index: trainingFileChunks.index, data: trainingFileChunks.data })
          .from(trainingFileChunks)
          .where(and(eq(trainingFileChunks.fileId, file.id), between(trainingFileChunks.index, from, to)))
          .orderBy(asc(trainingFileChunks.index));
        for (const row of rows) {
          const offset = row.index * trainingFileChunkBytes;
          const sliceStart = Math.max(0, start - offset);
          const sliceEnd = Math.min(row.data.length, end - offset + 1);
          yield row.data.subarray(sliceStart, sliceEnd);
        }
      }
    })(),
  );
};
