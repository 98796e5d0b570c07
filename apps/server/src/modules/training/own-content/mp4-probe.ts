import { open } from 'node:fs/promises';
import { fieldError } from '../../../lib/app-error.ts';

// An uploaded video is checked as MP4 by its boxes, not by its name or declared type: an `ftyp` box
// first, and a movie header (`mvhd`, inside `moov`, at the start or the end of the file) whose
// duration the player needs for its progress and its no-skip-ahead rule.

const notMp4 = (problem: string) => fieldError('VALIDATION_FAILED', 'body', problem);

type Box = { type: string; start: number; headerSize: number; size: number };

/**
 * The duration of the MP4 file at `path`, in seconds, read from its movie header.
 * @throws AppError VALIDATION_FAILED (field `body`) when the file is not an MP4 with a movie header.
 */
export const probeMp4 = async (path: string): Promise<{ durationSeconds: number }> => {
  const file = await open(path, 'r');
  try {
    const { size: fileSize } = await file.stat();
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    const boxAt = async (position: number, end: number): Promise<Box | undefined> => {
      if (position + 8 > end) return undefined;
      const header = await read(position, 16);
      let size = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      let headerSize = 8;
      if (size === 1) {
        if (header.length < 16) return undefined;
        size = Number(header.readBigUInt64BE(8));
        headerSize = 16;
      } else if (size === 0) {
        size = end - position;
      }
      if (size < headerSize || position + size > end) return undefined;
      return { type, start: position, headerSize, size };
    };
    const children = async function* (start: number, end: number) {
      for (let position = start; position < end; ) {
        const box = await boxAt(position, end);
        if (!box) return;
        yield box;
        position += box.size;
      }
    };

    const first = await boxAt(0, fileSize);
    if (first?.type !== 'ftyp') throw notMp4('is not an MP4 video (it does not start with an ftyp box)');
    for await (const box of children(0, fileSize)) {
      if (box.type !== 'moov') continue;
      for await (const child of children(box.start + box.headerSize, box.start + box.size)) {
        if (child.type !== 'mvhd') continue;
        const header = await read(child.start + child.headerSize, 32);
        const version = header[0];
        const timescale = version === 1 ? header.readUInt32BE(20) : header.readUInt32BE(12);
        const duration = version === 1 ? Number(header.readBigUInt64BE(24)) : header.readUInt32BE(16);
        if (!timescale || !Number.isFinite(duration) || duration <= 0) throw notMp4('is an MP4 with no length in its movie header');
        return { durationSeconds: Math.round((duration / timescale) * 1000) / 1000 };
      }
    }
    throw notMp4('is not a playable MP4 video (it has no movie header, moov/mvhd)');
  } finally {
    await file.close();
  }
};
