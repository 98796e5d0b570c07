import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    globalSetup: ['./start-product.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One product, one browser: files run one after another.
    fileParallelism: false,
  },
});
