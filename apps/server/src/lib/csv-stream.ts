import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { neutraliseCsvCell } from './csv-cell.ts';

/**
 * A CSV file written as its rows arrive (RFC 4180 quoting, a header row, formula cells neutralised),
 * pulled at the pace the client reads: a 100,000-row export never sits in memory.
 */
export const csvStream = (columns: readonly string[], rows: AsyncIterable<readonly string[]>): Readable => {
  const cells = Readable.from(
    (async function* () {
      for await (const row of rows) yield row.map(neutraliseCsvCell);
    })(),
  );
  const file = stringify({ header: true, columns: [...columns] });
  // A failed read (the database went away mid-export) ends the download with an error, not a short file.
  cells.on('error', (error) => file.destroy(error));
  return cells.pipe(file);
};
