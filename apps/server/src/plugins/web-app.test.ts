import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';

const distDir = mkdtempSync(join(tmpdir(), 'vigil-web-dist-'));
mkdirSync(join(distDir, 'assets'));
writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Vigil</title><div id="root"></div>');
writeFileSync(join(distDir, 'assets', 'main-abc123.js'), 'console.log("app")');

const t = useTestApp({ WEB_DIST_DIR: distDir });

describe('the web app on the API port', () => {
  it.each(['/login/', '/insights/organization/', '/any/unknown/page/'])('answers %s with the app shell', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends a path without its trailing slash to the slashed one, keeping the query', async () => {
    const response = await t.app.inject({ url: '/login?next=%2Fcampaigns%2F' });
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe('/login/?next=%2Fcampaigns%2F');
  });

  it('serves hashed assets cached for a year', async () => {
    const response = await t.app.inject({ url: '/assets/main-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/api/nothing-here/', '/api/nothing-here', '/v1/auth/unknown', '/assets/missing.js'])(
    'answers an unknown %s with 404 in the error shape, not the app',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.stringContaining('No route') } });
    },
  );

  it('answers an unknown API method with 404 in the error shape', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/personal_user_data/' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});
