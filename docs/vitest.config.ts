import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'docs', root: import.meta.dirname, include: ['*.test.ts'] },
});
