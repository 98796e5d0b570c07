import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    globalSetup: ['./start-product.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Most polls wait on the network and a busy product (CI has two cores, shared with the browser):
    // give every expect.poll 15 s unless it says otherwise, not vitest's default of 1 s.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // One product, one browser: files run one after another.
    fileParallelism: false,
    // Tests a file marks concurrent (roles.spec.ts) run at most three at a time.
    maxConcurrency: 3,
  },
});
