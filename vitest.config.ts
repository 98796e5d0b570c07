import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/auth-provider', 'apps/server', 'apps/web', 'docs', 'e2e'],
  },
});
