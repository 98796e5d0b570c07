import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAuthManagement } from '@vigil/auth-provider';
import { storeCompanyLogo } from '../modules/company-logos/company-logos.service.ts';
import { buildOrganization, buildPerson } from '../test/factories.ts';
import { testProjectId, useTestApp } from '../test/test-app.ts';

const distDir = mkdtempSync(join(tmpdir(), 'vigil-web-dist-'));
writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Vigil</title><div id="root"></div>');

const powerfulFeatures = ['camera', 'microphone', 'geolocation', 'payment', 'usb'];

const expectPowerfulFeaturesDenied = (headers: Record<string, unknown>, url: string) => {
  const policy = String(headers['permissions-policy'] ?? '');
  for (const feature of powerfulFeatures) expect(policy, url).toContain(`${feature}=()`);
  // The admin app copies SCIM tokens, shows the docs full screen and will sign in with passkeys.
  for (const feature of ['clipboard-write', 'fullscreen', 'publickey-credentials-get']) expect(policy, url).not.toContain(feature);
};

describe('over plain http, with a remote provider', () => {
  const t = useTestApp({ WEB_DIST_DIR: distDir, PUBLIC_URL: 'http://vigil.test' });

  it('denies powerful features on every kind of answer, and sends no HSTS', async () => {
    const org = await buildOrganization(t.db);
    const logo = await storeCompanyLogo(t.db, {
      organizationId: org.id,
      slug: 'acme',
      content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'),
      contentType: 'image/svg+xml',
    });
    for (const url of ['/livez', '/api/client-config/', '/api/openapi.json', '/api/personal_user_data/', '/api/nothing-here/', `/cdn/company-logos/${logo}`, '/login/']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBeLessThan(500);
      expectPowerfulFeaturesDenied(response.headers, url);
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('tells browsers and proxies not to keep answers behind a session, JSON, CSV or refusal', async () => {
    const org = await buildOrganization(t.db);
    const admin = await buildPerson(t.db, org.id, { role: 'Admin' });
    await createAuthManagement(t.db).upsertUsers([{ userId: admin.authUserId!, email: admin.email, givenName: 'A', familyName: 'B', tenants: {} }]);
    const headers = await t.authAs(admin);
    const answers = [
      await t.app.inject({ url: '/api/personal_user_data/', headers }),
      await t.app.inject({ url: '/api/organization/login-logs/?format=csv', headers }),
      await t.app.inject({ url: '/api/organization/users/?format=csv', headers }),
      await t.app.inject({ url: '/api/personal_user_data/' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 401]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('leaves public documents cacheable: they hold nothing personal', async () => {
    for (const url of ['/api/client-config/', '/api/openapi.json']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control'], url).toBeUndefined();
    }
  });
});

describe('over https, with the embedded provider', () => {
  const t = useTestApp({ WEB_DIST_DIR: distDir, PUBLIC_URL: 'https://vigil.test' }, { embeddedAuth: true });

  it('sends HSTS and the permissions policy on every kind of answer, the provider included', async () => {
    for (const url of ['/livez', '/readyz', '/api/client-config/', '/login/', `/v2/keys/${testProjectId}`, '/v1/auth/me']) {
      const response = await t.app.inject({ url });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expectPowerfulFeaturesDenied(response.headers, url);
    }
  });

  it("does not let anyone keep the provider's answers: they carry tokens", async () => {
    const refused = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: {} });
    expect(refused.statusCode).toBe(401);
    const policy = await t.app.inject({ url: '/v1/auth/password/policy', headers: { authorization: `Bearer ${testProjectId}` } });
    expect(policy.statusCode).toBe(200);
    for (const answer of [refused, policy]) expect(answer.headers['cache-control']).toBe('no-store');
  });
});
