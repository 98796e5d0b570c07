import { readFileSync } from 'node:fs';

/** Names the dumped, migrated PGlite data directory the server tests start from (see pglite-template.global.ts). */
export const pgliteTemplateVariable = 'VIGIL_TEST_PGLITE_TEMPLATE';

let template: Blob | undefined;

/** The migrated database to load, read once per worker; undefined outside the server project's run. */
export const migratedPgliteTemplate = (): Blob | undefined => {
  const file = process.env[pgliteTemplateVariable];
  if (!file) return undefined;
  template ??= new Blob([readFileSync(file)]);
  return template;
};
