import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'auth-provider',
    include: ['src/**/*.test.ts'],
    hookTimeout: 60_000,
    testTimeout: 30_000,
    pool: 'forks',
    // The PostgreSQL pass gives each worker its own database (two files run at once).
    setupFiles: ['../../scripts/vitest-worker-database.ts'],
    env: { TEST_DATABASE_PROJECT: 'auth-provider' },
  },
});
