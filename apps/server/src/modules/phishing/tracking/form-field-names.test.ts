import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readFilledFieldNames } from './form-field-names.ts';

const read = (...chunks: string[]) => readFilledFieldNames(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), 1024);

describe('reading a landing page form', () => {
  it('keeps the names of filled fields only, sorted', async () => {
    expect(await read('password=s3cret&email=a%40b.example&remember=&note=+%20+')).toEqual(['email', 'password']);
  });

  it('reads names and values split across chunks', async () => {
    expect(await read('pass', 'word=x', 'y&em', 'ail', '=%', '41')).toEqual(['email', 'password']);
  });

  it('zeroes each chunk once read, so the typed value does not linger', async () => {
    const chunk = Buffer.from('password=hunter2-typed');
    await readFilledFieldNames(Readable.from([chunk]), 1024);
    expect(chunk.every((byte) => byte === 0)).toBe(true);
  });

  it('ignores unreadable or odd names, and refuses a body over the limit', async () => {
    expect(await read('%E0%A4%A=1&ok=1&<script>=1')).toEqual(['ok']);
    await expect(readFilledFieldNames(Readable.from([Buffer.alloc(2048, 0x61)]), 1024)).rejects.toMatchObject({ statusCode: 413 });
  });
});
