import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtinMediaFolder } from '../library/builtin-lessons.ts';
import { probeMp4 } from './mp4-probe.ts';

const folder = mkdtempSync(join(tmpdir(), 'mp4-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const box = (type: string, body: Buffer) => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length + 8, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};
/** An mvhd of version 0: timescale and duration. */
const mvhd = (timescale: number, duration: number) => {
  const body = Buffer.alloc(100);
  body.writeUInt32BE(timescale, 12);
  body.writeUInt32BE(duration, 16);
  return box('mvhd', body);
};
const write = (name: string, bytes: Buffer) => {
  const path = join(folder, name);
  writeFileSync(path, bytes);
  return path;
};

describe('probeMp4', () => {
  it("reads a real lesson video's length", async () => {
    const { durationSeconds } = await probeMp4(join(builtinMediaFolder('passwords'), 'lesson.mp4'));
    expect(durationSeconds).toBeGreaterThan(60);
    expect(durationSeconds).toBeLessThan(600);
  });

  it('finds the movie header after the media data (moov at the end)', async () => {
    const file = Buffer.concat([box('ftyp', Buffer.from('isom\0\0\0\0isom')), box('mdat', Buffer.alloc(5000)), box('moov', mvhd(1000, 42_500))]);
    expect(await probeMp4(write('late.mp4', file))).toEqual({ durationSeconds: 42.5 });
  });

  it('refuses a file that does not start with ftyp, and an MP4 without a movie header', async () => {
    await expect(probeMp4(write('fake.mp4', Buffer.from('<html>not a video</html>')))).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('ftyp') });
    await expect(probeMp4(write('empty.mp4', box('ftyp', Buffer.from('isom\0\0\0\0'))))).rejects.toMatchObject({ message: expect.stringContaining('no movie header') });
  });
});
