// A cell starting with = + - @ (or a tab/CR) would run as a formula when the file is opened in a spreadsheet.
const formulaStart = /^[=+\-@\t\r]/;

/** Makes a CSV cell safe to open in a spreadsheet: a leading apostrophe keeps it text. */
export const neutraliseCsvCell = (value: string) => (formulaStart.test(value) ? `'${value}` : value);

/** Undoes neutraliseCsvCell, so a file we exported imports back as it was. */
export const restoreCsvCell = (value: string) => (value.startsWith("'") && formulaStart.test(value.slice(1)) ? value.slice(1) : value);
