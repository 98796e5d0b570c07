import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Each file owns one database (PGlite in memory, several seconds to start): time for hooks.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    pool: 'forks',
    // The PostgreSQL pass gives each worker its own database (two files run at once).
    setupFiles: ['../../scripts/vitest-worker-database.ts'],
    env: { TEST_DATABASE_PROJECT: 'server' },
    globalSetup: ['./src/test/pglite-template.global.ts'],
  },
});
