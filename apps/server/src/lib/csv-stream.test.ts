import { text } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvStream } from './csv-stream.ts';

async function* rowsOf(rows: string[][]) {
  for (const row of rows) yield row;
}

describe('csvStream', () => {
  it('writes a header and every row, quoted per RFC 4180, with formula cells neutralised', async () => {
    const file = await text(csvStream(['name', 'note'], rowsOf([['Ada, Countess', 'says "hi"'], ['=HYPERLINK("x")', 'line\nbreak'], ['+1', '@sum']])));
    expect(parse(file)).toEqual([
      ['name', 'note'],
      ['Ada, Countess', 'says "hi"'],
      ["'=HYPERLINK(\"x\")", 'line\nbreak'],
      ["'+1", "'@sum"],
    ]);
  });

  it('streams many rows without holding them (pulls as it is read)', async () => {
    let produced = 0;
    async function* many() {
      for (let index = 0; index < 20_000; index += 1) {
        produced += 1;
        yield [String(index), 'x'.repeat(50)];
      }
    }
    const stream = csvStream(['n', 'pad'], many());
    // Nothing is read yet: the generator has run at most a buffer's worth ahead.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(produced).toBeLessThan(20_000);
    const lines = (await text(stream)).trimEnd().split('\n');
    expect(lines).toHaveLength(20_001);
    expect(lines.at(-1)).toBe(`19999,${'x'.repeat(50)}`);
  });

  it('ends the file with an error when reading the rows fails, rather than a short file that looks whole', async () => {
    async function* failing() {
      yield ['1'];
      throw new Error('the database went away');
    }
    await expect(text(csvStream(['n'], failing()))).rejects.toThrow('the database went away');
  });
});
