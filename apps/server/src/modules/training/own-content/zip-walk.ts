import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

const openZip = (path: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    // Names are decoded and judged here (yauzl's own check would refuse the whole file without naming
    // the entry); sizes are checked against the central directory while an entry is read.
    yauzl.open(path, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false }, (error, zip) => (error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip))),
  );

/** An entry's name as text: UTF-8 when the entry says so (bit 11), else as the bytes read in Latin-1. */
export const entryName = (entry: Entry) => {
  const raw: Buffer = entry.fileNameRaw ?? (entry.fileName as unknown as Buffer);
  return (entry.generalPurposeBitFlag & 0x800) !== 0 ? raw.toString('utf8') : raw.toString('latin1');
};

/** The entry's bytes, decompressed (its size checked against the central directory as they come). */
export type OpenEntry = () => Promise<Readable>;

/**
 * Calls `visit` for each entry of the zip at `path`, one after another (an entry's stream is read, or
 * dropped, before the next is opened). Throws what `visit` throws; the zip is closed either way.
 * @throws Error when the file is not a zip yauzl can read.
 */
export const walkZip = async (path: string, visit: (entry: Entry, name: string, open: OpenEntry) => Promise<void>): Promise<number> => {
  const zip = await openZip(path);
  try {
    return await new Promise<number>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve(zip.entryCount));
      zip.on('entry', (entry: Entry) => {
        const open: OpenEntry = () => new Promise((done, fail) => zip.openReadStream(entry, (error, stream) => (error || !stream ? fail(error ?? new Error('no stream')) : done(stream))));
        visit(entry, entryName(entry), open).then(() => zip.readEntry(), reject);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
};

/** The first `count` bytes of an entry (fewer when it is shorter); the rest is not decompressed. */
export const readHead = async (open: OpenEntry, count: number): Promise<Buffer> => {
  const stream = await open();
  const parts: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      parts.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= count) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(parts).subarray(0, count);
};

/** A whole entry, refused past `limit` bytes. */
export const readWhole = async (open: OpenEntry, limit: number): Promise<Buffer | undefined> => {
  const stream = await open();
  const parts: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      length += (chunk as Buffer).length;
      if (length > limit) return undefined;
      parts.push(chunk as Buffer);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(parts);
};
