import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Each file owns one database (PGlite in memory, several seconds to start): time for hooks.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    pool: 'forks',
    globalSetup: ['./src/test/pglite-template.global.ts'],
  },
});
