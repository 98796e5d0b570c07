import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

describe('health', () => {
  it('/livez answers without a session', async () => {
    const response = await t.app.inject({ url: '/livez' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it.each(['/readyz', '/healthz'])('%s reports the database answering and every migration applied', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ready');
    expect(body.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.migrations.applied).toBe(body.migrations.expected);
    expect(body.migrations.expected).toBeGreaterThan(0);
  });

  it('every answer carries a request id and security headers', async () => {
    const response = await t.app.inject({ url: '/livez', headers: { 'x-request-id': 'trace-me-123' } });
    expect(response.headers['x-request-id']).toBe('trace-me-123');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
