/**
 * Hands a file to the browser's own download, as following a link to it would: the browser saves
 * it under `fileName` (or asks where, as the person has set it up).
 */
export const saveFile = (file: Blob, fileName: string) => {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};

/** A cell as a spreadsheet reads it safely: quoted when needed, and never taken for a formula. */
const csvCell = (value: string | number) => {
  const text = typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The numbers behind a chart or table as a CSV file the browser saves. */
export const saveCsv = (fileName: string, header: readonly string[], rows: readonly (readonly (string | number)[])[]) =>
  saveFile(new Blob([[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\n') + '\n'], { type: 'text/csv' }), fileName);
