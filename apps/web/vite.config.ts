import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The API server owns these prefixes; in dev, Vite forwards them so the browser sees one origin
// (cookies and the auth provider's redirects work as in production, where the server serves dist/).
const apiTarget = 'http://localhost:3000';
const apiPrefixes = ['/api', '/v1', '/v2', '/cdn', '/training-media', '/livez', '/readyz', '/healthz'];

// Vite requires a default export here.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: Object.fromEntries(
      apiPrefixes.map((prefix) => [prefix, apiTarget]),
    ),
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Above Testing Library's 5 s wait (setup-tests.ts), so a slow lazy import fails as a wait, not a timeout.
    testTimeout: 15_000,
    // One jsdom per worker, reused across files: a fresh worker per file cost ~0.6 s each (about a
    // minute of the run). Files share no state that matters: each test renders its own providers and
    // query client, and setup-tests.ts cleans the DOM after each.
    isolate: false,
  },
});
