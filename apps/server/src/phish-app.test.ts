import { describe, expect, it } from 'vitest';
import { useTestPhishApp } from './test/test-phish-app.ts';
import { buildTrackedRecipient } from './test/tracking-factories.ts';

describe('the phishing listener over plain http', () => {
  const t = useTestPhishApp();

  it('serves its pages with a CSP that runs no script, posts only to itself and is never framed; no referrer, no store, no HSTS', async () => {
    const { token } = await buildTrackedRecipient(t.db, t.secrets);
    const response = await t.app.inject({ method: 'GET', url: `/l/${token}`, headers: { 'user-agent': 'Mozilla/5.0 Firefox/128.0' }, remoteAddress: '192.0.2.10' });
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("img-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    // No page of the listener uses a browser feature: it denies all the admin app denies, and what the admin app keeps.
    const policy = String(response.headers['permissions-policy']);
    for (const feature of ['bluetooth', 'camera', 'usb', 'clipboard-read', 'clipboard-write', 'fullscreen', 'publickey-credentials-get']) expect(policy).toContain(`${feature}=()`);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['x-request-id']).toBeDefined();
  });

  it('tells every robot to stay away', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('User-agent: *\nDisallow: /\n');
  });

  it('serves nothing of the admin app: no API, no sign-in, no web app', async () => {
    for (const url of ['/api/personal_user_data/', '/v1/auth/password/signin', '/', '/readyz', '/api/openapi.json']) {
      const response = await t.app.inject({ method: 'GET', url, remoteAddress: '192.0.2.11' });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
    }
  });
});

describe('the phishing listener over https', () => {
  const t = useTestPhishApp({ PHISH_PUBLIC_URL: 'https://phish.example' });

  it('sends HSTS and upgrades insecure requests', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});
